import { randomUUID } from 'node:crypto';
import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { FileInterceptor, FilesInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, Problem } from '../http/problem';

export const maxUploadBytes = 10 * 1024 * 1024;
/** Raster formats only: SVG can carry script. */
const imageTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);

export interface UploadedImage {
  buffer: Buffer;
  originalname: string;
  size: number;
}

/** Accepts one image in multipart field `field` (≤ 10 MiB, else 413). */
export const ImageUpload = (field = 'image') =>
  applyDecorators(
    UseInterceptors(FileInterceptor(field, { limits: { fileSize: maxUploadBytes, files: 1 } })),
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
    UseInterceptors(FilesInterceptor(field, max, { limits: { fileSize: maxUploadBytes } })),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: [field],
        properties: { [field]: { type: 'array', items: { type: 'string', format: 'binary' } } },
      },
    }),
  );

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
