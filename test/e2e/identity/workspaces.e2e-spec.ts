import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('Workspaces', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace('Alpha');
  });
  afterAll(() => t.close());

  it('lists the caller’s workspaces with their role, and creates one with the caller as Owner', async () => {
    const created = await ws.owner.post('/core-api/workspaces', { name: 'Beta', defaultCurrency: 'USD' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: 'Beta',
      role: 'Owner',
      defaultCurrency: 'USD',
      imageUrl: null,
      description: null,
    });
    const mine = await ws.owner.get('/core-api/workspaces');
    expect(mine.body.data.map((w: { name: string; role: string }) => [w.name, w.role])).toEqual([
      ['Alpha', 'Owner'],
      ['Beta', 'Owner'],
    ]);
    expect(mine.body.total).toBe(2);
    const viewer = await ws.member('Viewer');
    expect((await viewer.get('/core-api/workspaces')).body.data).toEqual([
      expect.objectContaining({ id: ws.id, role: 'Viewer' }),
    ]);
  });

  it('updates the token’s workspace (Admins) and records the change', async () => {
    const member = await ws.member('Member');
    expect((await member.put('/core-api/workspaces', { name: 'Nope' })).status).toBe(403);
    const bad = await ws.owner.put('/core-api/workspaces', { name: '', defaultCurrency: 'euro' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['defaultCurrency', 'name']);
    const res = await ws.owner.put('/core-api/workspaces', {
      name: 'Alpha Trading',
      description: 'Wholesale',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ws.id, name: 'Alpha Trading', description: 'Wholesale' });
    const acts = await ws.owner.get(`/core-api/activities?entity_ids=${ws.id}&types=WorkspaceNameUpdated`);
    expect(acts.body.data[0].data).toEqual({
      property: 'name',
      oldValue: 'Alpha',
      newValue: 'Alpha Trading',
    });
  });

  it('uploads a workspace image: checks content, not the name', async () => {
    const ok = await ws.owner
      .post('/core-api/workspaces/image')
      .attach('image', png, { filename: 'logo.png', contentType: 'image/png' });
    expect(ok.status).toBe(200);
    expect(ok.body.imageUrl).toMatch(/^http:\/\/localhost\/files\/.+\.png$/);
    const served = await t.http.get(new URL(ok.body.imageUrl).pathname);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    const absent = await t.http.get(`/files/${ws.id}/workspace/nothing-here.png`);
    expect(absent.status).toBe(404);
    expect(absent.headers['content-type']).toContain('application/problem+json');
    expect((await t.http.get('/files/..%2F..%2Fpackage.json')).status).toBe(404);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const notImage = await ws.owner
      .post('/core-api/workspaces/image')
      .attach('image', svg, { filename: 'logo.png', contentType: 'image/png' });
    expect(notImage.status).toBe(415);
    const tooBig = await ws.owner
      .post('/core-api/workspaces/image')
      .attach('image', Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]), 'big.png');
    expect(tooBig.status).toBe(413);
    const missing = await ws.owner.post('/core-api/workspaces/image').field('other', 'x');
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('image');
  });

  it('deletes a workspace (Owner only) with everything in it', async () => {
    const doomed = await t.workspace('Doomed');
    const admin = await doomed.member('Admin');
    const client = await doomed.owner.post('/core-api/identities', {
      username: 'gone',
      email: 'gone@example.test',
      password: 'a-long-password',
    });
    expect(client.status).toBe(200);
    expect((await admin.delete('/core-api/workspaces')).status).toBe(403);
    expect((await doomed.owner.delete('/core-api/workspaces')).status).toBe(200);
    // the tokens bound to it are dead
    expect((await doomed.owner.get('/core-api/users')).status).toBe(401);
  });
});
