import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { INestApplicationContext } from '@nestjs/common';
import { Uploads } from '../platform/storage/uploads';
import type { RequestContext } from '../platform/tenancy/request-context';

/** Muted furniture colours: one demo image each. */
const colours: Array<[number, number, number]> = [
  [164, 116, 73],
  [94, 110, 88],
  [201, 186, 160],
  [70, 84, 105],
  [150, 62, 54],
  [215, 208, 196],
];

/** A PNG of `size`×`size` pixels in one colour with a darker frame (a stand-in product photo). */
export function demoPng([r, g, b]: [number, number, number], size = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, no interlace
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < size; x++) {
      const frame = x < 4 || y < 4 || x >= size - 4 || y >= size - 4;
      const k = frame ? 0.6 : 1;
      rows.push(Math.round(r * k), Math.round(g * k), Math.round(b * k));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The demo's product images, stored in the workspace's own file storage (counted against its
 * quota like any upload) and served by the service at their URLs (`/files/…` with the local store).
 * Answers their URLs.
 */
export async function seedDemoImages(app: INestApplicationContext, ctx: RequestContext): Promise<string[]> {
  const files = await Promise.all(
    colours.map(async (colour) => {
      const bytes = demoPng(colour);
      const path = join(tmpdir(), `demo-image-${randomUUID()}.png`);
      await writeFile(path, bytes);
      return {
        key: `${ctx.workspaceId}/products/${randomUUID()}.png`,
        file: { path, size: bytes.length },
        contentType: 'image/png',
      };
    }),
  );
  try {
    return await app.get(Uploads).store(ctx.workspaceId, files);
  } finally {
    await Promise.all(files.map((f) => rm(f.file.path, { force: true })));
  }
}
