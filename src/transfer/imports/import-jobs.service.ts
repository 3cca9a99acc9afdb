import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Env } from '../../config/env';
import { Db } from '../../platform/database/db';
import { listParams, type Page } from '../../platform/http/list-query';
import { filterByIds, paginate } from '../../platform/http/paginate';
import {
  badRequest,
  conflict,
  type FieldErrors,
  notFound,
  tooManyRequests,
} from '../../platform/http/problem';
import { respond, scopedFields, withoutScopedFields } from '../../platform/http/resource';
import { privateKeyPrefix } from '../../platform/storage/file-store';
import type { MultipartBody, UploadedFile } from '../../platform/storage/image-upload';
import { Uploads } from '../../platform/storage/uploads';
import type { RequestContext } from '../../platform/tenancy/request-context';
import {
  ImportJobListQuery,
  ImportJobResponse,
  ImportJobSummary,
  ImportRequestFields,
} from './import-job.dto';
import {
  type ImportFormat,
  ImportJobEntity,
  importKinds,
  importModes,
  type ImportPreset,
  importPresets,
} from './import-job.entity';
import { activeImportJobs, cancelImportJob, lockImportQueue } from './import-jobs.queries';
import { ImportWorker } from './import-worker';

const label = 'Import job';
/** Seconds a caller over the per-workspace job limit is told to wait. */
const busyRetryAfterSeconds = 30;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toImportJobSummary = (e: ImportJobEntity): ImportJobSummary => ({
  ...scopedFields(e),
  kind: e.kind,
  mode: e.mode,
  status: e.status,
  fileName: e.fileName,
  format: e.format,
  fileSize: Number(e.fileSize),
  detectedFormat: e.detectedFormat,
  mapping: e.mapping,
  createMissingCategories: e.createMissingCategories,
  preset: e.preset,
  rowsTotal: e.rowsTotal,
  rowsProcessed: e.rowsProcessed,
  created: e.created,
  updated: e.updated,
  unchanged: e.unchanged,
  failed: e.failed,
  errorCount: e.errorCount,
  failure: e.failure,
  createdById: e.createdById,
  startedAt: iso(e.startedAt),
  finishedAt: iso(e.finishedAt),
});

export const toImportJobResponse = (e: ImportJobEntity): ImportJobResponse => ({
  ...toImportJobSummary(e),
  errors: e.errors ?? [],
  plan: e.plan ?? [],
});

