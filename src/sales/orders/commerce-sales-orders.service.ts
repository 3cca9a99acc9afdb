import { Injectable } from '@nestjs/common';
import { AccountsService, ContactsService } from '../../crm/crm.api';
import { Db } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { type Page } from '../../platform/http/list-query';
import { paginate } from '../../platform/http/paginate';
import { notFound } from '../../platform/http/problem';
import { respond } from '../../platform/http/resource';
import type { SelectQueryBuilder } from 'typeorm';
import {
  CommerceSalesOrderListQuery,
  CommerceSalesOrderResponse,
  CreateCommerceSalesOrderRequest,
  CreatedSalesOrderResponse,
} from './sales-order-commerce.dto';
import { SalesOrderLineResolver } from './sales-order-lines';
import { SalesOrderEntity, SalesOrderLineEntity } from './sales-order.entity';
import { addressOf, SalesOrdersService, toLineResponse } from './sales-orders.service';

const toCommerceResponse = (
  o: SalesOrderEntity,
  lines: SalesOrderLineEntity[],
): CommerceSalesOrderResponse => ({
  id: o.id,
  orderNumber: o.orderNumber,
  channel: o.channel,
  orderedAt: o.orderedAt.toISOString(),
  deliveryMethod: o.deliveryMethod,
  orderingStatus: o.orderingStatus,
  externalReference: o.externalReference,
  description: o.description,
  currency: o.currency,
  orderedById: o.orderedById,
  pickupLocationId: o.pickupLocationId,
  billingAddress: o.billingAddress,
  shippingAddress: o.shippingAddress,
  totals: {
    totalExclVat: Number(o.totalExclVat),
    totalVat: Number(o.totalVat),
    totalInclVat: Number(o.totalInclVat),
  },
  lines: lines
    .filter((l) => l.salesOrderId === o.id)
    .map((l) => {
      const { id: _id, unitPriceOverridden: _o, ...rest } = toLineResponse(l);
      return rest;
    }),
});

/**
 * The storefront's orders. A client login places orders for the contact linked to it and that
 * contact's primary account (whose prices apply), and sees only the orders it placed: another's is
 * a 404. Prices always come from the pricing engine.
 */
@Injectable()
export class CommerceSalesOrdersService {
  constructor(
    private readonly db: Db,
    private readonly orders: SalesOrdersService,
    private readonly resolver: SalesOrderLineResolver,
    private readonly contacts: ContactsService,
    private readonly accounts: AccountsService,
  ) {}

  async create(
    ctx: RequestContext,
    body: CreateCommerceSalesOrderRequest,
  ): Promise<CreatedSalesOrderResponse> {
    const client = ctx.actor.type === 'Client' ? ctx.actor.id : null;
    const customer = client ? await this.contacts.customerOfClientLogin(ctx, client) : null;
    const debtorId = customer?.accountId ?? null;
    const { code: currency, rate } = await this.orders.currency(ctx, body.currency);
    const account = debtorId ? await this.accounts.pricingAccount(ctx, { accountId: debtorId }) : null;
    // No lines: a request for a quotation, stored as a Draft with totals 0 (nothing to price).
    const lines = body.lines?.length
      ? await this.resolver.resolve(ctx, debtorId, body.lines, {
          commerce: true,
          catalogId: account?.productCatalogId,
          rate,
        })
      : [];
    return this.db.transaction(ctx, async (tx) => {
      await this.orders.assertReferences(tx, {
        debtorId: null,
        orderedById: null,
        pickupLocationId: body.pickupLocationId ?? null,
      });
      const { entity } = await this.orders.insertOrder(
        tx,
        {
          debtorId,
          orderedById: customer?.contactId ?? null,
          clientLoginId: client,
          orderedAt: new Date(),
          orderingStatus: 'Draft',
          deliveryMethod: body.deliveryMethod ?? null,
          channel: body.channel,
          description: body.description ?? null,
          tags: [],
          currency,
          pickupLocationId: body.pickupLocationId ?? null,
          billingAddress: addressOf(body.billingAddress),
          shippingAddress: addressOf(body.shippingAddress),
          externalReference: body.externalReference ?? null,
        },
        lines,
        'number',
      );
      return { id: entity.id, orderNumber: entity.orderNumber };
    });
  }

  async list(ctx: RequestContext, q: CommerceSalesOrderListQuery): Promise<Page<CommerceSalesOrderResponse>> {
    const qb = this.visible(ctx);
    if (q.ordered_by_ids?.length)
      qb.andWhere('o.ordered_by_id IN (:...orderedBy)', { orderedBy: q.ordered_by_ids });
    const page = await paginate(
      qb,
      { take: q.take, skip: q.skip, sortBy: q.sort_by, sortOrder: q.sort_order, query: q.q || undefined },
      {
        sort: { OrderNumber: 'o.order_sequence', OrderedAt: 'o.ordered_at' },
        search: ['o.order_number', 'o.external_reference'],
        match: 'prefix',
      },
    );
    const lines = await this.orders.linesOf(
      ctx,
      page.data.map((o) => o.id),
    );
    return { data: page.data.map((o) => toCommerceResponse(o, lines)), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<CommerceSalesOrderResponse> {
    return this.one(ctx, this.visible(ctx).andWhere('o.id = :id', { id }), id);
  }

  async getByOrderNumber(ctx: RequestContext, orderNumber: string): Promise<CommerceSalesOrderResponse> {
    return this.one(
      ctx,
      this.visible(ctx).andWhere('o.order_number = :orderNumber', { orderNumber }),
      orderNumber,
    );
  }

  private async one(
    ctx: RequestContext,
    qb: SelectQueryBuilder<SalesOrderEntity>,
    name: string,
  ): Promise<CommerceSalesOrderResponse> {
    const order = await qb.getOne();
    if (!order) throw notFound('Sales order', name);
    const lines = await this.orders.linesOf(ctx, [order.id]);
    return respond(order, (o) => toCommerceResponse(o, lines));
  }

  /** The orders the caller may see: a client login its own, a user every order of the workspace. */
  private visible(ctx: RequestContext): SelectQueryBuilder<SalesOrderEntity> {
    const qb = this.db.repo(ctx, SalesOrderEntity, 'Sales order').qb('o');
    if (ctx.actor.type === 'Client') qb.andWhere('o.client_login_id = :client', { client: ctx.actor.id });
    return qb;
  }
}
