import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import ts from 'typescript';
import { openApiQualityProblems } from '../../../src/openapi/openapi-quality';
import { password, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const run = promisify(execFile);
const root = process.cwd();

/**
 * What partners do with the document: generate a client (openapi-typescript + openapi-fetch),
 * type-check a program against it and run that program against the service.
 */
describe('The OpenAPI document generates a clean, working client', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let doc: OpenAPIObject;
  let dir: string;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace('Quickstart');
    doc = (await t.http.get('/openapi.json')).body as OpenAPIObject;
    dir = mkdtempSync(join(tmpdir(), 'generated-client-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('names, describes and tags every operation as generators need', () => {
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
    expect(openApiQualityProblems(doc)).toEqual([]);
  });

  it('carries no controller class names in operationIds or tags', () => {
    const classNames = [...t.app.get(ModulesContainer).values()].flatMap((m) =>
      [...m.controllers.values()].map((w) => w.metatype?.name.replace(/Controller$/, '') ?? ''),
    );
    expect(classNames).toContain('ProductsCore');
    const ops = Object.values(doc.paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId?: string; tags?: string[] }>),
    );
    const ids = ops.map((op) => op.operationId ?? '');
    for (const className of classNames)
      expect(ids.filter((id) => id.startsWith(className) || id.includes(`${className}_`))).toEqual([]);
    const names = [...ids, ...ops.flatMap((op) => op.tags ?? [])];
    expect(names.filter((n) => /Core|Controller|_/.test(n))).toEqual([]);
  });

  it('reads the interface in its own words', () => {
    const ids = new Map<string, string>();
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item as Record<string, { operationId: string }>))
        ids.set(`${method.toUpperCase()} ${path}`, op.operationId);
    expect(
      Object.fromEntries([...ids].filter(([k]) => k.includes('/catalog/products') || k.includes('/auth/'))),
    ).toMatchObject({
      'POST /core-api/catalog/products/list': 'listProducts',
      'GET /core-api/catalog/products/{id}': 'getProduct',
      'GET /core-api/catalog/products/sku/{sku}': 'getProductBySku',
      'POST /core-api/catalog/products': 'createProduct',
      'PUT /core-api/catalog/products/{id}': 'updateProduct',
      'DELETE /core-api/catalog/products/{id}': 'deleteProduct',
      'POST /core-api/auth/login': 'login',
      'POST /core-api/auth/refresh': 'refreshToken',
      'POST /core-api/auth/switch-workspace': 'switchWorkspace',
      'GET /core-api/auth/logout/{accessToken}': 'logout',
    });
    expect(ids.get('GET /core-api/accounts/tags')).toBe('listAccountTags');
    expect(ids.get('GET /core-api/identities/availability/email')).toBe('checkClientLoginEmailAvailability');
  });

  it('documents the empty answer of a delete as a 200 without a body, as it is served', async () => {
    const item = doc.paths['/core-api/catalog/products/{id}'] as Record<
      string,
      { responses: Record<string, { description: string; content?: unknown }> }
    >;
    expect(item.delete.responses['200']).toMatchObject({ description: expect.stringMatching(/no body/) });
    expect(item.delete.responses['200'].content).toBeUndefined();
    const created = await ws.owner.post('/core-api/catalog/products', { name: 'Empty answer' });
    const removed = await ws.owner.delete(`/core-api/catalog/products/${created.body.id}`);
    expect(removed.status).toBe(200);
    expect(removed.text).toBe('');
    expect(removed.headers['content-length']).toBe('0');
  });

  it('runs the quickstart on a client generated from the served document', async () => {
    // The partner's steps: the document, the generated types, a type-checked program.
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc));
    copyFileSync(join(root, 'redocly.yaml'), join(dir, 'redocly.yaml'));
    await run(
      process.execPath,
      [
        join(root, 'node_modules/openapi-typescript/bin/cli.js'),
        'openapi.json',
        '--redocly',
        'redocly.yaml',
        '--default-non-nullable',
        'false',
        '-o',
        'schema.d.ts',
      ],
      { cwd: dir },
    );
    copyFileSync(join(root, 'examples/client/quickstart.ts'), join(dir, 'quickstart.ts'));
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const program = ts.createProgram([join(dir, 'quickstart.ts')], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2023,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: ['node'],
      typeRoots: [join(root, 'node_modules/@types')],
      strict: true,
      esModuleInterop: true,
      outDir: dir,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
    program.emit();

    const baseUrl = await t.listen();
    const { stdout } = await run(process.execPath, [join(dir, 'quickstart.js')], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        API_BASE_URL: baseUrl,
        API_USERNAME: ws.owner.username,
        API_PASSWORD: password,
      },
    });
    const created = /created product ([0-9a-f-]{36}) \(QS-/.exec(stdout);
    expect(created).not.toBeNull();
    expect(stdout).toMatch(/^logged in$/m);
    expect(stdout).toMatch(/^created API key [0-9a-f-]{36} \(trade_live_[0-9a-f]{8}…\), shown only once$/m);
    expect(stdout).toMatch(/^rate limit: "api-key";r=\d+;t=\d+, "workspace";r=\d+;t=\d+$/m);
    expect(stdout).toMatch(/^listed 1 of 1 products; found the new one: true$/m);
    expect(stdout).toMatch(/^product tags in use: \d+$/m);
    expect(stdout).toContain(`deleted product ${created![1]}\n`);
    expect(stdout).toMatch(/^problem 404 Not Found \(application\/problem\+json[^)]*\): .+$/m);
    // It did what it said, in the caller's workspace, as its API key.
    const activities = await ws.owner.get(`/core-api/activities?entity_ids=${created![1]}&SortOrder=Asc`);
    expect(
      activities.body.data.map((a: { type: string; actor: { type: string } }) => [a.type, a.actor.type]),
    ).toEqual([
      ['ProductCreated', 'ApiKey'],
      ['ProductDeleted', 'ApiKey'],
    ]);
  });
});
