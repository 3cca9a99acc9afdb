import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/decorators';
import { notFound } from '../http/problem';
import { FileStore } from './file-store';
import { LocalFileStore } from './local-file-store';

/** Serves files of the local store (image URLs are unguessable keys; storefronts read them without a token). */
@ApiExcludeController()
@Controller('files')
export class FilesController {
  constructor(private readonly store: FileStore) {}

  @Get('*key')
  @Public()
  serve(@Param('key') key: string | string[], @Res() res: Response): void {
    const path = Array.isArray(key) ? key.join('/') : key;
    if (!(this.store instanceof LocalFileStore) || path.includes('..')) throw notFound('File');
    res.sendFile(this.store.pathOf(path), { maxAge: '7d', immutable: true }, (err) => {
      if (err && !res.headersSent)
        res
          .status(404)
          .type('application/problem+json')
          .send(
            JSON.stringify({
              type: 'https://httpstatuses.io/404',
              title: 'Not Found',
              status: 404,
              detail: 'File was not found.',
              instance: `/files/${path}`,
            }),
          );
    });
  }
}
