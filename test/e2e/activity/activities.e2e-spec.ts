import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

describe('Activities', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    for (const n of ['a', 'b', 'c']) {
      const res = await ws.owner.post('/core-api/identities', {
        username: `act-${n}`,
        email: `act-${n}@example.test`,
        password: 'a-long-password',
      });
      ids.push(res.body.id);
    }
    await ws.owner.put(`/core-api/identities/${ids[0]}`, { username: 'act-a2', email: 'act-a@example.test' });
    await ws.owner.delete(`/core-api/identities/${ids[2]}`);
  });
  afterAll(() => t.close());

  it('lists every activity with the documented shape, newest first on request', async () => {
    const res = await ws.owner.get('/core-api/activities?SortOrder=Desc');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    expect(res.body.data[0]).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      entityId: ids[2],
      entityType: 'ClientLogin',
      type: 'ClientLoginDeleted',
      timestamp: expect.stringMatching(/Z$/),
      actor: { id: ws.owner.userId, type: 'User' },
      data: { oldValue: expect.objectContaining({ username: 'act-c' }) },
    });
  });

  it('filters by entity, type and time range, by query string and by body', async () => {
    const byEntity = await ws.owner.get(`/core-api/activities?entity_ids=${ids[0]}`);
    expect(byEntity.body.data.map((a: { type: string }) => a.type)).toEqual([
      'ClientLoginCreated',
      'ClientLoginUsernameUpdated',
    ]);
    const byTypes = await ws.owner.get(
      '/core-api/activities?types=ClientLoginDeleted&types=ClientLoginUsernameUpdated',
    );
    expect(byTypes.body.total).toBe(2);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await ws.owner.get(`/core-api/activities?timestamp.Min=${future}`)).body.total).toBe(0);
    expect((await ws.owner.get(`/core-api/activities?timestamp.Max=${future}`)).body.total).toBe(5);

    const viewer = await ws.member('Viewer');
    const filtered = await viewer.post('/core-api/activities/filter', {
      entityIds: [ids[0], ids[1]],
      types: ['ClientLoginCreated'],
      timestamp: { max: future },
      take: 1,
      sortOrder: 'Desc',
    });
    expect(filtered.status).toBe(200);
    expect(filtered.body.total).toBe(2);
    expect(filtered.body.data).toHaveLength(1);
  });

  it('answers 400 for bad filters', async () => {
    const res = await ws.owner.get(
      '/core-api/activities?entity_ids=nope&timestamp.Min=yesterday&SortBy=Name',
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['SortBy', 'entity_ids', 'timestamp.Min']);
    const body = await ws.owner.post('/core-api/activities/filter', {
      entityIds: 'x',
      timestamp: { min: 5 },
    });
    expect(Object.keys(body.body.errors).sort()).toEqual(['entityIds', 'timestamp.min']);
  });

  it('never shows another workspace’s activities', async () => {
    expect((await other.owner.get('/core-api/activities')).body.total).toBe(0);
    expect((await other.owner.get(`/core-api/activities?entity_ids=${ids[0]}`)).body.total).toBe(0);
    expect((await other.owner.post('/core-api/activities/filter', { entityIds: ids })).body.total).toBe(0);
  });

  it('answers 401 without a token', async () => {
    expect((await t.http.get('/core-api/activities')).status).toBe(401);
    expect((await t.http.post('/core-api/activities/filter').send({})).status).toBe(401);
  });
  it('answers 70,000 filter types with a 400 naming types, not a 500', async () => {
    const fresh = await t.workspace();
    const res = await fresh.owner.post('/core-api/activities/filter', { types: new Array(70_000).fill('X') });
    expect(res.status).toBe(400);
    expect(res.body.errors.types).toEqual(['types must contain no more than 1000 elements']);
  });
});
