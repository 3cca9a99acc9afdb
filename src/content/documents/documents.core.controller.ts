import { Body, Controller, Delete, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Ctx } from '../../platform/auth/decorators';
import { NotACreate } from '../../platform/http/idempotent.decorator';
import { ApiProblems } from '../../platform/http/openapi';
import { FilesUpload, type UploadedFile, UploadedFiles } from '../../platform/storage/image-upload';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { Uncompressed } from '../../platform/http/compression';
import {
  CreateDirectoryRequest,
  DeleteDirectoryQuery,
  DocumentEntryResponse,
  DocumentPathQuery,
  DocumentStructureQuery,
  DocumentStructureResponse,
  DocumentUploadQuery,
  DocumentUploadResponse,
} from './document.dto';
import { DocumentsService } from './documents.service';

/** `attachment` with the name in ASCII (`filename`) and in full (`filename*`, RFC 6266 / 8187). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

@ApiTags('Documents')
@ApiBearerAuth()
@Controller('core-api/documents')
export class DocumentsCoreController {
  constructor(private readonly documents: DocumentsService) {}

  @Get('structure')
  @ApiOperation({
    operationId: 'getDocumentStructure',
    summary: 'Get the document tree',
    description:
      'Directories and files of the workspace under `path` (default the root), `depth` levels deep, with size, ' +
      'content type and modified time; at most 10,000 entries (`truncated` tells when there were more).',
  })
  @ApiOkResponse({ description: 'The tree under `path`', type: DocumentStructureResponse })
  @ApiProblems(400, 401, 403, 404)
  structure(
    @Ctx() ctx: RequestContext,
    @Query() q: DocumentStructureQuery,
  ): Promise<DocumentStructureResponse> {
    return this.documents.structure(ctx, q);
  }

  @Post('directories')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createDocumentDirectory',
    summary: 'Create a document directory',
    description: 'Create a directory (and the directories above it where missing); 409 when the path exists.',
  })
  @ApiOkResponse({ description: 'The created directory', type: DocumentEntryResponse })
  @ApiProblems(400, 401, 403, 409)
  createDirectory(
    @Ctx() ctx: RequestContext,
    @Body() body: CreateDirectoryRequest,
  ): Promise<DocumentEntryResponse> {
    return this.documents.createDirectory(ctx, body.path);
  }

  @Delete('directories')
  @ApiOperation({
    operationId: 'deleteDocumentDirectory',
    summary: 'Delete a document directory',
    description:
      'Remove a directory: 409 when it is not empty, unless `recursive=true` (then with all it holds).',
  })
  @ApiOkResponse({ description: 'Removed; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 409)
  async removeDirectory(@Ctx() ctx: RequestContext, @Query() q: DeleteDirectoryQuery): Promise<void> {
    await this.documents.removeDirectory(ctx, q.path, q.recursive ?? false);
  }

  @Get()
  @ApiOperation({
    operationId: 'downloadDocument',
    summary: 'Download a document',
    description:
      'The bytes of the file at `path`, streamed with its content type and `Content-Disposition: attachment`.',
  })
  // The file's own type: the one its bytes show, else the one it was uploaded with, else octet-stream.
  @ApiProduces('*/*')
  @ApiOkResponse({
    description:
      'The file, in its own content type (the one its bytes show, else the declared one at upload, else ' +
      '`application/octet-stream`)',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiProblems(400, 401, 403, 404)
  @Uncompressed()
  async download(
    @Ctx() ctx: RequestContext,
    @Query() q: DocumentPathQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { entry, content } = await this.documents.open(ctx, q.path);
    await reply
      .header('Content-Disposition', attachmentDisposition(entry.name))
      .header('Content-Length', String(content.size))
      .header('Cache-Control', 'private, no-store')
      // Never rendered as a page of the API's origin, whatever the file holds.
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .type(entry.contentType ?? 'application/octet-stream')
      .send(content.body);
  }

  @Post()
  @HttpCode(200)
  @NotACreate()
  @FilesUpload('files', 20, 'The files (each at most 10 MiB); each keeps its file name')
  @ApiOperation({
    operationId: 'uploadDocuments',
    summary: 'Upload documents',
    description:
      'Store up to 20 files (multipart field `files`, each at most 10 MiB: else 413) in the directory `path`, ' +
      'creating missing directories. A file that exists is a 409 unless `overwrite=true`. All files or none; ' +
      'they count against the workspace’s storage quota (413).',
  })
  @ApiOkResponse({ description: 'The stored files', type: DocumentUploadResponse })
  @ApiProblems(400, 401, 403, 409, 413)
  upload(
    @Ctx() ctx: RequestContext,
    @Query() q: DocumentUploadQuery,
    @UploadedFiles() files: UploadedFile[],
  ): Promise<DocumentUploadResponse> {
    return this.documents.upload(ctx, q.path, q.overwrite ?? false, files);
  }

  @Delete()
  @ApiOperation({
    operationId: 'deleteDocument',
    summary: 'Delete a document',
    description:
      'Remove the file at `path` (a directory is removed with DELETE /core-api/documents/directories).',
  })
  @ApiOkResponse({ description: 'Removed; the answer has no body' })
  @ApiProblems(400, 401, 403, 404)
  async remove(@Ctx() ctx: RequestContext, @Query() q: DocumentPathQuery): Promise<void> {
    await this.documents.remove(ctx, q.path);
  }
}