/** Reads the multipart text fields into the job's settings, or a 400 naming every bad field. */
export function importFields(fields: Record<string, string>): ImportRequestFields {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const kind = fields.kind;
  if (!kind) add('kind', `kind is required: one of ${importKinds.join(', ')}`);
  else if (!(importKinds as readonly string[]).includes(kind))
    add('kind', `kind must be one of ${importKinds.join(', ')}`);
  const mode = fields.mode;
  if (!mode) add('mode', `mode is required: ${importModes.join(' or ')}`);
  else if (!(importModes as readonly string[]).includes(mode))
    add('mode', `mode must be ${importModes.join(' or ')}`);
  const create = fields.createMissingCategories;
  if (create !== undefined && create !== 'true' && create !== 'false')
    add('createMissingCategories', 'createMissingCategories must be true or false');
  let mapping: Record<string, string | null> | null = null;
  if (fields.mapping !== undefined && fields.mapping !== '') {
    try {
      const parsed: unknown = JSON.parse(fields.mapping);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        add('mapping', 'mapping must be a JSON object: { "<header in the file>": "<column>" | null }');
      else if (Object.keys(parsed).length > 500) add('mapping', 'mapping may name at most 500 headers');
      else {
        for (const [from, to] of Object.entries(parsed)) {
          if (from.length > 255)
            add('mapping', `the header "${from.slice(0, 40)}…" is longer than 255 characters`);
          if (to !== null && (typeof to !== 'string' || to.length > 255))
            add('mapping', `"${from}" must map to a column name or null (ignored)`);
        }
        mapping = parsed as Record<string, string | null>;
      }
    } catch {
      add('mapping', 'mapping is not valid JSON');
    }
  }
  const preset = fields.preset;
  if (preset !== undefined && preset !== '') {
    if (!(importPresets as readonly string[]).includes(preset))
      add('preset', `preset must be one of ${importPresets.join(', ')} (or left out)`);
    else if (kind && kind !== 'products')
      add(
        'preset',
        `a preset is for kind products only (the file of ${importPresets.join(' or ')} holds products)`,
      );
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return {
    kind: kind as ImportRequestFields['kind'],
    mode: mode as ImportRequestFields['mode'],
    mapping,
    createMissingCategories: create === 'true',
    preset: preset ? (preset as ImportPreset) : null,
  };
}

/** The file's format from its bytes (an xlsx workbook is a zip file) and its name. */
function formatOf(file: UploadedFile): ImportFormat {
  const zip = file.head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (zip) return 'xlsx';
  if (/\.xlsx$/i.test(file.originalname))
    throw badRequest({ file: [`${file.originalname} is named .xlsx but is not an xlsx workbook`] });
  return 'csv';
}

/**
 * Import jobs (docs/imports.md): an upload stores the file and queues a job (202), a worker runs
 * it (ImportWorker); reads show its progress, counts, errors and plan; a cancel stops it before
 * its next batch. At most IMPORT_JOBS_PER_WORKSPACE jobs of a workspace are queued or running.
 */
@Injectable()
export class ImportJobsService {
  constructor(
    private readonly db: Db,
    private readonly uploads: Uploads,
    private readonly env: Env,
    private readonly worker: ImportWorker,
  ) {}

  async create(ctx: RequestContext, body: MultipartBody): Promise<ImportJobResponse> {
    const file = body.files[0];
    const errors: FieldErrors = {};
    if (!file) errors.file = ['file is required: one CSV or xlsx file (multipart/form-data, field "file")'];
    else if (file.size === 0) errors.file = ['file is empty'];
    let settings: ImportRequestFields | undefined;
    try {
      settings = importFields(body.fields);
    } catch (e) {
      Object.assign(errors, (e as { errors?: FieldErrors }).errors ?? {});
    }
    if (Object.keys(errors).length || !settings || !file) throw badRequest(errors);
    const format = formatOf(file);
    const id = randomUUID();
    const key = `${privateKeyPrefix}${ctx.workspaceId}/imports/${id}.${format}`;
    // Stored first (counted against the upload quota: 413), released when no job names it.
    const [url] = await this.uploads.store(ctx.workspaceId, [
      {
        key,
        file,
        contentType:
          format === 'xlsx'
            ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
            : 'text/csv',
      },
    ]);
    try {
      const job = await this.db.transaction(ctx, async (tx) => {
        await lockImportQueue(tx);
        const active = await activeImportJobs(tx);
        if (active >= this.env.IMPORT_JOBS_PER_WORKSPACE)
          throw tooManyRequests(
            `This workspace has ${active} import jobs queued or running, the most it may have at once (IMPORT_JOBS_PER_WORKSPACE); retry when one has ended.`,
            busyRetryAfterSeconds,
          );
        const saved = await tx.repo(ImportJobEntity, label).insert({
          id,
          kind: settings.kind,
          mode: settings.mode,
          fileName: (file.originalname || `import.${format}`).slice(0, 255),
          format,
          fileSize: String(file.size),
          fileKey: key,
          fileUrl: url,
          mapping: settings.mapping,
          createMissingCategories: settings.createMissingCategories,
          preset: settings.preset,
          createdById: ctx.actor.id,
          requestId: ctx.requestId ?? null,
        });
        const answer = toImportJobResponse(saved);
        await tx.activities.created('ImportJob', id, withoutScopedFields(toImportJobSummary(saved)));
        return answer;
      });
      this.worker.poke();
      return job;
    } catch (e) {
      await this.uploads.release(ctx.workspaceId, [key]);
      throw e;
    }
  }

  async get(ctx: RequestContext, id: string): Promise<ImportJobResponse> {
    const job = await this.db
      .repo(ctx, ImportJobEntity, label)
      .qb('j')
      .addSelect(['j.errors', 'j.plan'])
      .andWhere('j.id = :id', { id })
      .getOne();
    if (!job) throw notFound(label, id);
    return respond(job, toImportJobResponse);
  }

  async list(ctx: RequestContext, q: ImportJobListQuery): Promise<Page<ImportJobSummary>> {
    const qb = this.db.repo(ctx, ImportJobEntity, label).qb('j');
    filterByIds(qb, q);
    if (q.statuses?.length) qb.andWhere('j.status IN (:...statuses)', { statuses: q.statuses });
    const page = await paginate(qb, listParams(q), {
      sort: { CreatedAt: 'j.created_at' },
      search: ['j.file_name'],
    });
    return { data: page.data.map(toImportJobSummary), total: page.total };
  }

  /** Cancels a queued or running job (a running one stops before its next batch); its file is deleted. */
  async cancel(ctx: RequestContext, id: string): Promise<void> {
    const file = await this.db.transaction(ctx, async (tx) => {
      const job = await tx.repo(ImportJobEntity, label).getForWrite(id);
      const canceled = await cancelImportJob(tx, id);
      if (!canceled)
        throw conflict(
          `The import job has ended (${job.status}); only a queued or running job can be canceled.`,
          {
            status: [`is ${job.status}`],
          },
        );
      await tx.activities.event('ImportJob', id, 'ImportJobCanceled', {
        oldValue: job.status,
        newValue: 'Canceled',
      });
      return canceled.file_key;
    });
    await this.uploads.release(ctx.workspaceId, [file]);
  }
}
