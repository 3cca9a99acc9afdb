import { randomUUID } from 'node:crypto';
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
import type { FastifyRequest } from 'fastify';
import { from, mergeMap, Observable } from 'rxjs';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, Problem } from '../http/problem';

export const maxUploadBytes = 10 * 1024 * 1024;
/** Raster formats only: SVG can carry script. */
const imageTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);

export interface UploadedImage {
  buffer: Buffer;
  originalname: string;
  size: number;
  /** The type the client declared for the part (images are checked by content instead). */
  mimetype: string;
}
/** A file of a `@FilesUpload` route: any type. */
export type UploadedFile = UploadedImage;

const UPLOADS = Symbol('uploaded images');
type WithUploads = FastifyRequest & { [UPLOADS]?: UploadedImage[] };

/**
 * Reads the files of a multipart body: those in `field` are kept (in memory, each ≤ 10 MiB, at
 * most `max`, else 413), any other file is drained. A body that is not multipart holds none.
 */
class MultipartFiles implements NestInterceptor {
  constructor(
    private readonly field: string,
    private readonly max: number,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<WithUploads>();
    return from(this.read(req)).pipe(mergeMap(() => next.handle()));
  }

  private async read(req: WithUploads): Promise<void> {
    const files: UploadedImage[] = [];
    if (req.isMultipart()) {
      const parts = req.parts({ limits: { fileSize: maxUploadBytes, files: this.max, fields: 20 } });
      for await (const part of parts) {
        if (part.type !== 'file') continue;
        const buffer = await part.toBuffer();
        if (part.fieldname === this.field)
          files.push({ buffer, originalname: part.filename, size: buffer.length, mimetype: part.mimetype });
      }
    }
    req[UPLOADS] = files;
  }
}

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

/** Accepts one image in multipart field `field` (≤ 10 MiB, else 413). */
export const ImageUpload = (field = 'image') =>
  applyDecorators(
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

/** Accepts up to `max` images in multipart field `field`. */
export const ImagesUpload = (field = 'images', max = 20) =>
  applyDecorators(
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

/** Accepts up to `max` files of any type in multipart field `field` (each ≤ 10 MiB, else 413). */
export const FilesUpload = (field: string, max: number, description: string) =>
  applyDecorators(
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
  const type = await fileTypeFromBuffer(file.buffer);
  if (!type || !imageTypes.has(type.mime)) {
    throw new Problem(
      415,
      `${file.originalname || field} is not a supported image (JPEG, PNG, GIF, WebP or AVIF).`,
    );
  }
  return { key: `${workspaceId}/${folder}/${randomUUID()}.${type.ext}`, contentType: type.mime };
}
