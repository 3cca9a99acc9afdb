import { afterAll, describe, expect, it } from '@jest/globals';
import { ActivityObservers } from '../../../src/platform/activity/activity-recorder';
import { EntityTypes } from '../../../src/platform/database/entity-types';
import { ConstraintNames } from '../../../src/platform/http/constraint-names';
import { FileReferences } from '../../../src/platform/storage/uploads';
import { startApp, TestApp } from '../../support/app';

const registries = [EntityTypes, ConstraintNames, FileReferences, ActivityObservers] as const;

/** What the contexts registered, as an application answers it over HTTP. */
async function answersWithRegistrations(t: TestApp): Promise<void> {
  const ws = await t.workspace();
  const first = await ws.owner.post('/core-api/catalog/products', { name: 'One', barcodes: ['REG-1'] });
  expect(first.status).toBe(200);
  const clash = await ws.owner.post('/core-api/catalog/products', { name: 'Two', barcodes: ['REG-1'] });
  expect(clash.status).toBe(409);
  expect(clash.body.errors).toEqual({ barcodes: ['is already in use'] });

  await ws.owner.post('/core-api/accounts', { displayName: 'Tagged', tags: ['reg-tag'] });
  const tags = await ws.owner.get('/core-api/masterdata/tags?query=reg-');
  expect(tags.body.data).toEqual([{ tag: 'reg-tag', count: 1, byType: { Account: 1 } }]);

  const account = await ws.owner.post('/core-api/accounts', { displayName: 'Commented' });
  const comment = await ws.owner.post('/core-api/comments', {
    entityType: 'Account',
    entityId: account.body.id,
    body: 'Called them',
  });
  expect(comment.status).toBe(200);
  // the CRM's activity observer moved the account's last contact moment
  const after = await ws.owner.get(`/core-api/accounts/${account.body.id}`);
  expect(after.body.lastContactMoment).not.toBeNull();
}

function expectFilledOnce(t: TestApp): void {
  expect(
    t.app
      .get(EntityTypes)
      .all()
      .map((r) => r.type)
      .sort(),
  ).toEqual([
    'Account',
    'AtomicScript',
    'Contact',
    'Deal',
    'Location',
    'Pipeline',
    'Product',
    'ProductCategory',
    'SalesOrder',
    'VatCode',
  ]);
  expect(
    t.app
      .get(FileReferences)
      .all()
      .map((r) => `${r.table}.${r.column}`)
      .sort(),
  ).toEqual([
    'brands.image_url',
    'documents.file_url',
    'import_jobs.file_url',
    'locations.image',
    'product_categories.image',
    'product_categories.images',
    'product_images.url',
    'workspaces.image_url',
  ]);
  expect(t.app.get(ConstraintNames).fieldOf('uq_product_barcodes__barcode')).toBe('barcodes');
}

/**
 * The registries (entity types, constraint names, file references, activity observers) belong to
 * one application: the contexts fill them when their modules are constructed. A second application
 * in the same process gets its own, filled once (a repeated registration would fail its boot), and
 * nothing added to the first reaches it.
 */
describe('Registries per application', () => {
  let first: TestApp | undefined;
  let second: TestApp | undefined;
  const firstRegistries: unknown[] = [];
  const seenByFirst: string[] = [];

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('fills the first application’s registries once, through its modules', async () => {
    first = await startApp();
    expectFilledOnce(first);
    firstRegistries.push(...registries.map((r) => first!.app.get(r)));
    first.app.get(ActivityObservers).observe(async (_manager, _ctx, recorded) => {
      seenByFirst.push(...recorded.map((r) => r.type));
    });
    await answersWithRegistrations(first);
    expect(seenByFirst).toContain('AccountCreated');
  });

  it('refuses a second registration of what a context already registered', () => {
    const t = first!;
    expect(() => t.app.get(EntityTypes).register({ type: 'Deal', target: 'deals' })).toThrow('twice');
    expect(() => t.app.get(FileReferences).register({ table: 'brands', column: 'image_url' })).toThrow(
      'twice',
    );
    expect(() => t.app.get(ConstraintNames).register({ uq_product_barcodes__barcode: 'x' })).toThrow('twice');
  });

  it('gives a second application in the same process registries of its own', async () => {
    await first!.close();
    first = undefined;
    seenByFirst.length = 0;
    second = await startApp();
    registries.forEach((r, i) => expect(second!.app.get(r)).not.toBe(firstRegistries[i]));
    expectFilledOnce(second);
    await answersWithRegistrations(second);
    // the observer added to the first application never ran for the second one
    expect(seenByFirst).toEqual([]);
  });
});
