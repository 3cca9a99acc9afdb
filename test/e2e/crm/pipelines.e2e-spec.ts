import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

describe('Pipelines', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;

  const body = (title: string) => ({
    title,
    description: 'New business',
    externalReference: `ext-${title}`,
    statuses: [
      { title: 'Lead', successRate: 10 },
      { title: 'Proposal', successRate: 50 },
      { title: 'Won', successRate: 100, kind: 'Won' },
      { title: 'Lost', successRate: 0, kind: 'Lost' },
    ],
    tags: ['inbound'],
    customFields: [{ key: 'source', label: 'Source', type: 'Text' }],
  });

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
  });
  afterAll(() => t.close());

  it('creates, reads, lists, updates and deletes a pipeline with its statuses', async () => {
    const created = await ws.owner.post('/core-api/pipelines', body('Sales'));
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 'ext-Sales',
      title: 'Sales',
      description: 'New business',
      statuses: [
        { id: expect.any(String), title: 'Lead', displayOrder: 0, successRate: 10, kind: 'Open' },
        { id: expect.any(String), title: 'Proposal', displayOrder: 1, successRate: 50, kind: 'Open' },
        { id: expect.any(String), title: 'Won', displayOrder: 2, successRate: 100, kind: 'Won' },
        { id: expect.any(String), title: 'Lost', displayOrder: 3, successRate: 0, kind: 'Lost' },
      ],
      tags: ['inbound'],
      customFields: [{ key: 'source', label: 'Source', type: 'Text' }],
    });
    const id = created.body.id;
    const [lead, proposal, won] = created.body.statuses;

    const got = await viewer.get(`/core-api/pipelines/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);
    expect(got.headers.etag).toBe('"1"');

    const list = await viewer.get(`/core-api/pipelines?Query=sal&ids=${id}&external_references=ext-Sales`);
    expect(list.body).toEqual({ data: [created.body], total: 1 });

    // keep Lead (renamed) and Won, drop Proposal and Lost, add Negotiation
    const updated = await ws.owner.put(`/core-api/pipelines/${id}`, {
      id,
      title: 'Sales 2',
      statuses: [
        { id: lead.id, title: 'Qualified lead', successRate: 20, displayOrder: 5 },
        { title: 'Negotiation', successRate: 70, displayOrder: 6 },
        { id: won.id, title: 'Won', successRate: 100, kind: 'Won', displayOrder: 9 },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      title: 'Sales 2',
      description: null,
      externalReference: null,
      tags: [],
      customFields: [],
    });
    expect(updated.body.statuses).toEqual([
      { id: lead.id, title: 'Qualified lead', displayOrder: 5, successRate: 20, kind: 'Open' },
      { id: expect.any(String), title: 'Negotiation', displayOrder: 6, successRate: 70, kind: 'Open' },
      { id: won.id, title: 'Won', displayOrder: 9, successRate: 100, kind: 'Won' },
    ]);
    expect(updated.body.statuses.map((s: { id: string }) => s.id)).not.toContain(proposal.id);

    const activities = await ws.owner.get(`/core-api/activities?entity_ids=${id}`);
    expect(activities.body.data.map((a: { type: string }) => a.type).sort()).toEqual([
      'PipelineCreated',
      'PipelineCustomFieldsUpdated',
      'PipelineDescriptionUpdated',
      'PipelineExternalReferenceUpdated',
      'PipelineStatusesUpdated',
      'PipelineTagsUpdated',
      'PipelineTitleUpdated',
    ]);

    expect((await ws.owner.delete(`/core-api/pipelines/${id}`)).status).toBe(200);
    expect((await ws.owner.get(`/core-api/pipelines/${id}`)).status).toBe(404);
    const after = await ws.owner.get(`/core-api/activities?entity_ids=${id}&types=PipelineDeleted`);
    expect(after.body.total).toBe(1);
  });

  it('answers 400 naming each bad field', async () => {
    const res = await ws.owner.post('/core-api/pipelines', {
      title: '',
      statuses: [{ title: 'x', successRate: 101, kind: 'Maybe' }],
      customFields: [{ key: '1bad', label: 'L', type: 'Colour' }],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'customFields[0].key',
      'customFields[0].type',
      'statuses[0].kind',
      'statuses[0].successRate',
      'title',
    ]);
    const noOpen = await ws.owner.post('/core-api/pipelines', {
      title: 'x',
      statuses: [{ title: 'Won', kind: 'Won' }],
    });
    expect(noOpen.status).toBe(400);
    expect(noOpen.body.errors).toHaveProperty('statuses');
    const empty = await ws.owner.post('/core-api/pipelines', { title: 'x', statuses: [] });
    expect(empty.body.errors).toHaveProperty('statuses');
    const created = await ws.owner.post('/core-api/pipelines', body('Keys'));
    const foreign = await ws.owner.put(`/core-api/pipelines/${created.body.id}`, {
      ...body('Keys'),
      statuses: [{ id: '00000000-0000-4000-8000-000000000000', title: 'Ghost' }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toHaveProperty(['statuses[0].id']);
    expect((await ws.owner.get('/core-api/pipelines/not-a-uuid')).status).toBe(400);
    expect((await ws.owner.get('/core-api/pipelines?SortBy=Name')).status).toBe(400);
  });

  it('answers 409 when deleting a pipeline or removing a status that deals use', async () => {
    const p = (await ws.owner.post('/core-api/pipelines', body('Busy'))).body;
    const deal = await ws.owner.post('/core-api/deals', {
      title: 'Deal',
      pipelineId: p.id,
      statusId: p.statuses[1].id,
    });
    expect(deal.status).toBe(200);
    const del = await ws.owner.delete(`/core-api/pipelines/${p.id}`);
    expect(del.status).toBe(409);
    const dropUsed = await ws.owner.put(`/core-api/pipelines/${p.id}`, {
      ...body('Busy'),
      statuses: [{ id: p.statuses[0].id, title: 'Lead' }],
    });
    expect(dropUsed.status).toBe(409);
    expect(dropUsed.body.errors).toHaveProperty('statuses');
    expect((await ws.owner.get(`/core-api/pipelines/${p.id}`)).body.statuses).toHaveLength(4);
    expect((await ws.owner.delete(`/core-api/deals/${deal.body.id}`)).status).toBe(200);
    expect((await ws.owner.delete(`/core-api/pipelines/${p.id}`)).status).toBe(200);
  });

  it('computes statistics per status and for open, won and lost', async () => {
    const p = (await ws.owner.post('/core-api/pipelines', body('Stats'))).body;
    const [lead, proposal, won, lost] = p.statuses;
    const deal = (statusId: string, expectedRevenue: number | null, extra: object = {}) =>
      ws.owner.post('/core-api/deals', { title: 'd', pipelineId: p.id, statusId, expectedRevenue, ...extra });
    await deal(lead.id, 1000);
    await deal(lead.id, 500.5);
    await deal(proposal.id, 2000);
    await deal(won.id, 3000);
    await deal(lost.id, 700);
    await deal(lead.id, null);
    const archived = await deal(proposal.id, 9999);
    expect((await ws.owner.put(`/core-api/deals/${archived.body.id}/archive`)).status).toBe(200);

    const stats = await viewer.get(`/core-api/pipelines/${p.id}/statistics`);
    expect(stats.status).toBe(200);
    expect(stats.body.statuses).toEqual([
      {
        statusId: lead.id,
        title: 'Lead',
        kind: 'Open',
        displayOrder: 0,
        dealCount: 3,
        expectedRevenue: 1500.5,
        weightedRevenue: 150.05,
      },
      {
        statusId: proposal.id,
        title: 'Proposal',
        kind: 'Open',
        displayOrder: 1,
        dealCount: 1,
        expectedRevenue: 2000,
        weightedRevenue: 1000,
      },
      {
        statusId: won.id,
        title: 'Won',
        kind: 'Won',
        displayOrder: 2,
        dealCount: 1,
        expectedRevenue: 3000,
        weightedRevenue: 3000,
      },
      {
        statusId: lost.id,
        title: 'Lost',
        kind: 'Lost',
        displayOrder: 3,
        dealCount: 1,
        expectedRevenue: 700,
        weightedRevenue: 0,
      },
    ]);
    expect(stats.body.open).toEqual({ dealCount: 4, expectedRevenue: 3500.5, weightedRevenue: 1150.05 });
    expect(stats.body.won).toEqual({ dealCount: 1, expectedRevenue: 3000, weightedRevenue: 3000 });
    expect(stats.body.lost).toEqual({ dealCount: 1, expectedRevenue: 700, weightedRevenue: 0 });
    expect(stats.body.total).toEqual({ dealCount: 6, expectedRevenue: 7200.5, weightedRevenue: 4150.05 });

    const withArchived = await viewer.get(`/core-api/pipelines/${p.id}/statistics?include_archived=true`);
    expect(withArchived.body.total.dealCount).toBe(7);
    expect((await viewer.get(`/core-api/pipelines/${p.id}/statistics?include_archived=maybe`)).status).toBe(
      400,
    );
    expect((await other.owner.get(`/core-api/pipelines/${p.id}/statistics`)).status).toBe(404);
  });

  it('hides other workspaces and lets Viewers only read', async () => {
    const mine = (await ws.owner.post('/core-api/pipelines', body('Mine'))).body;
    expect((await other.owner.get(`/core-api/pipelines/${mine.id}`)).status).toBe(404);
    expect((await other.owner.put(`/core-api/pipelines/${mine.id}`, body('x'))).status).toBe(404);
    expect((await other.owner.delete(`/core-api/pipelines/${mine.id}`)).status).toBe(404);
    expect((await other.owner.get(`/core-api/pipelines?ids=${mine.id}`)).body.total).toBe(0);

    expect((await viewer.post('/core-api/pipelines', body('v'))).status).toBe(403);
    expect((await viewer.put(`/core-api/pipelines/${mine.id}`, body('v'))).status).toBe(403);
    expect((await viewer.delete(`/core-api/pipelines/${mine.id}`)).status).toBe(403);
    const member = await ws.member('Member');
    expect((await member.post('/core-api/pipelines', body('m'))).status).toBe(200);
  });

  it('sorts by title and pages with a stable total', async () => {
    const fresh = await t.workspace('Sorting');
    for (const title of ['charlie', 'Alpha', 'bravo'])
      await fresh.owner.post('/core-api/pipelines', body(title));
    const page = await fresh.owner.get('/core-api/pipelines?SortBy=Title&SortOrder=Desc&Take=2');
    expect(page.body.total).toBe(3);
    expect(page.body.data.map((p: { title: string }) => p.title)).toEqual(['charlie', 'bravo']);
  });
  it('creates a pipeline without statuses with the default stages, documented', async () => {
    const res = await ws.owner.post('/core-api/pipelines', { title: 'Defaults' });
    expect(res.status).toBe(200);
    expect(
      res.body.statuses.map(
        (s: { title: string; kind: string; successRate: number; displayOrder: number }) => [
          s.title,
          s.kind,
          s.successRate,
          s.displayOrder,
        ],
      ),
    ).toEqual([
      ['Lead', 'Open', 10, 0],
      ['Qualified', 'Open', 25, 1],
      ['Proposal', 'Open', 50, 2],
      ['Negotiation', 'Open', 75, 3],
      ['Won', 'Won', 100, 4],
      ['Lost', 'Lost', 0, 5],
    ]);
    // A deal without statusId lands on the first Open stage.
    const deal = await ws.owner.post('/core-api/deals', { title: 'First', pipelineId: res.body.id });
    expect(deal.status).toBe(200);
    expect(deal.body.statusId).toBe(res.body.statuses[0].id);
    const doc = (await t.http.get('/openapi.json')).body;
    const statuses = doc.components.schemas.CreatePipelineRequest.properties.statuses;
    expect(doc.components.schemas.CreatePipelineRequest.required).not.toContain('statuses');
    expect(statuses.default.map((s: { title: string }) => s.title)).toEqual([
      'Lead',
      'Qualified',
      'Proposal',
      'Negotiation',
      'Won',
      'Lost',
    ]);
  });

  it('names a null or empty statuses array', async () => {
    const nulled = await ws.owner.post('/core-api/pipelines', { title: 'Nulled', statuses: null });
    expect(nulled.status).toBe(400);
    expect(nulled.body.errors.statuses).toContain('statuses must be an array');
    const empty = await ws.owner.post('/core-api/pipelines', { title: 'Empty', statuses: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.statuses).toEqual(['statuses must contain at least 1 elements']);
  });

  it('keeps the current stages when an update omits statuses (the document requires only title)', async () => {
    const doc = (await t.http.get('/openapi.json')).body;
    expect(doc.components.schemas.UpdatePipelineRequest.required).toEqual(['title']);
    const created = await ws.owner.post('/core-api/pipelines', {
      title: 'To rename',
      statuses: [
        { title: 'Only', kind: 'Open' },
        { title: 'Done', kind: 'Won', successRate: 100 },
      ],
    });
    expect(created.status).toBe(200);
    const renamed = await ws.owner.put(`/core-api/pipelines/${created.body.id}`, { title: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe('Renamed');
    expect(renamed.body.statuses).toEqual(created.body.statuses);
    const again = await ws.owner.get(`/core-api/pipelines/${created.body.id}`);
    expect(again.body.statuses).toEqual(created.body.statuses);
  });
});
