import { Injectable, Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import type { SheetRowInput } from '../../catalog/catalog.api';
import { Env } from '../../config/env';
import { CurrenciesService, LanguagesService } from '../../i18n/i18n.api';
import { Db } from '../../platform/database/db';
import { type ByteRange, FileStore } from '../../platform/storage/file-store';
import { Uploads } from '../../platform/storage/uploads';
import { RequestContext } from '../../platform/tenancy/request-context';
import { openSheet, SheetError, type SheetFile, type SheetRecord } from '../sheets/sheet-reader';
import { keptEntries } from './import-job.dto';
import type { ImportErrorEntry, ImportPlanEntry } from './import-job.entity';
import {
  analyzeTables,
  type ClaimedImportJob,
  finishImportJob,
  holdImportJob,
  recordBatch,
  recordOpened,
  renewImportLease,
  restartImportJob,
} from './import-jobs.queries';
import { openPreset } from './presets/presets';
import type { RowPreset } from './presets/row-preset';
import { type KindState, type SheetKind, SheetKinds } from './sheet-kinds';

/** Rows an apply creates before the tables it grows are analyzed; then at 4, 16, 64… times that. */
const firstAnalyzeAt = 1000;
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
    private readonly languages: LanguagesService,
    private readonly currencies: CurrenciesService,
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
    const file = this.storedFile(job);
    const kind = this.kinds.of(job.kind);
    const sheet = await openSheet(file, job.format);
    try {
      const { columns, names, preset } = await this.header(ctx, kind, sheet.header, job);
      let total = job.rows_total;
      if (total == null) total = await this.count(ctx, file, job);
      await recordOpened(this.db.sql(ctx), job.id, job.claim_token, sheet.detected, total);

      if (job.mode === 'dryRun' && job.checkpoint > 0) {
        // A dry run wrote nothing before it lost its worker: it starts again from the first row,
        // so that what it would have created there (categories, ConfigurableProducts) is planned
        // again for the rows after (skipped rows only leave their keys).
        await restartImportJob(this.db.sql(ctx), job.id, job.claim_token);
        Object.assign(job, { checkpoint: 0, error_count: 0, plan_count: 0 });
      }
      const state = kind.state();
      const counts = { errors: job.error_count, plan: job.plan_count, created: 0 };
      let analyzeAt = firstAnalyzeAt;
      // `done` and the checkpoint count the file's data rows; a preset may make several rows of one.
      let done = 0;
      let batch: MappedRecord[] = [];
      let batchRecords = 0;
      for await (const record of sheet.rows) {
        const mapped = this.mapped(record, names);
        const rows = preset ? this.preset(preset, mapped) : [mapped];
        if (done < job.checkpoint) {
          // Rows before the checkpoint are applied: only their keys count (a later repeat is an error),
          // and what the kind keeps of them; a preset has read them, so its state is the same.
          for (const row of rows) {
            if (kind.remember) kind.remember(state, row.input, !row.errors.length);
            else {
              const cell = row.input.cells.get(kind.key)?.trim();
              const key = cell && kind.keyOf ? kind.keyOf(cell) : cell;
              if (key && !state.keys.has(key)) state.keys.set(key, record.row);
            }
          }
          if (++done % rowsPerRenewal === 0) await this.renew(ctx, job);
          continue;
        }
        batch.push(...rows);
        batchRecords++;
        if (batch.length >= this.env.IMPORT_BATCH_ROWS) {
          if (
            stopping() ||
            !(await this.batch(ctx, job, kind, columns, batch, state, counts, done + batchRecords))
          )
            return false;
          done += batchRecords;
          batch = [];
          batchRecords = 0;
          if (job.mode === 'apply' && counts.created >= analyzeAt) {
            await this.analyze(kind);
            analyzeAt *= 4;
          }
        }
      }
      if (
        stopping() ||
        !(await this.batch(ctx, job, kind, columns, batch, state, counts, done + batchRecords))
      )
        return false;
      return true;
    } finally {
      sheet.close();
    }
  }

  /**
   * The sheet's columns of the file's header with the mapping applied (null: an ignored column);
   * with a preset, the mapped header is the preset's input and its rows' columns are the sheet's.
   */
  private async header(
    ctx: RequestContext,
    kind: SheetKind,
    header: string[],
    job: ClaimedImportJob,
  ): Promise<{ columns: unknown[]; names: Array<string | null>; preset: RowPreset | null }> {
    const mapping = job.mapping;
    const names = header.map((h) => (mapping && h in mapping ? mapping[h] : h));
    const given = names.filter((n): n is string => n !== null && n !== '');
    let preset: RowPreset | null = null;
    if (job.preset) {
      const opened = openPreset(
        job.preset,
        given,
        new Set(Object.values(mapping ?? {}).filter((v): v is string => !!v)),
        {
          language: (await this.languages.languagesOf(ctx)).defaultLanguage,
          currency: await this.currencies.defaultCode(ctx),
        },
      );
      if ('error' in opened) throw new JobFailure(opened.error);
      preset = opened;
    }
    const checked = await kind.columns(ctx, preset ? preset.columns : given);
    if ('error' in checked) throw new JobFailure(checked.error);
    return { columns: checked.columns, names, preset };
  }

  /**
   * A preset's rows of one record: each product row it makes, or its errors. A record that could
   * not be read whole is still given to the preset (its state follows the file) but its rows are
   * dropped: the record's errors stand for them.
   */
  private preset(preset: RowPreset, mapped: MappedRecord): MappedRecord[] {
    const out = preset.rows(mapped.input);
    if (mapped.errors.length) return [mapped];
    const rows: MappedRecord[] = out.rows.map((input) => ({ input, errors: [] }));
    if (out.errors.length)
      rows.push({ input: { row: mapped.input.row, cells: new Map() }, errors: out.errors });
    return rows;
  }

  /**
   * Fresh statistics for the tables an apply grows. A statement planned while a table was nearly
   * empty (the listing trigger's product lookup, the foreign-key checks: their plans are kept per
   * connection) chose any index that starts with workspace_id and read every product of the
   * workspace for each row: 20,000 rows took 40 s. ANALYZE replans them (autovacuum would, a
   * minute later, where it runs; embedded PostgreSQL has none).
   */
  private async analyze(kind: SheetKind): Promise<void> {
    await analyzeTables(this.db.unscoped, kind.tables);
  }

  /** The job's uploaded file in the store, whole or by byte ranges. */
  private storedFile(job: ClaimedImportJob): SheetFile {
    const key = job.file_key;
    const open = async (range?: ByteRange) => {
      const stored = key ? await this.files.open(key, range) : null;
      if (!stored) throw new JobFailure('The uploaded file is no longer stored.');
      return stored.body;
    };
    return { size: Number(job.file_size), open: () => open(), range: (start, end) => open({ start, end }) };
  }

  private async count(ctx: RequestContext, file: SheetFile, job: ClaimedImportJob): Promise<number> {
    const sheet = await openSheet(file, job.format);
    let n = 0;
    try {
      for await (const _ of sheet.rows) {
        if (++n > this.env.IMPORT_MAX_ROWS)
          throw new JobFailure(
            `The file has more than ${this.env.IMPORT_MAX_ROWS} data rows, the most one import takes (IMPORT_MAX_ROWS): split it into several files. Nothing was imported.`,
          );
        if (n % rowsPerRenewal === 0) await this.renew(ctx, job);
      }
    } finally {
      sheet.close();
    }
    return n;
  }

  /** Keeps the claim while the file is read without committing (a long count or skip). */
  private renew(ctx: RequestContext, job: ClaimedImportJob): Promise<void> {
    return renewImportLease(this.db.sql(ctx), job.id, job.claim_token, this.env.IMPORTS_LEASE_MS);
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
    counts: { errors: number; plan: number; created: number },
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
            leaseMs: this.env.IMPORTS_LEASE_MS,
          });
          counts.errors += errors.length;
          counts.created += plan.filter((p) => p.action === 'create').length;
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
