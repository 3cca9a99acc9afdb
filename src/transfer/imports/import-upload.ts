import {
  applyDecorators,
  CallHandler,
  createParamDecorator,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, mergeMap, Observable } from 'rxjs';
import { Env } from '../../config/env';
import { HeavyOperation } from '../../platform/http/heavy-operations';
import { type MultipartBody, readMultipart } from '../../platform/storage/image-upload';
import { importKinds, importModes, importPresets } from './import-job.entity';

const BODY = Symbol('import upload');
type WithBody = FastifyRequest & { [BODY]?: MultipartBody };

/** Reads the import's multipart body: the file (at most IMPORT_MAX_FILE_BYTES, else 413) and the text fields. */
@Injectable()
class ImportUploadInterceptor implements NestInterceptor {
  constructor(private readonly env: Env) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<WithBody>();
    const res = context.switchToHttp().getResponse<FastifyReply>().raw;
    const read = readMultipart(req, res, { field: 'file', max: 1, maxBytes: this.env.IMPORT_MAX_FILE_BYTES });
    return from(read.then((body) => (req[BODY] = body))).pipe(mergeMap(() => next.handle()));
  }
}

/** The multipart body of an `@ImportUpload()` route (empty when the body was not multipart). */
export const ImportBody = createParamDecorator(
  (_: unknown, host: ExecutionContext): MultipartBody =>
    host.switchToHttp().getRequest<WithBody>()[BODY] ?? { files: [], fields: {} },
);

/** POST /core-api/imports's body: one file and the job's settings, as multipart/form-data. A heavy operation. */
export const ImportUpload = () =>
  applyDecorators(
    HeavyOperation(),
    UseInterceptors(ImportUploadInterceptor),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: ['file', 'kind', 'mode'],
        properties: {
          file: {
            type: 'string',
            format: 'binary',
            description:
              'One CSV (UTF-8 or Windows-1252, `,` `;` or tab delimited, detected) or xlsx file, at most IMPORT_MAX_FILE_BYTES (200 MiB by default); its first row names the columns',
          },
          kind: { type: 'string', enum: [...importKinds], description: 'What the rows are' },
          mode: {
            type: 'string',
            enum: [...importModes],
            description:
              '`dryRun`: report what `apply` would do, row by row, and write nothing; `apply`: import',
          },
          mapping: {
            type: 'string',
            description:
              'A JSON object from the file\'s headers to the sheet\'s columns, `null` to ignore a column: `{"Handle":"sku","Title":"name","Notes":null}`. Unmapped headers are read as they are',
          },
          createMissingCategories: {
            type: 'string',
            enum: ['true', 'false'],
            default: 'false',
            description:
              'Create the categories of a path that do not exist yet (else such a row is an error)',
          },
          preset: {
            type: 'string',
            enum: [...importPresets],
            description:
              'Products only (with another kind: 400): the system whose export the file is, `shopify` (a product CSV export) or `googleMerchant` (a product feed); its rows become product rows, variants included. `mapping` applies to the file\'s headers first (docs/imports.md, "Presets")',
          },
        },
      },
    }),
  );
