import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

describe('Languages', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let member: Caller;
  const base = '/core-api/internationalization/languages';

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    member = await ws.member('Member');
  });
  afterAll(() => t.close());

  it('lists available languages and the workspace’s supported ones (English to start)', async () => {
    const available = await member.get(`${base}/available`);
    expect(available.status).toBe(200);
    expect(available.body.total).toBe(available.body.data.length);
    expect(available.body.data).toContainEqual({
      languageCode: 'nl',
      name: 'Dutch',
      nativeName: 'Nederlands',
    });
    expect((await member.get(`${base}/supported`)).body).toEqual({
      data: [expect.objectContaining({ languageCode: 'en' })],
      total: 1,
    });
  });

  it('adds and removes supported languages (Admins), recording activities', async () => {
    expect((await ws.owner.post(`${base}/supported`, { languageCode: 'nl' })).status).toBe(200);
    expect((await ws.owner.post(`${base}/supported`, { languageCode: 'nl' })).status).toBe(409);
    expect(
      (await member.get(`${base}/supported`)).body.data.map((l: { languageCode: string }) => l.languageCode),
    ).toEqual(['en', 'nl']);
    const removed = await ws.owner.delete(`${base}/supported`, { languageCode: 'nl' });
    expect(removed.status).toBe(200);
    expect(removed.text).toBe('');
    expect((await ws.owner.delete(`${base}/supported`, { languageCode: 'nl' })).status).toBe(404);
    const acts = await ws.owner.get(
      `/core-api/activities?types=WorkspaceLanguageAdded,WorkspaceLanguageRemoved`,
    );
    expect(acts.body.total).toBe(2);
  });

  it('answers 400 for a language that is not available or missing', async () => {
    const res = await ws.owner.post(`${base}/supported`, { languageCode: 'xx' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('languageCode');
    expect((await ws.owner.post(`${base}/supported`, {})).body.errors).toHaveProperty('languageCode');
  });

  it('answers 401 without a token and 403 for Members and Viewers on writes', async () => {
    for (const path of ['available', 'supported'])
      expect((await t.http.get(`${base}/${path}`)).status).toBe(401);
    expect((await t.http.post(`${base}/supported`).send({ languageCode: 'de' })).status).toBe(401);
    expect((await member.post(`${base}/supported`, { languageCode: 'de' })).status).toBe(403);
    expect((await member.delete(`${base}/supported`, { languageCode: 'en' })).status).toBe(403);
    const viewer = await ws.member('Viewer');
    expect((await viewer.post(`${base}/supported`, { languageCode: 'de' })).status).toBe(403);
  });
});
