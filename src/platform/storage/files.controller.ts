import { extname } from 'node:path';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/decorators';
import { notFound } from '../http/problem';
import { FileStore, privateKeyPrefix } from './file-store';
import { LocalFileStore } from './local-file-store';
import { Uploads } from './uploads';

/** The stored files are images named `<uuid>.<ext>` after their checked content type. */
const contentTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

/**
 * A key as the service makes them (`<workspace>/<folder>/<uuid>.<ext>`): segments of letters,
 * digits, `_`, `-` and inner dots, none empty and none starting with a dot. So no dot segment
 * (`.`, `..`), no double or leading slash, no backslash, no `%` left over from a double encoding:
 * any other spelling of a key is no key at all, whatever the file system would make of it.
 */
const segment = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isServableKey(key: string): boolean {
  if (key.length > 1024) return false;
  const segments = key.split('/');
  if (segments.length < 2 || !segments.every((s) => segment.test(s))) return false;
  // Private files (documents) are read only through their own authorised operations.
  if (`${segments[0].toLowerCase()}/` === privateKeyPrefix) return false;
  return uuid.test(segments[0]);
}

/**
 * Serves files of the local store (image URLs are unguessable keys; storefronts read them without
 * a token). Only a registered file is served: a canonical key (`isServableKey`, checked on the
 * decoded path) that a row of `stored_files` records for the workspace the key starts with.
 */
@ApiExcludeController()
@Controller('files')
export class FilesController {
  constructor(
    private readonly store: FileStore,
    private readonly uploads: Uploads,
  ) {}

  @Get('*')
  @Public()
  async serve(@Param('*') key: string, @Res() reply: FastifyReply): Promise<void> {
    if (!(this.store instanceof LocalFileStore) || !isServableKey(key)) throw notFound('File');
    if (!(await this.uploads.isStored(key))) throw notFound('File');
    // A regular file under the store's root only (no symbolic link out of it).
    const file = await this.store.open(key).catch(() => null);
    if (!file) throw notFound('File');
    await reply
      .header('Cache-Control', 'public, max-age=604800, immutable')
      // Served from the API's origin: never sniffed into HTML, never allowed to run or load anything.
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Length', String(file.size))
      .type(contentTypes[extname(key).toLowerCase()] ?? 'application/octet-stream')
      .send(file.body);
  }
}
