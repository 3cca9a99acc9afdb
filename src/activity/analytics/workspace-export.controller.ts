import { Controller, Get, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Ctx, Roles } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { HeavyOperation } from '../../platform/http/heavy-operations';
import { ApiProblems } from '../../platform/http/openapi';
import { WorkspaceExportService } from './workspace-export.service';

@ApiTags('Analytics')
@ApiBearerAuth()
@Controller('core-api/analytics')
export class WorkspaceExportController {
  constructor(private readonly exports: WorkspaceExportService) {}

  @Get('export')
  @Roles('Admin')
  @ApiOperation({
    operationId: 'exportWorkspace',
    summary: 'Export the whole workspace',
    description:
      'Every stored resource of the workspace as a streamed NDJSON download (Admins): one JSON object per line, `{ "resource": "<name>", "data": { … } }`, resource by resource; the first line (`resource: "export"`) lists the resources. Credentials, hashes and secrets are left out. Written while it downloads, in pages read as the client takes them, so any workspace size streams in bounded memory. A heavy operation: a few run at once per workspace and per process (429 / 503 with Retry-After beyond).',
  })
  @ApiProduces('application/x-ndjson')
  @ApiOkResponse({
    description: 'The workspace as NDJSON',
    content: { 'application/x-ndjson': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiProblems(401, 403)
  @HeavyOperation()
  export(@Ctx() ctx: RequestContext): StreamableFile {
    return this.exports.export(ctx);
  }
}
