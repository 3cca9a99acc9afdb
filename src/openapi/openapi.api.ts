/**
 * The OpenAPI door: the document built from the controllers' decorators, for the composition
 * root (src/app.setup.ts).
 * Other contexts import this file or `openapi.module`, never another file of this folder
 * (eslint.config.mjs).
 */
export { buildOpenApiDocument } from './openapi-document';
