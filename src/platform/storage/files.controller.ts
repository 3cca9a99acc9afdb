import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/decorators';
import { notFound } from '../http/problem';
import { FileStore, privateKeyPrefix } from './file-store';
import { LocalFileStore } from './local-file-store';

/** The stored files are images named `<uuid>.<ext>` after their checked content type. */
const contentTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

/** Serves files of the local store (image URLs are unguessable keys; storefronts read them without a token). */
@ApiExcludeController()
@Controller('files')
export class FilesController {
  constructor(private readonly store: FileStore) {}

  @Get('*')
  @Public()
  async serve(@Param('*') key: string, @Res() reply: FastifyReply): Promise<void> {
    if (!(this.store instanceof LocalFileStore) || key.includes('..') || key.startsWith(privateKeyPrefix))
      throw notFound('File');
    let path: string;
    try {
      path = this.store.pathOf(key);
      if (!(await stat(path)).isFile()) throw new Error('not a file');
    } catch {
      throw notFound('File');
    }
    await reply
      .header('Cache-Control', 'public, max-age=604800, immutable')
      // Served from the API's origin: never sniffed into HTML, never allowed to run or load anything.
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .type(contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream')
      .send(createReadStream(path));
  }
}
