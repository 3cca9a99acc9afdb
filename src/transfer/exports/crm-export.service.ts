import { Injectable, type StreamableFile } from '@nestjs/common';
import { AccountSheetService, ContactSheetService } from '../../crm/crm.api';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { AccountExportQuery } from './account-export.dto';
import type { ContactExportQuery } from './contact-export.dto';
import { exportPageSize, sheetDownload } from './sheet-download';

/** A CRM sheet's export: its header, a page of ids (keyset on id) and the rows of a page. */
interface CrmSheet<Q> {
  exportHeader(): string[];
  exportIds(ctx: RequestContext, q: Q, after: string | null, limit: number): Promise<string[]>;
  exportRows(ctx: RequestContext, ids: string[], header: string[]): Promise<string[][]>;
}

/** Exports accounts and contacts in exactly the columns their imports read (docs/imports.md), streamed like products. */
@Injectable()
export class CrmExportService {
  constructor(
    private readonly accounts: AccountSheetService,
    private readonly contacts: ContactSheetService,
  ) {}

  exportAccounts(ctx: RequestContext, q: AccountExportQuery): StreamableFile {
    return this.export(ctx, this.accounts, q, 'accounts', 'Accounts');
  }

  exportContacts(ctx: RequestContext, q: ContactExportQuery): StreamableFile {
    return this.export(ctx, this.contacts, q, 'contacts', 'Contacts');
  }

  private export<Q extends { format: AccountExportQuery['format'] }>(
    ctx: RequestContext,
    sheet: CrmSheet<Omit<Q, 'format'>>,
    q: Q,
    name: string,
    sheetName: string,
  ): StreamableFile {
    const header = sheet.exportHeader();
    return sheetDownload(name, sheetName, q.format, header, this.pages(ctx, sheet, q, header));
  }

  private async *pages<Q>(
    ctx: RequestContext,
    sheet: CrmSheet<Q>,
    q: Q,
    header: string[],
  ): AsyncGenerator<string[][]> {
    let after: string | null = null;
    for (;;) {
      const ids = await sheet.exportIds(ctx, q, after, exportPageSize);
      if (!ids.length) return;
      yield await sheet.exportRows(ctx, ids, header);
      if (ids.length < exportPageSize) return;
      after = ids[ids.length - 1];
    }
  }
}
