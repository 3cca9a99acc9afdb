import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { type Page } from '../../platform/http/list-query';
import { conflict } from '../../platform/http/problem';
import { respond } from '../../platform/http/resource';
import {
  CommerceSalesOrderListQuery,
  CommerceSalesOrderResponse,
  CreateCommerceSalesOrderRequest,
  CreatedSalesOrderResponse,
} from './sales-order-commerce.dto';
import { type SalesOrderResponse, addressOf, SalesOrdersService } from '../../sales/sales.api';
import { Shoppers } from '../shoppers';

const toCommerceResponse = (o: SalesOrderResponse): CommerceSalesOrderResponse => ({
  id: o.id,
  orderNumber: o.orderNumber,
  channel: o.channel,
  orderedAt: o.orderedAt,
  deliveryMethod: o.deliveryMethod,
  orderingStatus: o.orderingStatus,
  externalReference: o.externalReference,
  description: o.description,
  currency: o.currency,
  orderedById: o.orderedById,
  pickupLocationId: o.pickupLocationId,
  billingAddress: o.billingAddress,
  shippingAddress: o.shippingAddress,
  totals: o.totals,
  lines: o.lines.map(({ id: _id, unitPriceOverridden: _o, ...rest }) => rest),
});

/**
 * The storefront's orders. A client login places orders for the contact linked to it and that
 * contact's primary account (whose prices apply), and sees only the orders it placed: another's is
 * a 404. Prices always come from the pricing engine.
 */
@Injectable()
export class CommerceSalesOrdersService {
  constructor(
    private readonly orders: SalesOrdersService,
    private readonly shoppers: Shoppers,
  ) {}

  async create(
    ctx: RequestContext,
    body: CreateCommerceSalesOrderRequest,
  ): Promise<CreatedSalesOrderResponse> {
    const client = ctx.actor.type === 'Client' ? ctx.actor.id : null;
    // The shopper (contact and account) once: the order's debtor and orderer, its prices, its catalog.
    const shopper = client ? await this.shoppers.of(ctx) : null;
    // A shopper orders for a customer: without a linked contact whose primary account is set there
    // is no debtor to bill, so nothing is written.
    if (client && !shopper?.account)
      throw conflict(
        shopper
          ? 'Your shopper account’s contact has no account (customer) yet, so it cannot order; the shop links one to it.'
          : 'Your shopper account is not linked to a customer (a contact with an account) yet, so it cannot order; the shop links one to it.',
      );
    return this.orders.place(
      ctx,
      {
        debtorId: shopper?.account?.id ?? null,
        orderedById: shopper?.contactId ?? null,
        clientLoginId: client,
        orderedAt: new Date(),
        orderingStatus: 'Draft',
        deliveryMethod: body.deliveryMethod ?? null,
        channel: body.channel,
        description: body.description ?? null,
        tags: [],
        pickupLocationId: body.pickupLocationId ?? null,
        billingAddress: addressOf(body.billingAddress),
        shippingAddress: addressOf(body.shippingAddress),
        externalReference: body.externalReference ?? null,
      },
      { currency: body.currency, lines: body.lines, account: shopper?.account ?? null },
    );
  }

  async list(ctx: RequestContext, q: CommerceSalesOrderListQuery): Promise<Page<CommerceSalesOrderResponse>> {
    const page = await this.orders.placedPage(ctx, this.clientOf(ctx), {
      take: q.take,
      skip: q.skip,
      sortBy: q.sort_by,
      sortOrder: q.sort_order,
      query: q.q || undefined,
      orderedByIds: q.ordered_by_ids,
    });
    return { data: page.data.map(toCommerceResponse), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<CommerceSalesOrderResponse> {
    const { order, version } = await this.orders.placedOne(ctx, this.clientOf(ctx), { id });
    return respond({ version }, () => toCommerceResponse(order));
  }

  async getByOrderNumber(ctx: RequestContext, orderNumber: string): Promise<CommerceSalesOrderResponse> {
    const { order, version } = await this.orders.placedOne(ctx, this.clientOf(ctx), { orderNumber });
    return respond({ version }, () => toCommerceResponse(order));
  }

  /** The orders the caller may see: a client login its own, a user every order of the workspace. */
  private clientOf(ctx: RequestContext): string | null {
    return ctx.actor.type === 'Client' ? ctx.actor.id : null;
  }
}
