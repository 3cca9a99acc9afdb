import { Injectable, type StreamableFile } from '@nestjs/common';
import { ProductListService, ProductSheetService } from '../../catalog/catalog.api';
import { idPage } from '../../platform/http/paginate';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { ProductExportQuery } from './product-export.dto';
import { exportPageSize as pageSize, sheetDownload } from './sheet-download';

/**
 * Exports products in exactly the columns a products import reads (docs/imports.md), streamed: the
 * matching ids are read a page at a time (keyset on id), each page's rows in one statement, and
 * written to the answer as the client takes them (sheetDownload).
 */
@Injectable()
export class ProductExportService {
  constructor(
    private readonly list: ProductListService,
    private readonly sheet: ProductSheetService,
  ) {}

  async export(ctx: RequestContext, q: ProductExportQuery): Promise<StreamableFile> {
    const header = await this.sheet.exportHeader(ctx);
    return sheetDownload('products', 'Products', q.format, header, this.pages(ctx, q, header));
  }

  /** The export's rows, a page at a time. */
  private async *pages(
    ctx: RequestContext,
    q: ProductExportQuery,
    header: string[],
  ): AsyncGenerator<string[][]> {
    let after: string | null = null;
    for (;;) {
      const qb = this.list.matching(ctx, {
        query: q.Query,
        ids: q.ids,
        skus: q.skus,
        gtins: q.gtins,
        barcodes: q.barcodes,
        slugs: q.slugs,
        categoryIds: q.category_ids,
        catalogId: q.catalog_id,
        type: q.type,
        isMissingImages: q.is_missing_images,
        isMissingDescription: q.is_missing_description,
        isMissingAttributes: q.is_missing_attributes,
      } as Parameters<ProductListService['matching']>[1]);
      const ids: string[] = await idPage(qb, after, pageSize);
      if (!ids.length) return;
      yield await this.sheet.exportRows(ctx, ids, header);
      if (ids.length < pageSize) return;
      after = ids[ids.length - 1];
    }
  }
}
