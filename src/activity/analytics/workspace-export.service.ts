import { Injectable, StreamableFile } from '@nestjs/common';
import type { EntityMetadata } from 'typeorm';
import { Db } from '../../platform/database/db';
import { pagedStream } from '../../platform/http/heavy-operations';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { exportPage, type ExportedTable } from './workspace-export.queries';

/** Tables that are bookkeeping of the service, not the workspace's data. */
const internalTables = new Set(['auth_sessions', 'idempotency_keys', 'stored_files']);
/**
 * Columns never exported: credentials, hashes, signing secrets, and the storage keys and URLs of
 * stored files (a document's `file_key`/`file_url` would let whoever keeps the export reach the
 * private file after losing access to the workspace).
 */
const secretColumn = /(^|_)(password|secret|token)(_|$)|_hash$|^file_(key|url)$/;

/**
 * Rows per keyset page: what one export holds in memory at a time, and how long one query blocks
 * the event loop on the embedded database (health checks and other requests run between pages).
 */
const pageSize = 100;

/**
 * GET /core-api/analytics/export: the whole workspace as NDJSON, one line per row, resource by
 * resource. Which tables: every entity (and view) with a `workspaceId`, from the ORM's metadata, so
 * a new context's tables are exported without listing them here; minus the service's bookkeeping
 * and secret columns. Each table is read in keyset pages over its primary key (`workspace_id = $1
 * AND (pk) > (last)`, LIMIT 100), each page a short query of its own, read only when the client has
 * taken the previous one (`pagedStream`): the export never holds more than one page and 64 KiB, and
 * on the embedded database's single connection other requests run between pages. A heavy operation
 * (HeavyOperations bounds how many run at once).
 * Pages are not one snapshot: rows changed during a long export may appear in their old or new state.
 */
@Injectable()
export class WorkspaceExportService {
  private tables?: ExportedTable[];

  constructor(private readonly db: Db) {}

  export(ctx: RequestContext): StreamableFile {
    const stream = pagedStream(this.lines(ctx));
    const day = new Date().toISOString().slice(0, 10);
    return new StreamableFile(stream, {
      type: 'application/x-ndjson',
      disposition: `attachment; filename="workspace-${ctx.workspaceId}-${day}.ndjson"`,
    });
  }

  private async *lines(ctx: RequestContext): AsyncGenerator<string> {
    const tables = this.exportedTables();
    yield `${JSON.stringify({
      resource: 'export',
      data: {
        workspace: ctx.workspaceId,
        exportedAt: new Date().toISOString(),
        resources: tables.map((t) => t.resource),
      },
    })}\n`;
    for (const table of tables) {
      let after: unknown[] | null = null;
      for (;;) {
        const rows = await exportPage(this.db.sql(ctx), table, after, pageSize);
        if (rows.length === 0) break;
        let chunk = '';
        for (const row of rows) {
          const data: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(row)) if (!k.startsWith('__k')) data[k] = v;
          chunk += `${JSON.stringify({ resource: table.resource, data })}\n`;
        }
        yield chunk;
        const last = rows[rows.length - 1];
        after = table.keys.map((_, i) => last[`__k${i}`]);
        if (rows.length < pageSize) break;
      }
    }
  }

  private exportedTables(): ExportedTable[] {
    return (this.tables ??= this.db.dataSource.entityMetadatas
      .filter((m) => m.columns.some((c) => c.databaseName === 'workspace_id'))
      .filter((m) => !internalTables.has(m.tableName))
      .sort((a, b) => a.tableName.localeCompare(b.tableName))
      .map((m) => ({
        resource: resourceName(m),
        table: m.tableName,
        select: [...new Map(m.columns.map((c) => [c.databaseName, c.propertyName])).entries()]
          .filter(([column]) => !secretColumn.test(column))
          .map(([column, property]) => `"${column}" AS "${property}"`)
          .join(', '),
        keys: m.primaryColumns.length ? m.primaryColumns.map((c) => c.databaseName) : ['id'],
      })));
  }
}

/** `product_categories` → `productCategories`; the view of a workspace's users is `users`. */
function resourceName(m: EntityMetadata): string {
  const name = m.tableName === 'workspace_users' ? 'users' : m.tableName;
  return name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}
