import { Injectable } from '@nestjs/common';
import { AccountsService, ContactsService } from '../../crm/crm.api';
import { CurrenciesService } from '../../i18n/i18n.api';
import { WorkspacesService } from '../../identity/identity.api';
import { LocationsService, type StockMovement, StocksService } from '../../inventory/inventory.api';
import { Db, type Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, type ListParams, Page } from '../../platform/http/list-query';
import { filterByIds, paginate } from '../../platform/http/paginate';
import { conflict, notFound } from '../../platform/http/problem';
import { collectFieldErrors } from '../../platform/http/field-errors';
import { respond } from '../../platform/http/resource';
import { SalesSettingsService } from '../settings/sales-settings.service';
import { addDecimals } from './decimal-sum';
import { addressOf, orderSnapshot, toSalesOrderResponse } from './sales-order-mappers';
import { assignNumberAndTotals, type NumberAndTotals, sumLinesIntoTotals } from './sales-orders.queries';
import { assertTransition, stockEffect } from './ordering-status';
import { lineRows, type ResolvedLine, SalesOrderLineResolver } from './sales-order-lines';
import type { CreateSalesOrderLineRequest, OrderLineItemBody } from './sales-order-line.dto';
import type { PricingAccount } from '../../crm/crm.api';
import {
  CreateSalesOrderRequest,
  SalesOrderListQuery,
  SalesOrderResponse,
  UpdateSalesOrderRequest,
} from './sales-order.dto';
import {
  type OrderAddress,
  type OrderingStatus,
  SalesOrderEntity,
  SalesOrderLineEntity,
} from './sales-order.entity';

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
 * Sales orders: numbers, lines, totals, the status machine and its stock effect. Every write is
 * one transaction; a failed one leaves no order, consumes no number and moves no stock.
 */
@Injectable()
export class SalesOrdersService {
  constructor(
    private readonly db: Db,
    private readonly settings: SalesSettingsService,
    private readonly resolver: SalesOrderLineResolver,
    private readonly accounts: AccountsService,
    private readonly contacts: ContactsService,
    private readonly locations: LocationsService,
    private readonly stocks: StocksService,
    private readonly workspaces: WorkspacesService,
    private readonly currencies: CurrenciesService,
  ) {}

  async list(ctx: RequestContext, q: SalesOrderListQuery): Promise<Page<SalesOrderResponse>> {
    const qb = this.db.repo(ctx, SalesOrderEntity, label).qb('o');
    filterByIds(qb, q);
    if (q.debtor_ids?.length) qb.andWhere('o.debtor_id IN (:...debtors)', { debtors: q.debtor_ids });
    if (q.ordered_by_ids?.length)
      qb.andWhere('o.ordered_by_id IN (:...orderedBy)', { orderedBy: q.ordered_by_ids });
    if (q.ordering_statuses?.length)
      qb.andWhere('o.ordering_status IN (:...statuses)', { statuses: q.ordering_statuses });
    const page = await paginate(qb, listParams(q), {
      sort: { OrderNumber: 'o.order_sequence', OrderedAt: 'o.ordered_at' },
      search: ['o.order_number', 'o.external_reference', 'o.channel'],
      match: 'prefix',
    });
    const lines = await this.linesOf(
      ctx,
      page.data.map((o) => o.id),
    );
    return { data: page.data.map((o) => toSalesOrderResponse(o, lines)), total: page.total };
  }

  /**
   * For the storefront: a page of the orders `clientLoginId` placed (every order of the workspace
   * when null: a user), optionally of these orderers, searched by number or external reference.
   */
  async placedPage(
    ctx: RequestContext,
    clientLoginId: string | null,
    q: ListParams<'OrderNumber' | 'OrderedAt'> & { orderedByIds?: string[] },
  ): Promise<Page<SalesOrderResponse>> {
    const qb = this.placed(ctx, clientLoginId);
    if (q.orderedByIds?.length)
      qb.andWhere('o.ordered_by_id IN (:...orderedBy)', { orderedBy: q.orderedByIds });
    const page = await paginate(qb, q, {
      sort: { OrderNumber: 'o.order_sequence', OrderedAt: 'o.ordered_at' },
      search: ['o.order_number', 'o.external_reference'],
      match: 'prefix',
    });
    const lines = await this.linesOf(
      ctx,
      page.data.map((o) => o.id),
    );
    return { data: page.data.map((o) => toSalesOrderResponse(o, lines)), total: page.total };
  }

