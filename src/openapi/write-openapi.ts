import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { loadEnv } from '../config/env';
import { createApp } from '../app.setup';
import { startEmbeddedPostgres } from '../platform/database/embedded-postgres';
import { buildOpenApiDocument } from './openapi-document';

/** `npm run openapi`: writes the document to a file (default openapi.json) without serving. */
async function main(): Promise<void> {
  const env = loadEnv({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    DATA_DIR: './data/openapi-tmp',
  });
  const pglite = await startEmbeddedPostgres();
  const app = await createApp(env, pglite);
  const out = process.argv[2] ?? 'openapi.json';
  writeFileSync(out, JSON.stringify(buildOpenApiDocument(app), null, 2));
  await app.close();
  await pglite.close();
  process.stdout.write(`OpenAPI document written to ${out}\n`);
}

void main();
