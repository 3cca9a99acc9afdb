import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, type ListParams, Page } from '../../platform/http/list-query';
import { filterByIds, paginate } from '../../platform/http/paginate';
import { notFound } from '../../platform/http/problem';
import { respond } from '../../platform/http/resource';
import { toSalesOrderResponse } from './sales-order-mappers';
import { SalesOrderListQuery, SalesOrderResponse } from './sales-order.dto';
import { SalesOrderEntity, SalesOrderLineEntity } from './sales-order.entity';

const label = 'Sales order';

/** Sales orders as read: a page, one order, the storefront's placed orders, and their lines. */
@Injectable()
export class SalesOrderReadsService {
  constructor(private readonly db: Db) {}

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
    // Case-insensitively (people type `so-42`-like numbers as they like); the exact spelling wins
    // should a prefix once differ only in case.
    else
      qb.andWhere('lower(o.order_number) = lower(:orderNumber)', { orderNumber: key.orderNumber })
        .orderBy('o.order_number = :orderNumber', 'DESC')
        .limit(1);
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
}
