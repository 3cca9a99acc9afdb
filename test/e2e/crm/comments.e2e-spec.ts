import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

describe('Comments', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let member: Caller;
  let account: string;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    member = await ws.member('Member');
    account = (await ws.owner.post('/core-api/accounts', { displayName: 'Acme' })).body.id;
  });
  afterAll(() => t.close());

  it('creates, reads, lists, edits and deletes a comment', async () => {
    const created = await member.post('/core-api/comments', {
      entityId: account,
      entityType: 'Account',
      body: 'Called them **today**',
      bodyFormat: 'Markdown',
      externalReference: 'c-1',
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      workspace: ws.id,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      externalReference: 'c-1',
      body: 'Called them **today**',
      bodyFormat: 'Markdown',
      isEdited: false,
      entity: { id: account, type: 'Account' },
      author: { id: member.userId, type: 'User', displayName: member.username },
    });
    const id = created.body.id;
    expect((await viewer.get(`/core-api/comments/${id}`)).body).toEqual(created.body);

    const list = await viewer.get(
      `/core-api/comments?entity_ids=${account}&ids=${id}&external_references=c-1&Query=today`,
    );
    expect(list.body).toEqual({ data: [created.body], total: 1 });

    const edited = await member.put(`/core-api/comments/${id}`, { id, body: '{"a":1}', bodyFormat: 'Json' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      body: '{"a":1}',
      bodyFormat: 'Json',
      isEdited: true,
      externalReference: null,
    });
    expect(edited.headers.etag).toBe('"2"');

    const types = (await ws.owner.get(`/core-api/activities?entity_ids=${id}`)).body.data
      .map((a: { type: string }) => a.type)
      .sort();
    expect(types).toEqual([
      'CommentBodyFormatUpdated',
      'CommentBodyUpdated',
      'CommentCreated',
      'CommentExternalReferenceUpdated',
    ]);

    expect((await member.delete(`/core-api/comments/${id}`)).status).toBe(200);
    expect((await member.get(`/core-api/comments/${id}`)).status).toBe(404);
  });

  it('filters by creation time and sorts by it', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    const a = (
      await member.post('/core-api/comments', { entityId: account, entityType: 'Account', body: 'first' })
    ).body;
    const b = (
      await member.post('/core-api/comments', { entityId: account, entityType: 'Account', body: 'second' })
    ).body;
    const later = new Date(Date.now() + 60000).toISOString();
    const list = await member.get(
      `/core-api/comments?created_at.Min=${before}&created_at.Max=${later}&SortBy=CreatedAt&SortOrder=Desc&ids=${a.id},${b.id}`,
    );
    expect(list.body.data.map((c: { body: string }) => c.body)).toEqual(['second', 'first']);
    expect((await member.get(`/core-api/comments?created_at.Min=${later}&ids=${a.id}`)).body.total).toBe(0);
    expect((await member.get('/core-api/comments?created_at.Min=yesterday')).status).toBe(400);
  });

  it('answers 400 naming each bad field', async () => {
    const res = await member.post('/core-api/comments', {
      entityId: 'x',
      entityType: 'Planet',
      body: '',
      bodyFormat: 'Html',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['body', 'bodyFormat', 'entityId', 'entityType']);
    const json = await member.post('/core-api/comments', {
      entityId: account,
      entityType: 'Account',
      body: '{nope',
      bodyFormat: 'Json',
    });
    expect(json.status).toBe(400);
    expect(json.body.errors).toHaveProperty('body');
    const missing = await member.post('/core-api/comments', {
      entityId: randomUUID(),
      entityType: 'Deal',
      body: 'x',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('entityId');
    // an entity type the service does not know
    const unknownType = await member.post('/core-api/comments', {
      entityId: randomUUID(),
      entityType: 'Spaceship',
      body: 'x',
    });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.errors).toHaveProperty('entityType');
    // an account of another workspace does not exist for the caller
    const foreign = await other.owner.post('/core-api/comments', {
      entityId: account,
      entityType: 'Account',
      body: 'x',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toHaveProperty('entityId');
  });

  it('lets only the author, or an Admin/Owner, change a comment; Viewers only read', async () => {
    const c = (
      await member.post('/core-api/comments', { entityId: account, entityType: 'Account', body: 'mine' })
    ).body;
    const colleague = await ws.member('Member');
    expect((await colleague.put(`/core-api/comments/${c.id}`, { body: 'hijack' })).status).toBe(403);
    expect((await colleague.delete(`/core-api/comments/${c.id}`)).status).toBe(403);
    expect(
      (await viewer.post('/core-api/comments', { entityId: account, entityType: 'Account', body: 'v' }))
        .status,
    ).toBe(403);
    expect((await viewer.put(`/core-api/comments/${c.id}`, { body: 'v' })).status).toBe(403);
    const admin = await ws.member('Admin');
    const moderated = await admin.put(`/core-api/comments/${c.id}`, { body: 'moderated' });
    expect(moderated.status).toBe(200);
    expect(moderated.body.author.id).toBe(member.userId);
    expect((await ws.owner.delete(`/core-api/comments/${c.id}`)).status).toBe(200);
  });

  it('hides other workspaces', async () => {
    const c = (
      await member.post('/core-api/comments', { entityId: account, entityType: 'Account', body: 'private' })
    ).body;
    expect((await other.owner.get(`/core-api/comments/${c.id}`)).status).toBe(404);
    expect((await other.owner.put(`/core-api/comments/${c.id}`, { body: 'x' })).status).toBe(404);
    expect((await other.owner.delete(`/core-api/comments/${c.id}`)).status).toBe(404);
    expect((await other.owner.get(`/core-api/comments?entity_ids=${account}`)).body.total).toBe(0);
    expect((await member.get('/core-api/comments/not-a-uuid')).status).toBe(400);
  });

  it('moves lastContactMoment of an account on comments and on activities about it or its deals', async () => {
    const acc = (await ws.owner.post('/core-api/accounts', { displayName: 'Contacted' })).body.id;
    const moment = async () =>
      (await ws.owner.get(`/core-api/accounts/${acc}`)).body.lastContactMoment as string | null;
    expect(await moment()).toBeNull();

    const comment = (
      await member.post('/core-api/comments', { entityId: acc, entityType: 'Account', body: 'met' })
    ).body;
    expect(await moment()).toBe(comment.createdAt);

    const pipeline = (
      await ws.owner.post('/core-api/pipelines', { title: 'P', statuses: [{ title: 'Open' }] })
    ).body;
    const deal = (
      await ws.owner.post('/core-api/deals', { title: 'D', pipelineId: pipeline.id, accountId: acc })
    ).body;
    const afterDeal = await moment();
    expect(afterDeal! > comment.createdAt).toBe(true);
    const dealComment = (
      await member.post('/core-api/comments', { entityId: deal.id, entityType: 'Deal', body: 'quote sent' })
    ).body;
    expect(await moment()).toBe(dealComment.createdAt);

    // the observer writes no activity of its own and leaves the account's version (ETag) alone
    const acts = (await ws.owner.get(`/core-api/activities?entity_ids=${acc}`)).body.data.map(
      (a: { type: string }) => a.type,
    );
    expect(acts).toEqual(['AccountCreated']);
    expect((await ws.owner.get(`/core-api/accounts/${acc}`)).headers.etag).toBe('"1"');

    // deleting the deal removes the comments about it
    expect((await ws.owner.delete(`/core-api/deals/${deal.id}`)).status).toBe(200);
    expect((await ws.owner.get(`/core-api/comments/${dealComment.id}`)).status).toBe(404);
  });
});
