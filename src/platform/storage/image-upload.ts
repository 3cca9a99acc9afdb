import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import '@fastify/multipart';
import {
  applyDecorators,
  CallHandler,
  createParamDecorator,
  ExecutionContext,
  NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, mergeMap, Observable } from 'rxjs';
import { fileTypeFromBuffer } from 'file-type';
import { HeavyOperation } from '../http/heavy-operations';
import { badRequest, Problem } from '../http/problem';

export const maxUploadBytes = 10 * 1024 * 1024;
/** Raster formats only: SVG can carry script. */
const imageTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);

/** Bytes file-type reads to tell a type (its `reasonableDetectionSizeInBytes`). */
const headBytes = 4100;

export interface UploadedImage {
  /** The first bytes (up to 4,100): what the type is told from. */
  head: Buffer;
  /** Where the bytes wait: a temporary file, deleted when the response has closed. */
  path: string;
  originalname: string;
  size: number;
  /** The type the client declared for the part (images are checked by content instead). */
  mimetype: string;
}
/** A file of a `@FilesUpload` route: any type. */
export type UploadedFile = UploadedImage;

const UPLOADS = Symbol('uploaded images');
type WithUploads = FastifyRequest & { [UPLOADS]?: UploadedImage[] };

/** What a multipart body held: the files of the route's field, and its text fields (the first value of each). */
export interface MultipartBody {
  files: UploadedImage[];
  fields: Record<string, string>;
}

/**
 * Reads a multipart body as it arrives: the files in `field` are streamed to temporary files (each
 * at most `maxBytes`, checked while streaming: else 413; at most `max`), any other file is drained,
 * and up to 20 text fields are kept. Nothing of a file is held in memory but its first 4,100 bytes
 * (to tell its type) and the stream's buffers; the temporary files go when the response has
 * closed, whatever the outcome. A body that is not multipart holds nothing.
 */
export async function readMultipart(
  req: FastifyRequest,
  res: FastifyReply['raw'],
  options: { field: string; max: number; maxBytes: number },
): Promise<MultipartBody> {
  const body: MultipartBody = { files: [], fields: {} };
  if (!req.isMultipart()) return body;
  const dir = await mkdtemp(join(tmpdir(), 'upload-'));
  const cleanUp = () => void rm(dir, { recursive: true, force: true });
  if (res.closed || res.destroyed) cleanUp();
  else res.once('close', cleanUp);
  const parts = req.parts({ limits: { fileSize: options.maxBytes, files: options.max, fields: 20 } });
  for await (const part of parts) {
    if (part.type !== 'file') {
      if (!(part.fieldname in body.fields)) body.fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== options.field) {
      await pipeline(part.file, discard());
      continue;
    }
    const path = join(dir, String(body.files.length));
    const head = keepHead();
    await pipeline(part.file, head, createWriteStream(path));
    body.files.push({
      head: head.bytes(),
      path,
      originalname: part.filename,
      size: head.size,
      mimetype: part.mimetype,
    });
  }
  return body;
}

/** Keeps the files of a multipart body on the request (see `readMultipart`), for the param decorators. */
class MultipartFiles implements NestInterceptor {
  constructor(
    private readonly field: string,
    private readonly max: number,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<WithUploads>();
    const res = context.switchToHttp().getResponse<FastifyReply>().raw;
    req[UPLOADS] = [];
    const read = readMultipart(req, res, { field: this.field, max: this.max, maxBytes: maxUploadBytes });
    return from(read.then((body) => (req[UPLOADS] = body.files))).pipe(mergeMap(() => next.handle()));
  }
}

/** A pass-through that counts the bytes and keeps the first 4,100. */
function keepHead(): Transform & { bytes(): Buffer; size: number } {
  const chunks: Buffer[] = [];
  let kept = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      tap.size += chunk.length;
      if (kept < headBytes) {
        chunks.push(chunk.subarray(0, headBytes - kept));
        kept += Math.min(chunk.length, headBytes - kept);
      }
      callback(null, chunk);
    },
  }) as Transform & { bytes(): Buffer; size: number };
  tap.size = 0;
  tap.bytes = () => Buffer.concat(chunks);
  return tap;
}

const discard = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });

/** The image of an `@ImageUpload` route (undefined when none was sent). */
export const UploadedImageFile = createParamDecorator(
  (_: unknown, host: ExecutionContext): UploadedImage | undefined =>
    host.switchToHttp().getRequest<WithUploads>()[UPLOADS]?.[0],
);

/** The images of an `@ImagesUpload` route (empty when none were sent). */
export const UploadedImageFiles = createParamDecorator(
  (_: unknown, host: ExecutionContext): UploadedImage[] =>
    host.switchToHttp().getRequest<WithUploads>()[UPLOADS] ?? [],
);

/** Accepts one image in multipart field `field` (≤ 10 MiB, else 413). A heavy operation. */
export const ImageUpload = (field = 'image') =>
  applyDecorators(
    HeavyOperation(),
    UseInterceptors(new MultipartFiles(field, 1)),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: [field],
        properties: { [field]: { type: 'string', format: 'binary' } },
      },
    }),
  );

/** Accepts up to `max` images in multipart field `field`. A heavy operation. */
export const ImagesUpload = (field = 'images', max = 20) =>
  applyDecorators(
    HeavyOperation(),
    UseInterceptors(new MultipartFiles(field, max)),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: [field],
        properties: { [field]: { type: 'array', items: { type: 'string', format: 'binary' } } },
      },
    }),
  );

/** Accepts up to `max` files of any type in multipart field `field` (each ≤ 10 MiB, else 413). A heavy operation. */
export const FilesUpload = (field: string, max: number, description: string) =>
  applyDecorators(
    HeavyOperation(),
    UseInterceptors(new MultipartFiles(field, max)),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: [field],
        properties: {
          [field]: { type: 'array', maxItems: max, items: { type: 'string', format: 'binary' }, description },
        },
      },
    }),
  );

/** The files of a `@FilesUpload` route (empty when none were sent). */
export const UploadedFiles = UploadedImageFiles;

/**
 * Checks the bytes (not the name) of an uploaded image: a missing file is a 400 naming the field,
 * anything but JPEG/PNG/GIF/WebP/AVIF a 415. Returns a storage key under the workspace.
 */
export async function checkImage(
  file: UploadedImage | undefined,
  field: string,
  workspaceId: string,
  folder: string,
) {
  if (!file) throw badRequest({ [field]: [`${field} must be an image file (multipart/form-data)`] });
  const type = await fileTypeFromBuffer(file.head);
  if (!type || !imageTypes.has(type.mime)) {
    throw new Problem(
      415,
      `${file.originalname || field} is not a supported image (JPEG, PNG, GIF, WebP or AVIF).`,
    );
  }
  return { key: `${workspaceId}/${folder}/${randomUUID()}.${type.ext}`, contentType: type.mime };
}
