import { Injectable, StreamableFile } from '@nestjs/common';
import { In } from 'typeorm';
import { UsersService } from '../../identity/identity.api';
import { Db, Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { xlsxDownload, XlsxColumn } from '../../platform/http/xlsx-download';
import { AccountEntity } from '../accounts/account.entity';
import { DealListQuery, DealResponse } from '../deals/deal.dto';
import { DealsService } from '../deals/deals.service';
import { PipelineEntity, PipelineStatusEntity } from '../pipelines/pipeline.entity';

/** A deal with the names a reader of the sheet needs. */
interface DealRow {
  deal: DealResponse;
  pipeline: string | null;
  status: string | null;
  kind: string | null;
  account: string | null;
  owner: string | null;
}

const columns: XlsxColumn<DealRow>[] = [
  { header: 'Title', type: 'text', width: 40, value: (r) => r.deal.title },
  { header: 'Pipeline', type: 'text', width: 20, value: (r) => r.pipeline },
  { header: 'Status', type: 'text', width: 20, value: (r) => r.status },
  { header: 'Status kind', type: 'text', value: (r) => r.kind },
  { header: 'Expected revenue', type: 'money', width: 18, value: (r) => r.deal.expectedRevenue },
  { header: 'Success rate (%)', type: 'percent', value: (r) => r.deal.successRate },
  { header: 'Account', type: 'text', width: 30, value: (r) => r.account },
  { header: 'Owner', type: 'text', width: 24, value: (r) => r.owner },
  { header: 'Start date', type: 'date', value: (r) => r.deal.startDate },
  { header: 'End date', type: 'date', value: (r) => r.deal.endDate },
  { header: 'Status changed', type: 'datetime', width: 20, value: (r) => r.deal.statusModifiedAt },
  { header: 'Created', type: 'datetime', width: 20, value: (r) => r.deal.createdAt },
  { header: 'Archived', type: 'boolean', value: (r) => r.deal.archived },
  { header: 'Tags', type: 'text', width: 30, value: (r) => r.deal.tags.join(', ') },
  { header: 'External reference', type: 'text', width: 20, value: (r) => r.deal.externalReference },
  { header: 'Id', type: 'text', width: 38, value: (r) => r.deal.id },
];

/** Pages of the list read for the report (the list's own filters, sort and search). */
const pageSize = 500;

/** GET /core-api/reports/deals: the deal list, every match, as an .xlsx sheet. */
@Injectable()
export class DealsReportService {
  constructor(
    private readonly db: Db,
    private readonly deals: DealsService,
    private readonly users: UsersService,
  ) {}

  report(ctx: RequestContext, q: DealListQuery): StreamableFile {
    return xlsxDownload('deals.xlsx', 'Deals', columns, this.rows(ctx, q));
  }

  private async *rows(ctx: RequestContext, q: DealListQuery): AsyncIterable<DealRow[]> {
    const reader = { repo: (target, label) => this.db.repo(ctx, target, label) } as Pick<Tx, 'repo'>;
    for (let skip = 0; ; skip += pageSize) {
      const page = await this.deals.list(
        ctx,
        Object.assign(new DealListQuery(), q, { Take: pageSize, Skip: skip }),
      );
      const deals = page.data;
      if (deals.length === 0) return;
      const ids = (pick: (d: DealResponse) => string | null) => [
        ...new Set(deals.map(pick).filter((x): x is string => !!x)),
      ];
      const pipelines = await this.db
        .repo(ctx, PipelineEntity, 'Pipeline')
        .find({ where: { id: In(ids((d) => d.pipelineId)) } });
      const statuses = await this.db
        .repo(ctx, PipelineStatusEntity)
        .find({ where: { id: In(ids((d) => d.statusId)) } });
      const accounts = await this.db
        .repo(ctx, AccountEntity, 'Account')
        .find({ where: { id: In(ids((d) => d.accountId)) } });
      const owners = await this.users.displayNames(
        reader,
        ids((d) => d.ownerId),
      );
      yield deals.map((deal) => {
        const status = statuses.find((s) => s.id === deal.statusId);
        return {
          deal,
          pipeline: pipelines.find((p) => p.id === deal.pipelineId)?.title ?? null,
          status: status?.title ?? null,
          kind: status?.kind ?? null,
          account: accounts.find((a) => a.id === deal.accountId)?.displayName ?? null,
          owner: deal.ownerId ? (owners.get(deal.ownerId) ?? null) : null,
        };
      });
      if (deals.length < pageSize) return;
    }
  }
}
