import { Injectable, Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import type { SheetRowInput } from '../../catalog/catalog.api';
import { Env } from '../../config/env';
import { Db } from '../../platform/database/db';
import { FileStore } from '../../platform/storage/file-store';
import { Uploads } from '../../platform/storage/uploads';
import { RequestContext } from '../../platform/tenancy/request-context';
import { openSheet, type OpenFile, SheetError, type SheetRecord } from '../sheets/sheet-reader';
import { keptEntries } from './import-job.dto';
import type { ImportErrorEntry, ImportPlanEntry } from './import-job.entity';
import {
  type ClaimedImportJob,
  finishImportJob,
  holdImportJob,
  recordBatch,
  recordOpened,
  renewImportLease,
} from './import-jobs.queries';
import { type KindState, type SheetKind, SheetKinds } from './sheet-kinds';

/** How long a claim lasts without a committed batch; each batch renews it. */
export const importLeaseMs = 60_000;
/** A job claimed this many times without ending (its worker died each time) is failed. */
const maxAttempts = 5;
/** A batch that loses a unique race with a concurrent write (a sku, slug, gtin or account code) is planned again, this often. */
const batchTries = 3;
/** Rows read without a batch (counting, skipping to the checkpoint) between renewals of the lease. */
const rowsPerRenewal = 20_000;

/** A failure of the job as a whole: it ends Failed with this message. */
class JobFailure extends Error {}

const isUniqueViolation = (e: unknown) =>
  e instanceof QueryFailedError && (e.driverError as { code?: string }).code === '23505';

/** A file's data row with its cells named by the sheet's columns (the mapping applied). */
interface MappedRecord {
  input: SheetRowInput;
  errors: ImportErrorEntry[];
}

/**
 * Runs one claimed import job (docs/imports.md): opens the stored file (streamed), maps and checks
 * its header, counts its rows once, then reads it batch by batch from the checkpoint on. Each batch
 * is one transaction: the job is locked (a cancel or a worker that took over stops this one), the
 * rows are planned and (apply) written by the catalog, and the job's counts, bounded errors and
 * plan and the checkpoint commit with them. Whatever kills the process leaves the job Running with
 * its checkpoint; when the lease ends another worker resumes after it.
 */
@Injectable()
export class ImportRunner {
  private readonly logger = new Logger('Imports');

  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly uploads: Uploads,
    private readonly kinds: SheetKinds,
    private readonly env: Env,
  ) {}

  async run(job: ClaimedImportJob, stopping: () => boolean): Promise<void> {
    const ctx = new RequestContext(
      job.workspace_id,
      job.created_by_id ? { id: job.created_by_id, type: 'User' } : { id: null, type: 'System' },
      'Member',
      undefined,
      undefined,
      job.request_id ?? undefined,
    );
    let outcome: { status: 'Succeeded' | 'Failed'; failure: string | null } | null;
    try {
      if (job.attempts > maxAttempts)
        throw new JobFailure(
          `The job was started ${maxAttempts} times and never finished; its last checkpoint was row ${job.checkpoint + 1}.`,
        );
      outcome = (await this.process(ctx, job, stopping)) ? { status: 'Succeeded', failure: null } : null;
    } catch (e) {
      if (!(e instanceof JobFailure || e instanceof SheetError)) {
        this.logger.error({ err: e, job: job.id }, 'An import job failed');
        if (stopping()) return;
      }
      const known = e instanceof JobFailure || e instanceof SheetError;
      outcome = {
        status: 'Failed',
        failure: known
          ? (e as Error).message
          : 'The job failed on an internal error; the rows before the checkpoint are applied.',
      };
    }
    if (!outcome) return;
    const ended = await finishImportJob(this.db.sql(ctx), job.id, job.claim_token, outcome);
    if (ended) await this.uploads.release(job.workspace_id, [ended.file_key]);
  }

  /** Reads and imports the file; false when the job was taken away (canceled, or the claim lost) or the worker stops. */
  private async process(
    ctx: RequestContext,
    job: ClaimedImportJob,
    stopping: () => boolean,
  ): Promise<boolean> {
    const key = job.file_key;
    const open: OpenFile = async () => {
      const stored = key ? await this.files.open(key) : null;
      if (!stored) throw new JobFailure('The uploaded file is no longer stored.');
      return stored.body;
    };
    const kind = this.kinds.of(job.kind);
    const sheet = await openSheet(open, job.format);
    try {
      const { columns, names } = await this.header(ctx, kind, sheet.header, job.mapping);
      let total = job.rows_total;
      if (total == null) total = await this.count(ctx, open, job);
      await recordOpened(this.db.sql(ctx), job.id, job.claim_token, sheet.detected, total);

      const state = kind.state();
      const counts = { errors: job.error_count, plan: job.plan_count };
      let done = 0;
      let batch: MappedRecord[] = [];
      for await (const record of sheet.rows) {
        const mapped = this.mapped(record, names);
        if (done < job.checkpoint) {
          // Rows before the checkpoint are applied: only their keys count (a later repeat is an error).
          if (kind.remember) kind.remember(state, mapped.input.cells, record.row);
          else {
            const cell = mapped.input.cells.get(kind.key)?.trim();
            const key = cell && kind.keyOf ? kind.keyOf(cell) : cell;
            if (key && !state.keys.has(key)) state.keys.set(key, record.row);
          }
          if (++done % rowsPerRenewal === 0) await this.renew(ctx, job);
          continue;
        }
        batch.push(mapped);
        if (batch.length >= this.env.IMPORT_BATCH_ROWS) {
          if (
            stopping() ||
            !(await this.batch(ctx, job, kind, columns, batch, state, counts, done + batch.length))
          )
            return false;
          done += batch.length;
          batch = [];
        }
      }
      if (
        stopping() ||
        !(await this.batch(ctx, job, kind, columns, batch, state, counts, done + batch.length))
      )
        return false;
      return true;
    } finally {
      sheet.close();
    }
  }

  /** The sheet's columns of the file's header with the mapping applied (null: an ignored column). */
  private async header(
    ctx: RequestContext,
    kind: SheetKind,
    header: string[],
    mapping: Record<string, string | null> | null,
  ): Promise<{ columns: unknown[]; names: Array<string | null> }> {
    const names = header.map((h) => (mapping && h in mapping ? mapping[h] : h));
    const checked = await kind.columns(
      ctx,
      names.filter((n): n is string => n !== null && n !== ''),
    );
    if ('error' in checked) throw new JobFailure(checked.error);
    return { columns: checked.columns, names };
  }

  private async count(ctx: RequestContext, open: OpenFile, job: ClaimedImportJob): Promise<number> {
    const sheet = await openSheet(open, job.format);
    let n = 0;
    try {
      for await (const _ of sheet.rows) if (++n % rowsPerRenewal === 0) await this.renew(ctx, job);
    } finally {
      sheet.close();
    }
    return n;
  }

  /** Keeps the claim while the file is read without committing (a long count or skip). */
  private renew(ctx: RequestContext, job: ClaimedImportJob): Promise<void> {
    return renewImportLease(this.db.sql(ctx), job.id, job.claim_token, importLeaseMs);
  }

  private mapped(record: SheetRecord, names: Array<string | null>): MappedRecord {
    const cells = new Map<string, string>();
    const errors: ImportErrorEntry[] = [];
    names.forEach((name, i) => {
      if (name) cells.set(name, record.cells[i] ?? '');
    });
    const extra = record.cells.slice(names.length).filter((c) => c.trim() !== '');
    if (extra.length)
      errors.push({
        row: record.row,
        column: null,
        message: `the row has ${record.cells.length} cells but the header names ${names.length} columns (a delimiter inside a value must be quoted)`,
      });
    for (const e of record.cellErrors ?? [])
      errors.push({ row: record.row, column: names[e.index] ?? null, message: e.message });
    return { input: { row: record.row, cells }, errors };
  }

  /** One batch in one transaction; false when the job is no longer this worker's to run. */
  private async batch(
    ctx: RequestContext,
    job: ClaimedImportJob,
    kind: SheetKind,
    columns: unknown[],
    batch: MappedRecord[],
    state: KindState,
    counts: { errors: number; plan: number },
    checkpoint: number,
  ): Promise<boolean> {
    const readable = batch.filter((r) => !r.errors.length).map((r) => r.input);
    const unreadable = batch.flatMap((r) => r.errors);
    for (let attempt = 1; ; attempt++) {
      const restore = state.save();
      try {
        return await this.db.transaction(ctx, async (tx) => {
          if (!(await holdImportJob(tx, job.id, job.claim_token))) return false;
          const outcome = readable.length
            ? await kind.importBatch(tx, readable, columns, state, {
                write: job.mode === 'apply',
                createMissingCategories: job.create_missing_categories,
              })
            : { planned: [], errors: [] };
          const errors = [...unreadable, ...outcome.errors].sort((a, b) => a.row - b.row);
          const failedRows = new Set(errors.map((e) => e.row)).size;
          const plan: ImportPlanEntry[] = outcome.planned;
          const keptErrors = errors.slice(0, Math.max(0, keptEntries - counts.errors));
          const keptPlan = plan.slice(0, Math.max(0, keptEntries - counts.plan));
          await recordBatch(tx, job.id, job.claim_token, {
            checkpoint,
            created: plan.filter((p) => p.action === 'create').length,
            updated: plan.filter((p) => p.action === 'update').length,
            unchanged: plan.filter((p) => p.action === 'unchanged').length,
            failed: failedRows,
            errors: keptErrors,
            errorCount: errors.length,
            plan: keptPlan,
            leaseMs: importLeaseMs,
          });
          counts.errors += errors.length;
          counts.plan += keptPlan.length;
          return true;
        });
      } catch (e) {
        restore();
        if (!isUniqueViolation(e) || attempt >= batchTries) throw e;
      }
    }
  }
}
