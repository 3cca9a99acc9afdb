import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';

import { Db, type Tx } from '../../platform/database/db';
import { listParams, type Page } from '../../platform/http/list-query';
import { filterByIds, paginate } from '../../platform/http/paginate';
import { scopedFields } from '../../platform/http/resource';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { VatCodeListQuery, VatCodeResponse } from './vat-code.dto';
import { defaultVatCodes, VatCodeEntity } from './vat-code.entity';

export const toVatCodeResponse = (e: VatCodeEntity): VatCodeResponse => ({
  ...scopedFields(e),
  code: e.code,
  name: e.name,
  rate: Number(e.rate),
  isDefault: e.isDefault,
  displayOrder: e.displayOrder,
});

/** VAT codes: the workspace's set (seeded when the workspace is created), listed and read by pricing. */
@Injectable()
export class VatCodesService {
  constructor(private readonly db: Db) {}

  async list(ctx: RequestContext, q: VatCodeListQuery): Promise<Page<VatCodeResponse>> {
    const qb = this.db.repo(ctx, VatCodeEntity, 'VatCode').qb('v');
    filterByIds(qb, q);
    const page = await paginate(qb, listParams(q), {
      sort: { DisplayOrder: 'v.display_order', Code: 'lower(v.code)', Name: 'lower(v.name)' },
      search: ['v.code', 'v.name'],
    });
    return { data: page.data.map(toVatCodeResponse), total: page.total };
  }

  /** Inserts the default set into a new workspace (a workspace initializer, same transaction). */
  async seed(tx: Tx): Promise<void> {
    await tx.manager.insert(
      VatCodeEntity,
      defaultVatCodes.map((c) => ({
        ...c,
        id: randomUUID(),
        workspaceId: tx.workspaceId,
        externalReference: null,
      })),
    );
  }
}