  /** For the storefront: one order `clientLoginId` placed (any when null), by id or number; else 404 naming it. */
  async placedOne(
    ctx: RequestContext,
    clientLoginId: string | null,
    key: { id: string } | { orderNumber: string },
  ): Promise<{ order: SalesOrderResponse; version: number }> {
    const qb = this.placed(ctx, clientLoginId);
    if ('id' in key) qb.andWhere('o.id = :id', { id: key.id });
    else qb.andWhere('o.order_number = :orderNumber', { orderNumber: key.orderNumber });
    const order = await qb.getOne();
    if (!order) throw notFound(label, 'id' in key ? key.id : key.orderNumber);
    const lines = await this.linesOf(ctx, [order.id]);
    return { order: toSalesOrderResponse(order, lines), version: order.version };
  }

  private placed(ctx: RequestContext, clientLoginId: string | null) {
    const qb = this.db.repo(ctx, SalesOrderEntity, label).qb('o');
    if (clientLoginId) qb.andWhere('o.client_login_id = :client', { client: clientLoginId });
    return qb;
  }

  async get(ctx: RequestContext, id: string): Promise<SalesOrderResponse> {
    const order = await this.db.repo(ctx, SalesOrderEntity, label).get(id);
    const lines = await this.linesOf(ctx, [id]);
    return respond(order, (o) => toSalesOrderResponse(o, lines));
  }

  /** Lines of these orders (outside a transaction, or in `tx`), in their order. */
  async linesOf(on: RequestContext | Tx, orderIds: string[]): Promise<SalesOrderLineEntity[]> {
    if (orderIds.length === 0) return [];
    const repo =
      'repo' in on ? on.repo(SalesOrderLineEntity, 'Line') : this.db.repo(on, SalesOrderLineEntity, 'Line');
    return repo
      .qb('l')
      .andWhere('l.sales_order_id IN (:...orderIds)', { orderIds })
      .orderBy('l.sales_order_id')
      .addOrderBy('l.position')
      .getMany();
  }

