import { Injectable } from '@nestjs/common';
import { AccountsService, ContactsService, type PricingAccount } from '../../crm/crm.api';
import { LocationsService } from '../../inventory/inventory.api';
import { Db, type Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { ListParams, Page } from '../../platform/http/list-query';
import { conflict } from '../../platform/http/problem';
import { collectFieldErrors } from '../../platform/http/field-errors';
import { respond } from '../../platform/http/resource';
import { OrderCurrency } from './order-currency';
import { addressOf, orderSnapshot, toSalesOrderResponse } from './sales-order-mappers';
import { insertNumberedOrder } from './sales-orders.queries';
import { assertTransition, stockEffect } from './ordering-status';
import { type ResolvedLine, SalesOrderLineResolver } from './sales-order-lines';
import type { OrderLineItemBody } from './sales-order-line.dto';
import { CreateSalesOrderRequest, SalesOrderResponse, UpdateSalesOrderRequest } from './sales-order.dto';
import {
  type OrderAddress,
  type OrderingStatus,
  SalesOrderEntity,
  SalesOrderLineEntity,
} from './sales-order.entity';
import { SalesOrderReadsService } from './sales-order-reads.service';
import { SalesOrderStock } from './sales-order-stock';

const label = 'Sales order';

/** The header of a new order, as the core or commerce create gives it. */
export interface NewOrder {
  debtorId: string | null;
  orderedById: string | null;
  clientLoginId: string | null;
  orderedAt: Date;
  orderingStatus: OrderingStatus;
  deliveryMethod: SalesOrderEntity['deliveryMethod'];
  channel: string | null;
  description: string | null;
  tags: string[];
  currency: string;
  pickupLocationId: string | null;
  billingAddress: OrderAddress | null;
  shippingAddress: OrderAddress | null;
  externalReference: string | null;
}

/**
 * Sales orders: create, place, update and delete, with numbers, totals, the status machine and its
 * stock effect. Every write is one transaction; a failed one leaves no order, consumes no number
 * and moves no stock. The door other contexts call: the storefront's reads of placed orders go
 * through here too (`SalesOrderReadsService` holds them; line changes are
 * `SalesOrderLineChangesService`).
 */
@Injectable()
export class SalesOrdersService {
  constructor(
    private readonly db: Db,
    private readonly resolver: SalesOrderLineResolver,
    private readonly reads: SalesOrderReadsService,
    private readonly stock: SalesOrderStock,
    private readonly currency: OrderCurrency,
    private readonly accounts: AccountsService,
    private readonly contacts: ContactsService,
    private readonly locations: LocationsService,
  ) {}

  /** See `SalesOrderReadsService.placedPage`. */
  placedPage(
    ctx: RequestContext,
    clientLoginId: string | null,
    q: ListParams<'OrderNumber' | 'OrderedAt'> & { orderedByIds?: string[] },
  ): Promise<Page<SalesOrderResponse>> {
    return this.reads.placedPage(ctx, clientLoginId, q);
  }

  /** See `SalesOrderReadsService.placedOne`. */
  placedOne(
    ctx: RequestContext,
    clientLoginId: string | null,
    key: { id: string } | { orderNumber: string },
  ): Promise<{ order: SalesOrderResponse; version: number }> {
    return this.reads.placedOne(ctx, clientLoginId, key);
  }

  async create(ctx: RequestContext, body: CreateSalesOrderRequest): Promise<SalesOrderResponse> {
    const { code: currency, rate } = await this.currency.of(ctx, body.currency);
    const lines = body.lines?.length
      ? await this.resolver.resolve(ctx, body.debtorId ? { accountId: body.debtorId } : null, body.lines, {
          commerce: false,
          rate,
        })
      : [];
    const now = new Date();
    const order: NewOrder = {
      debtorId: body.debtorId ?? null,
      orderedById: body.orderedById ?? null,
      clientLoginId: null,
      orderedAt: body.orderedAt ? new Date(body.orderedAt) : now,
      orderingStatus: body.orderingStatus ?? 'Draft',
      deliveryMethod: body.deliveryMethod ?? null,
      channel: body.channel ?? null,
      description: body.description ?? null,
      tags: body.tags ?? [],
      currency,
      pickupLocationId: body.pickupLocationId ?? null,
      billingAddress: addressOf(body.billingAddress),
      shippingAddress: addressOf(body.shippingAddress),
      externalReference: body.externalReference ?? null,
    };
    return this.db.transaction(ctx, async (tx) => {
      await this.assertReferences(tx, order);
      const { entity, lines: stored } = await this.insertOrder(tx, order, lines, 'full');
      return respond(entity, (o) => toSalesOrderResponse(o, stored));
    });
  }

  /**
   * A storefront order, in one call: its currency, its lines priced for the shopper's account
   * (already resolved, so neither it nor the products are read twice) from the storefront's
   * assortment, then the order in one transaction. The debtor and the orderer are the shopper's
   * (read in this request); only the pickup location is checked. Answers the id and number.
   */
  async place(
    ctx: RequestContext,
    order: Omit<NewOrder, 'currency'>,
    request: { currency?: string; lines?: OrderLineItemBody[]; account: PricingAccount | null },
  ): Promise<{ id: string; orderNumber: string }> {
    const { code: currency, rate } = await this.currency.of(ctx, request.currency);
    // No lines: a request for a quotation, stored as a Draft with totals 0 (nothing to price).
    const lines = request.lines?.length
      ? await this.resolver.resolve(ctx, request.account, request.lines, { commerce: true, rate })
      : [];
    return this.db.transaction(ctx, async (tx) => {
      await this.assertReferences(tx, {
        debtorId: null,
        orderedById: null,
        pickupLocationId: order.pickupLocationId,
      });
      const { entity } = await this.insertOrder(tx, { ...order, currency }, lines, 'number');
      // The answer itself leaves the transaction: an idempotency claim stores it before COMMIT.
      return { id: entity.id, orderNumber: entity.orderNumber };
    });
  }

  /**
   * Inserts an order with its lines in `tx`: the stock effect of a Completed order, the Created
   * activity (and through it the webhook outbox), then one statement that writes the lines, the
   * order with its totals and the next order number, and completes the activity with them
   * (`insertNumberedOrder`): the counter row is locked from that statement to COMMIT only.
   * `answer: 'full'` reads the stored lines back for the answer; `'number'` (the storefront's
   * create) skips that.
   */
  async insertOrder(
    tx: Tx,
    order: NewOrder,
    lines: ResolvedLine[],
    answer: 'full' | 'number' = 'full',
  ): Promise<{ entity: SalesOrderEntity; lines: SalesOrderLineEntity[] }> {
    const now = new Date();
    const entity = tx.repo(SalesOrderEntity, label).create({
      ...order,
      statusModifiedAt: now,
      createdAt: now,
      modifiedAt: now,
      version: 1,
      totalExclVat: '0',
      totalVat: '0',
      totalInclVat: '0',
      stockLocationId: null,
    });
    if (stockEffect(null, order.orderingStatus) === 'take')
      entity.stockLocationId = await this.stock.move(tx, entity, lines, 'take');
    const snapshot = orderSnapshot(toSalesOrderResponse(entity, []));
    snapshot.lines = lines.map((l) => ({
      productId: l.productId,
      quantity: Number(l.quantity),
      unitPrice: Number(l.unitPrice),
    }));
    const [activity] = await tx.activities.created('SalesOrder', entity.id, snapshot);
    const final = await insertNumberedOrder(tx, entity, lines, activity.id);
    entity.orderNumber = final.orderNumber;
    entity.orderSequence = final.sequence;
    entity.totalExclVat = final.net;
    entity.totalVat = final.vat;
    entity.totalInclVat = final.gross;
    const stored = answer === 'full' && lines.length > 0 ? await this.reads.linesOf(tx, [entity.id]) : [];
    return { entity, lines: stored };
  }

  async update(ctx: RequestContext, id: string, body: UpdateSalesOrderRequest): Promise<SalesOrderResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(SalesOrderEntity, label);
      const entity = await repo.getForWrite(id);
      const lines = await this.reads.linesOf(tx, [id]);
      const before = toSalesOrderResponse(entity, lines);
      const status = body.orderingStatus ?? entity.orderingStatus;
      assertTransition(entity.orderingStatus, status);
      const patch = {
        debtorId: body.debtorId ?? null,
        orderedById: body.orderedById ?? null,
        deliveryMethod: body.deliveryMethod ?? null,
        channel: body.channel ?? null,
        description: body.description ?? null,
        tags: body.tags ?? [],
        pickupLocationId: body.pickupLocationId ?? null,
        billingAddress: addressOf(body.billingAddress),
        shippingAddress: addressOf(body.shippingAddress),
        externalReference: body.externalReference ?? null,
        orderedAt: body.orderedAt ? new Date(body.orderedAt) : entity.orderedAt,
      };
      await this.assertReferences(tx, patch);
      Object.assign(entity, patch);
      const effect = stockEffect(entity.orderingStatus, status);
      if (effect) {
        const resolved = lines.map((l) => ({ productId: l.productId, quantity: l.quantity }));
        const location = await this.stock.move(tx, entity, resolved, effect);
        if (effect === 'take') entity.stockLocationId = location;
      }
      if (status !== entity.orderingStatus) {
        entity.orderingStatus = status;
        entity.statusModifiedAt = new Date();
      }
      const saved = await repo.save(entity);
      const after = toSalesOrderResponse(saved, lines);
      await tx.activities.updated('SalesOrder', id, orderSnapshot(before), orderSnapshot(after));
      return respond(saved, () => after);
    });
  }

  /** Deletes a Draft or Canceled order (a Completed one holds stock: cancel it first, 409). */
  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(SalesOrderEntity, label);
      const entity = await repo.getForWrite(id);
      if (entity.orderingStatus === 'Completed')
        throw conflict('A Completed order cannot be deleted; cancel it first (which returns its stock).');
      const lines = await this.reads.linesOf(tx, [id]);
      await repo.remove(entity);
      await tx.activities.deleted('SalesOrder', id, orderSnapshot(toSalesOrderResponse(entity, lines)));
    });
  }

  /** Debtor, orderer and pickup location exist in the workspace (one 400 naming every bad field). */
  async assertReferences(
    tx: Tx,
    o: Pick<NewOrder, 'debtorId' | 'orderedById' | 'pickupLocationId'>,
  ): Promise<void> {
    await collectFieldErrors([
      () => this.accounts.assertReferences(tx, 'debtorId', o.debtorId),
      () => this.contacts.assertReferences(tx, 'orderedById', o.orderedById),
      async () => {
        if (o.pickupLocationId)
          await this.locations.assertLocation(tx, 'pickupLocationId', o.pickupLocationId, 'pickup');
      },
    ]);
  }
}
