import type { PGlite } from '@electric-sql/pglite';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import type { Env } from './config/env';
import {
  jsonBody,
  negotiateResponseType,
  rejectUnsupportedMediaType,
} from './platform/http/content-negotiation';
import { createLogger, PinoNestLogger, requestLogger } from './platform/http/request-logger';
import { buildOpenApiDocument } from './openapi/openapi-document';

/** Builds the whole application, the same way for `main.ts`, the tests and the OpenAPI writer. */
export async function createApp(env: Env, pglite?: PGlite): Promise<NestExpressApplication> {
  const logger = createLogger(env.LOG_LEVEL);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(env, pglite), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  app.set('query parser', 'simple');
  app.disable('x-powered-by');
  // ETags name entity versions (If-Match → 412), so Express's body-hash ETags are off.
  app.set('etag', false);
  app.use(requestLogger(logger));
  app.use(negotiateResponseType);
  app.use(rejectUnsupportedMediaType);
  app.use(jsonBody);
  app.enableShutdownHooks();
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
  });
  await app.init();
  return app;
}
