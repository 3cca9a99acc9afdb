import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { NotACreate } from '../../platform/http/idempotent.decorator';
import { Ctx } from '../../platform/auth/decorators';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import type { MultipartBody } from '../../platform/storage/image-upload';
import type { RequestContext } from '../../platform/tenancy/request-context';
import {
  ImportJobListQuery,
  ImportJobPage,
  ImportJobResponse,
  type ImportJobSummary,
} from './import-job.dto';
import { ImportJobsService } from './import-jobs.service';
import { ImportBody, ImportUpload } from './import-upload';

/** Bulk imports (docs/imports.md): Members upload and cancel, Viewers read. */
@ApiTags('Imports')
@ApiBearerAuth()
@Controller('core-api/imports')
export class ImportsCoreController {
  constructor(private readonly jobs: ImportJobsService) {}

  @Post()
  @HttpCode(202)
  @ImportUpload()
  // A multipart upload: the Idempotency-Key fingerprint cannot see its file.
  @NotACreate()
  @ApiOperation({
    operationId: 'createImport',
    summary: 'Import a CSV or xlsx file',
    description:
      'Stores the file and queues an import job (202): a worker reads it in committed batches; poll GET /core-api/imports/{id} for its progress, counts, errors and plan. `dryRun` reports per row what `apply` would do (create, update with the changed columns, unchanged) and writes nothing; `apply` writes, recording the activities a create or PUT records, and an unchanged row writes nothing. A products file without a sku (or externalReference) column, with an unknown column, an unsupported language or an unknown attribute (`attribute:<name>`) fails the job as a whole (`failure`); a bad row is reported (`errors`: row, column, message) and the other rows are imported. With `preset` (products only), a Shopify product CSV export or a Google Merchant Center feed is read in its own layout, variants included (docs/imports.md, "Presets"). Columns, mapping, encodings and limits: docs/imports.md. A file over IMPORT_MAX_FILE_BYTES is a 413; a workspace with IMPORT_JOBS_PER_WORKSPACE jobs queued or running gets a 429.',
  })
  @ApiAcceptedResponse({ description: 'The job, Queued', type: ImportJobResponse })
  @ApiProblems(400, 401, 403, 413)
  create(@Ctx() ctx: RequestContext, @ImportBody() body: MultipartBody): Promise<ImportJobResponse> {
    return this.jobs.create(ctx, body);
  }

  @Get()
  @ApiOperation({
    operationId: 'listImports',
    summary: 'List import jobs',
    description: 'The import jobs of the workspace, newest last by default (without their errors and plan).',
  })
  @ApiOkResponse({ description: 'A page of import jobs: `data` and `total`', type: ImportJobPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: ImportJobListQuery): Promise<Page<ImportJobSummary>> {
    return this.jobs.list(ctx, q);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getImport',
    summary: 'Get an import job',
    description:
      'An import job: its status (Queued, Running, Succeeded, Failed, Canceled), rows total and done, counts, the first 1,000 errors and the first 1,000 rows of its plan.',
  })
  @ApiOkResponse({ description: 'The job', type: ImportJobResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<ImportJobResponse> {
    return this.jobs.get(ctx, id);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'cancelImport',
    summary: 'Cancel an import job',
    description:
      'Cancels a queued or running job: a running one stops before its next batch (the batches committed before stay applied). Its file is deleted. A job that has ended is a 409.',
  })
  @ApiOkResponse({ description: 'Canceled (empty body)' })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  cancel(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    return this.jobs.cancel(ctx, id);
  }
}
