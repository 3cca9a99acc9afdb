import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';
import { outsideTheDocument } from '../../support/contract';

/**
 * The contract harness (test/support/contract.ts) checks every answer of every e2e test against
 * the document the app serves; this file checks the harness itself and the answers that used to
 * break the document (issue: "The answers break their own document").
 */
describe('Answers keep the OpenAPI document', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
  });
  afterAll(() => t.close());

  const answer = (
    method: string,
    path: string,
    status: number,
    body: unknown,
    type = 'application/json',
  ) => ({
    method,
    path,
    status,
    headers: {
      'content-type': type,
      'x-request-id': 'r-1',
      // Every authenticated answer carries the rate limits (required on 2xx and 429).
      'ratelimit-policy': '"user";q=3000;w=60, "workspace";q=30000;w=60',
      ratelimit: '"user";r=2999;t=42, "workspace";r=29999;t=42',
    },
    text: JSON.stringify(body),
  });

  describe('the harness', () => {
    it('names the operation, the status and the first errors of a body that breaks its schema', async () => {
      const account = await ws.owner.post('/core-api/accounts', { displayName: 'Checked' });
      expect(account.status).toBe(200);
      const broken = { ...account.body, billingAddress: 'Main street 1', accountType: 'Friend' };
      const message = t.contract!.check(answer('GET', `/core-api/accounts/${account.body.id}`, 200, broken));
      expect(message).toMatch(
        /^GET \/core-api\/accounts\/\{id\} \(getAccount\) → 200: the body breaks its schema/,
      );
      expect(message).toMatch(/\/billingAddress/);
      expect(message).toMatch(/\/accountType/);
      expect(message).toMatch(/body: \{/);
      const read = answer('GET', `/core-api/accounts/${account.body.id}`, 200, account.body);
      // Every GET answering JSON carries its ETag (required): without one the answer breaks the document.
      expect(t.contract!.check(read)).toMatch(/required header etag is missing/);
      expect(t.contract!.check({ ...read, headers: { ...read.headers, etag: '"1"' } })).toBe(undefined);
    });

    it('fails an undocumented status, content type, header or route', () => {
      const id = '5f85a74a-1ecd-01aa-6a75-679db35222a3';
      expect(t.contract!.check(answer('GET', `/core-api/accounts/${id}`, 418, {}))).toMatch(
        /status 418 is not documented/,
      );
      expect(
        t.contract!.check(answer('GET', '/core-api/info/version', 200, { version: '1.0.0' }, 'text/html')),
      ).toMatch(/content type text\/html is not documented/);
      expect(
        t.contract!.check({
          ...answer('GET', '/core-api/info/version', 200, { version: '1.0.0' }),
          headers: {
            'content-type': 'application/json',
            'x-request-id': 'r',
            etag: '"1"',
            'idempotent-replayed': 'true',
          },
        }),
      ).toMatch(/header idempotent-replayed is sent but not documented/);
      expect(t.contract!.check(answer('GET', '/core-api/nowhere', 200, {}))).toMatch(
        /no operation of the document matches/,
      );
      // The platform's own 404 for a route that does not exist passes, as a valid problem.
      expect(
        t.contract!.check(
          answer(
            'GET',
            '/core-api/nowhere',
            404,
            { type: 't', title: 'Not Found', status: 404, detail: 'd', instance: '/' },
            'application/problem+json',
          ),
        ),
      ).toBe(undefined);
    });

    it('has a short allow-list, each entry with its reason', () => {
      expect(outsideTheDocument.length).toBeLessThanOrEqual(5);
      for (const entry of outsideTheDocument) expect(entry.reason.length).toBeGreaterThan(10);
    });
  });

  it('documents null addresses and null enum values (accounts, contacts, client users)', async () => {
    const account = await ws.owner.post('/core-api/accounts', { displayName: 'No address' });
    expect(account.body).toMatchObject({ billingAddress: null, accountType: null });
    const contact = await ws.owner.post('/core-api/contacts', { firstName: 'Kim', lastName: 'Doe' });
    expect(contact.status).toBe(200);
    expect(contact.body.gender).toBeNull();
    const doc = (await t.http.get('/openapi.json')).body;
    expect(doc.components.schemas.AccountResponse.properties.billingAddress).toEqual({
      anyOf: [
        { $ref: '#/components/schemas/PostalAddressDto' },
        { type: 'object', nullable: true, enum: [null] },
      ],
    });
    expect(doc.components.schemas.UserResponse.properties.role.enum).toContain(null);
    expect(doc.components.schemas.ContactResponse.properties.gender.enum).toContain(null);
  });

  it('answers JSON as application/json, text/json or text/plain, as documented for every JSON answer', async () => {
    for (const [accept, type] of [
      ['application/json', /^application\/json/],
      ['text/json', /^text\/json/],
      ['text/plain', /^text\/plain/],
    ] as const) {
      const version = await t.http.get('/core-api/info/version').set('Accept', accept);
      expect(version.status).toBe(200);
      expect(version.headers['content-type']).toMatch(type);
      expect(JSON.parse(version.text)).toEqual({ version: expect.any(String) });
    }
    const doc = (await t.http.get('/openapi.json')).body;
    expect(Object.keys(doc.paths['/core-api/info/version'].get.responses['200'].content)).toEqual([
      'application/json',
      'text/json',
      'text/plain',
    ]);
  });

  it('downloads a document in its own content type, as documented (*/*)', async () => {
    const up = await t.http
      .post('/core-api/documents?path=notes')
      .set('Authorization', `Bearer ${ws.owner.token}`)
      .attach('files', Buffer.from('plain words'), 'note.txt');
    expect(up.status).toBe(200);
    const down = await ws.owner.get('/core-api/documents?path=notes/note.txt');
    expect(down.status).toBe(200);
    expect(down.headers['content-type']).toMatch(/^text\/plain/);
    const doc = (await t.http.get('/openapi.json')).body;
    expect(Object.keys(doc.paths['/core-api/documents'].get.responses['200'].content)).toEqual(['*/*']);
  });

  it('accepts every UUID format: uuid allows, whatever its version digits', async () => {
    const other = '5f85a74a-1ecd-01aa-6a75-679db35222a3';
    const byPath = await ws.owner.get(`/core-api/accounts/${other}`);
    expect(byPath.status).toBe(404);
    const byFilter = await ws.owner.get(`/core-api/accounts?ids=${other}`);
    expect(byFilter.status).toBe(200);
    expect(byFilter.body.total).toBe(0);
    const byBody = await ws.owner.post('/core-api/accounts', { displayName: 'Owned', ownerId: other });
    expect(byBody.status).not.toBe(500);
    expect(byBody.body.errors?.ownerId ?? []).not.toContain('ownerId must be a UUID');
    expect((await ws.owner.get('/core-api/accounts/not-a-uuid')).status).toBe(400);
  });

  it('states the http(s) rule of image URLs and the username pattern in the document', async () => {
    const doc = (await t.http.get('/openapi.json')).body;
    const s = doc.components.schemas;
    for (const [schema, member] of [
      ['CreateBrandRequest', 'imageUrl'],
      ['CreateLocationRequest', 'image'],
      ['UpdateUserRequest', 'picture'],
    ])
      expect(s[schema].properties[member]).toMatchObject({
        format: 'uri',
        pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
      });
    expect(s.CreateClientLoginRequest.properties.username.pattern).toBe('^[A-Za-z0-9._+-]+$');
    const refused = await ws.owner.post('/core-api/catalog/brands', {
      name: 'Logo',
      imageUrl: 'ftp://x.test/a.png',
    });
    expect(refused.status).toBe(400);
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
  });
});
