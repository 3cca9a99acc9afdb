import { describe, expect, it } from '@jest/globals';
import type { OpenAPIObject } from '@nestjs/swagger';
import { openApiQualityProblems } from './openapi-quality';

const problem = { content: { 'application/problem+json': { schema: { type: 'object' } } } };

function documentWith(
  operation: Record<string, unknown>,
  tags = [{ name: 'Products', description: 'Products' }],
) {
  return {
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    tags,
    paths: { '/core-api/catalog/products/{id}': { get: operation } },
  } as unknown as OpenAPIObject;
}

const good = {
  operationId: 'getProduct',
  summary: 'Get a product',
  description: 'One product of the current workspace.',
  tags: ['Products'],
  responses: {
    200: { description: 'The product', content: { 'application/json': { schema: { type: 'object' } } } },
    404: { description: 'Not found', ...problem },
  },
};

describe('OpenAPI quality rules', () => {
  it('passes a well documented operation', () => {
    expect(openApiQualityProblems(documentWith(good))).toEqual([]);
  });

  it.each([
    [
      'a class-name operationId',
      { operationId: 'ProductsCore_get' },
      /operationId ProductsCore_get is not camelCase/,
    ],
    ['no operationId', { operationId: undefined }, /operationId undefined is not camelCase/],
    ['the placeholder summary', { summary: 'GET /core-api/catalog/products/{id}' }, /placeholder summary/],
    ['no description', { description: '' }, /no description/],
    [
      'a 2xx without a description',
      { responses: { ...good.responses, 200: { ...good.responses[200], description: '' } } },
      /200 without a description/,
    ],
    [
      'a 2xx body without a schema',
      { responses: { ...good.responses, 200: { description: 'x', content: { 'application/json': {} } } } },
      /200 application\/json without a schema/,
    ],
    ['no documented error', { responses: { 200: good.responses[200] } }, /no problem\+json error/],
    ['an undeclared tag', { tags: ['ProductsCore'] }, /tag "ProductsCore" is not declared/],
    [
      'a JSON request body without an example',
      { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } },
      /request body without an example/,
    ],
  ])('finds %s', (_name, change, message) => {
    expect(openApiQualityProblems(documentWith({ ...good, ...change }))).toEqual([
      expect.stringMatching(message),
    ]);
  });

  it('passes a request body with an example, and a file upload without one', () => {
    const body = (content: Record<string, unknown>) => documentWith({ ...good, requestBody: { content } });
    const schema = { type: 'object' };
    expect(openApiQualityProblems(body({ 'application/json': { schema, example: { name: 'x' } } }))).toEqual(
      [],
    );
    expect(
      openApiQualityProblems(
        body({ 'application/json': { schema, examples: { getProduct: { value: { name: 'x' } } } } }),
      ),
    ).toEqual([]);
    expect(openApiQualityProblems(body({ 'multipart/form-data': { schema } }))).toEqual([]);
  });

  it('finds a tag declared without a description and a repeated operationId', () => {
    const doc = documentWith(good, [{ name: 'Products', description: '' }]);
    (doc.paths['/core-api/catalog/products/{id}'] as Record<string, unknown>).put = good;
    expect(openApiQualityProblems(doc)).toEqual([
      expect.stringMatching(/GET .*tag "Products" is not declared/),
      expect.stringMatching(/PUT .*operationId getProduct also names GET/),
      expect.stringMatching(/PUT .*tag "Products" is not declared/),
    ]);
  });
});
