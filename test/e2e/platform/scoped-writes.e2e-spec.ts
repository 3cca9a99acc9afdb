import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BrandEntity } from '../../../src/catalog/brands/brand.entity';
import { Db } from '../../../src/platform/database/db';
import { RequestContext } from '../../../src/platform/tenancy/request-context';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

/**
 * The scoped writes of ScopedRepository (`update`, `insertMany`) used by services in place of the
 * raw repository: written as attacks from workspace A on a row of workspace B.
 */
describe('Scoped writes', () => {
  let t: TestApp;
  let a: WorkspaceFixture;
  let b: WorkspaceFixture;
  let db: Db;
  let ctxA: RequestContext;
  let victim: string;

  beforeAll(async () => {
    t = await startApp();
    a = await t.workspace('A');
    b = await t.workspace('B');
    db = t.app.get(Db);
    ctxA = new RequestContext(a.id, { id: null, type: 'User' }, 'Owner');
    victim = (await b.owner.post('/core-api/catalog/brands', { name: 'Victim' })).body.id;
  });
  afterAll(() => t.close());

  it('updates no row of another workspace, by id, by ids or by criteria', async () => {
    const own = (await a.owner.post('/core-api/catalog/brands', { name: 'Own' })).body.id;
    const changed = await db.transaction(ctxA, async (tx) => {
      const brands = tx.repo(BrandEntity);
      return [
        await brands.update(victim, { name: 'Hijacked' }),
        await brands.update([victim, own], { name: 'Renamed' }),
        await brands.update({ name: 'Victim' }, { name: 'Hijacked' }),
        await brands.update([], { name: 'Nothing' }),
      ];
    });
    expect(changed).toEqual([0, 1, 0, 0]);
    expect((await b.owner.get(`/core-api/catalog/brands/${victim}`)).body.name).toBe('Victim');
    expect((await a.owner.get(`/core-api/catalog/brands/${own}`)).body.name).toBe('Renamed');
  });

  it('refuses to move a row to another workspace', async () => {
    const moved = db.transaction(ctxA, (tx) =>
      tx.repo(BrandEntity).update(victim, { workspaceId: a.id, name: 'Moved' }),
    );
    await expect(moved).rejects.toThrow(/another workspace/);
    expect((await b.owner.get(`/core-api/catalog/brands/${victim}`)).body.name).toBe('Victim');
  });

  it('inserts rows into the caller’s workspace whatever workspace they carry', async () => {
    const [row] = await db.transaction(ctxA, (tx) =>
      tx.repo(BrandEntity).insertMany([{ name: 'Planted', workspaceId: b.id }]),
    );
    expect(row.workspaceId).toBe(a.id);
    expect((await b.owner.get(`/core-api/catalog/brands/${row.id}`)).status).toBe(404);
    expect((await a.owner.get(`/core-api/catalog/brands/${row.id}`)).body.name).toBe('Planted');
  });
});
