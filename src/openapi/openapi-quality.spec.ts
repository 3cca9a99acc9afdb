import { describe, expect, it } from '@jest/globals';
import type { OpenAPIObject } from '@nestjs/swagger';
import { openApiQualityProblems } from './openapi-quality';

const requestId = { 'X-Request-Id': { $ref: '#/components/headers/XRequestId' } };
const problem = {
  content: { 'application/problem+json': { schema: { type: 'object' } } },
  headers: requestId,
};
const json = { schema: { type: 'object' } };

function documentWith(
  operation: Record<string, unknown>,
  tags = [{ name: 'Products', description: 'Products' }],
) {
  return {
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    servers: [{ url: '/' }],
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
    200: {
      description: 'The product',
      content: { 'application/json': json, 'text/json': json, 'text/plain': json },
      headers: requestId,
    },
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
      {
        responses: {
          ...good.responses,
          200: {
            description: 'x',
            content: { 'application/json': {}, 'text/json': json, 'text/plain': json },
            headers: requestId,
          },
        },
      },
      /200 application\/json without a schema/,
    ],
    ['no documented error', { responses: { 200: good.responses[200] } }, /no problem\+json error/],
    ['an undeclared tag', { tags: ['ProductsCore'] }, /tag "ProductsCore" is not declared/],
    [
      'a JSON answer a client cannot ask for as text/json or text/plain',
      {
        responses: {
          ...good.responses,
          200: { ...good.responses[200], content: { 'application/json': json } },
        },
      },
      /200 answers JSON but not the text\/json and text\/plain/,
    ],
    [
      'an answer without X-Request-Id',
      { responses: { ...good.responses, 404: { description: 'Not found', content: problem.content } } },
      /404 without the X-Request-Id header/,
    ],
    [
      'an Idempotency-Key without its 409',
      { parameters: [{ name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } }] },
      /takes Idempotency-Key but does not document its 409/,
    ],
    [
      'nullable beside allOf',
      {
        responses: {
          ...good.responses,
          200: {
            ...good.responses[200],
            content: {
              ...good.responses[200].content,
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { a: { nullable: true, type: 'object', allOf: [{ $ref: '#/x' }] } },
                },
              },
            },
          },
        },
      },
      /properties\/a: nullable beside allOf does not admit null/,
    ],
    [
      'a nullable enum without null',
      {
        responses: {
          ...good.responses,
          200: {
            ...good.responses[200],
            content: {
              ...good.responses[200].content,
              'application/json': { schema: { type: 'string', nullable: true, enum: ['Owner'] } },
            },
          },
        },
      },
      /nullable enum without null does not admit null/,
    ],
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

  it('finds an empty servers list', () => {
    const doc = documentWith(good);
    doc.servers = [];
    expect(openApiQualityProblems(doc)).toEqual([expect.stringMatching(/servers is empty/)]);
  });

  it('passes the 3.0 shapes that admit null: anyOf with the null schema, an enum listing null', () => {
    const doc = documentWith(good);
    doc.components = {
      schemas: {
        A: {
          type: 'object',
          properties: {
            address: {
              anyOf: [{ $ref: '#/components/schemas/B' }, { type: 'object', nullable: true, enum: [null] }],
            },
            role: { type: 'string', nullable: true, enum: ['Owner', null] },
          },
        },
      },
    };
    expect(openApiQualityProblems(doc)).toEqual([]);
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
