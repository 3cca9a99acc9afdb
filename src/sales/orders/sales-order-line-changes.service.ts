import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { conflict, notFound } from '../../platform/http/problem';
import { respond } from '../../platform/http/resource';
import { OrderCurrency } from './order-currency';
import { orderSnapshot, toSalesOrderResponse } from './sales-order-mappers';
import { lineRows, SalesOrderLineResolver } from './sales-order-lines';
import type { CreateSalesOrderLineRequest } from './sales-order-line.dto';
import type { SalesOrderResponse } from './sales-order.dto';
import { SalesOrderEntity, SalesOrderLineEntity } from './sales-order.entity';
import { SalesOrderReadsService } from './sales-order-reads.service';
import { sumLinesIntoTotals } from './sales-orders.queries';

const label = 'Sales order';

/**
 * A Draft order's lines, added or removed one at a time: the order is locked, its totals summed
 * again and the change recorded as one activity, in one transaction.
 */
@Injectable()
export class SalesOrderLineChangesService {
  constructor(
    private readonly db: Db,
    private readonly reads: SalesOrderReadsService,
    private readonly resolver: SalesOrderLineResolver,
    private readonly currency: OrderCurrency,
  ) {}

  async addLine(
    ctx: RequestContext,
    id: string,
    body: CreateSalesOrderLineRequest,
  ): Promise<SalesOrderResponse> {
    const order = await this.db.repo(ctx, SalesOrderEntity, label).get(id);
    const { rate } = await this.currency.of(ctx, order.currency);
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
    const lines = await this.reads.linesOf(tx, [id]);
    return { entity, lines, before: toSalesOrderResponse(entity, lines) };
  }

  private async afterLineChange(tx: Tx, entity: SalesOrderEntity, before: SalesOrderResponse) {
    await this.updateTotals(tx, entity, true);
    const saved = await tx.repo(SalesOrderEntity, label).get(entity.id);
    const lines = await this.reads.linesOf(tx, [entity.id]);
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
}