  async create(ctx: RequestContext, body: CreateSalesOrderRequest): Promise<SalesOrderResponse> {
    const { code: currency, rate } = await this.currency(ctx, body.currency);
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
    const { code: currency, rate } = await this.currency(ctx, request.currency);
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
   * Inserts an order with its lines in `tx`: the order, its lines and totals, the stock effect of a
   * Completed order, and only then the number (the counter row is locked from there to COMMIT,
   * so everything else happens before it), then the activity. `answer: 'full'` reads the stored
   * lines back for the answer; `'number'` (the storefront's create) skips that.
   */
  async insertOrder(
    tx: Tx,
    order: NewOrder,
    lines: ResolvedLine[],
    answer: 'full' | 'number' = 'full',
  ): Promise<{ entity: SalesOrderEntity; lines: SalesOrderLineEntity[] }> {
    const repo = tx.repo(SalesOrderEntity, label);
    const now = new Date();
    const entity = repo.create({
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
      entity.stockLocationId = await this.takeStock(tx, entity, lines, 'take');
    await repo.insertMany([entity]);
    await tx.repo(SalesOrderLineEntity, 'Line').insertMany(lineRows(entity.id, lines));
    const stored = answer === 'full' && lines.length > 0 ? await this.linesOf(tx, [entity.id]) : [];
    const final = await this.numberAndTotals(tx, entity.id);
    entity.orderNumber = final.orderNumber;
    entity.orderSequence = final.sequence;
    entity.totalExclVat = final.net;
    entity.totalVat = final.vat;
    entity.totalInclVat = final.gross;
    const snapshot = orderSnapshot(toSalesOrderResponse(entity, []));
    snapshot.lines = lines.map((l) => ({
      productId: l.productId,
      quantity: Number(l.quantity),
      unitPrice: Number(l.unitPrice),
    }));
    await tx.activities.created('SalesOrder', entity.id, snapshot);
    return { entity, lines: stored };
  }

  /**
   * Gives the new order its number and totals (`assignNumberAndTotals`); the workspace's counter
   * row is created on its first order.
   */
  private async numberAndTotals(tx: Tx, orderId: string): Promise<NumberAndTotals> {
    const assigned = await assignNumberAndTotals(tx, orderId);
    if (assigned) return assigned;
    await this.settings.ensureRow(tx);
    return (await assignNumberAndTotals(tx, orderId))!;
  }

  async update(ctx: RequestContext, id: string, body: UpdateSalesOrderRequest): Promise<SalesOrderResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(SalesOrderEntity, label);
      const entity = await repo.getForWrite(id);
      const lines = await this.linesOf(tx, [id]);
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
        const location = await this.takeStock(tx, entity, resolved, effect);
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
      const lines = await this.linesOf(tx, [id]);
      await repo.remove(entity);
      await tx.activities.deleted('SalesOrder', id, orderSnapshot(toSalesOrderResponse(entity, lines)));
    });
  }

  async addLine(
    ctx: RequestContext,
    id: string,
    body: CreateSalesOrderLineRequest,
  ): Promise<SalesOrderResponse> {
    const order = await this.db.repo(ctx, SalesOrderEntity, label).get(id);
    const { rate } = await this.currency(ctx, order.currency);
    const debtor = order.debtorId ? { accountId: order.debtorId } : null;
    const [line] = await this.resolver.resolve(ctx, debtor, [body], {
      commerce: false,
      rate,
      prefix: () => '',
    });
    return this.db.transaction(ctx, async (tx) => {
      const { entity, lines, before } = await this.lockDraft(tx, id);
      const position = lines.length ? Math.max(...lines.map((l) => l.position)) + 1 : 0;
      await tx.repo(SalesOrderLineEntity, 'Line').insertMany(lineRows(id, [line], position));
      return this.afterLineChange(tx, entity, before);
    });
  }

  async removeLine(ctx: RequestContext, id: string, lineId: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const { entity, lines, before } = await this.lockDraft(tx, id);
      if (!lines.some((l) => l.id === lineId)) throw notFound('Sales order line', lineId);
      await tx.repo(SalesOrderLineEntity, 'Line').delete({ id: lineId, salesOrderId: id });
      await this.afterLineChange(tx, entity, before);
    });
  }

  /** The order locked for a line change: 404 when missing, 409 unless it is a Draft. */
  private async lockDraft(tx: Tx, id: string) {
    const entity = await tx.repo(SalesOrderEntity, label).getForWrite(id);
    if (entity.orderingStatus !== 'Draft')
      throw conflict(`The lines of a ${entity.orderingStatus} order cannot change.`);
    const lines = await this.linesOf(tx, [id]);
    return { entity, lines, before: toSalesOrderResponse(entity, lines) };
  }

  private async afterLineChange(tx: Tx, entity: SalesOrderEntity, before: SalesOrderResponse) {
    await this.updateTotals(tx, entity, true);
    const saved = await tx.repo(SalesOrderEntity, label).get(entity.id);
    const lines = await this.linesOf(tx, [entity.id]);
    const after = toSalesOrderResponse(saved, lines);
    await tx.activities.updated('SalesOrder', entity.id, orderSnapshot(before), orderSnapshot(after));
    return respond(saved, () => after);
  }

  /** Sets the order's totals to the sums of its lines' generated amounts (one UPDATE). */
  async updateTotals(tx: Tx, entity: SalesOrderEntity, bumpVersion: boolean): Promise<void> {
    const totals = await sumLinesIntoTotals(tx, entity.id, bumpVersion);
    entity.totalExclVat = totals.net;
    entity.totalVat = totals.vat;
    entity.totalInclVat = totals.gross;
    entity.version = totals.version;
  }

  /**
   * Takes the order's lines from stock (or puts them back) at its location: the pickup location
   * of a Pickup order, else the workspace's default stock location; none configured, no stock is
   * kept and nothing moves. Returns the location used.
   */
  private async takeStock(
    tx: Tx,
    entity: SalesOrderEntity,
    lines: Array<{ productId: string; quantity: string }>,
    effect: 'take' | 'putBack',
  ): Promise<string | null> {
    const settings = await this.settings.read(tx);
    const location =
      effect === 'putBack'
        ? entity.stockLocationId
        : entity.deliveryMethod === 'Pickup' && entity.pickupLocationId
          ? entity.pickupLocationId
          : settings.defaultStockLocationId;
    if (!location || lines.length === 0) return location;
    const movements = new Map<string, StockMovement>();
    lines.forEach((l, i) => {
      const m = movements.get(l.productId);
      if (m) {
        m.lines.push(i);
        m.quantity = addDecimals(m.quantity, l.quantity);
      } else movements.set(l.productId, { productId: l.productId, quantity: l.quantity, lines: [i] });
    });
    await this.stocks.moveForOrder(
      tx,
      location,
      [...movements.values()],
      effect === 'take' ? -1 : 1,
      settings.allowBackorders,
    );
    return location;
  }

  /**
   * The order's currency and its rate: a currency the workspace supports (else a 400 naming
   * `currency`); omitted, the workspace's base currency (rate 1). The engine prices in the base
   * currency; lines are converted at the rate (units of the currency per unit of the base).
   */
  async currency(ctx: RequestContext, wanted: string | undefined): Promise<{ code: string; rate: string }> {
    const base = (await this.currencies.defaultCode(ctx)) ?? (await this.workspaces.currencyOf(ctx));
    if (wanted === undefined || wanted === base) return { code: base, rate: '1' };
    return { code: wanted, rate: await this.currencies.rateOf(ctx, wanted, 'currency') };
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
