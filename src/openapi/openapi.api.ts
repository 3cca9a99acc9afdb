/**
 * The OpenAPI door: the document built from the controllers' decorators and its compressed
 * Swagger UI, for the composition root (src/app.setup.ts).
 * Other contexts import this file or `openapi.module`, never another file of this folder
 * (eslint.config.mjs).
 */
export { registerDocsCompression } from './docs-compression';
export { buildOpenApiDocument } from './openapi-document';
