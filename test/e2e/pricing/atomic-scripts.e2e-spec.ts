import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { rulesNotAppliedMessage } from '../../../src/pricing/prices/pricing.service';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

/** Atomic scripts: CRUD, the sandbox, and scripts changing prices and adding messages. */
describe('Atomic scripts', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let member: Caller;
  let admin: Caller;
  let client: Caller;
  let hammer: { id: string };

  const script = (body: object) =>
    admin.post('/core-api/atomicscripts', { name: 'Rule', trigger: 'PriceCalculation', ...body });
  const priceOf = async (quantity = 1) => {
    const res = await client.get(`/commerce-api/catalog/products/price/${hammer.id}?quantity=${quantity}`);
    expect(res.status).toBe(200);
    return res.body as { customerPrice: number | null; shouldRequestPrice: boolean; messages: string[] };
  };

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    member = await ws.member('Member');
    admin = await ws.member('Admin');
    client = await ws.client();
    hammer = (
      await ws.owner.post('/core-api/catalog/products', {
        name: 'Hammer',
        sku: 'HAM-1',
        pricing: { salesPrice: 20 },
      })
    ).body;
  });
  afterAll(() => t.close());

  it('creates, reads, lists, replaces and deletes a script, with activities', async () => {
    const created = await script({
      name: 'Bulk note',
      code: 'return { messages: ["hi"] };',
      displayOrder: 5,
      externalReference: 'r-1',
    });
    expect(created.status).toBe(200);
    const id = created.body.id;
    expect(created.body).toMatchObject({
      name: 'Bulk note',
      description: null,
      trigger: 'PriceCalculation',
      code: 'return { messages: ["hi"] };',
      active: true,
      displayOrder: 5,
      externalReference: 'r-1',
      workspace: ws.id,
    });
    expect((await viewer.get(`/core-api/atomicscripts/${id}`)).body).toEqual(created.body);
    const list = await viewer.get('/core-api/atomicscripts?triggers=PriceCalculation&active=true&Query=bulk');
    expect(list.body).toEqual({ data: [expect.objectContaining({ id })], total: 1 });
    const replaced = await admin.put(`/core-api/atomicscripts/${id}`, {
      id,
      name: 'Off',
      trigger: 'PriceCalculation',
      code: 'return;',
      active: false,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ active: false, displayOrder: 0, externalReference: null });
    expect((await viewer.get('/core-api/atomicscripts?active=true')).body.total).toBe(0);
    expect((await admin.delete(`/core-api/atomicscripts/${id}`)).status).toBe(200);
    expect((await viewer.get(`/core-api/atomicscripts/${id}`)).status).toBe(404);
    const types = (await ws.owner.get(`/core-api/activities?entity_ids=${id}&Take=100`)).body.data.map(
      (a: { type: string }) => a.type,
    );
    expect(types).toEqual(
      expect.arrayContaining([
        'AtomicScriptCreated',
        'AtomicScriptActiveUpdated',
        'AtomicScriptCodeUpdated',
        'AtomicScriptDeleted',
      ]),
    );
  });

  it('rejects bad scripts with the parser’s message, and bad fields', async () => {
    const syntax = await script({ code: 'return {' });
    expect(syntax.status).toBe(400);
    expect(syntax.body.errors.code[0]).toMatch(/SyntaxError/);
    const fields = await script({ name: '', trigger: 'OnSave', code: 'x'.repeat(65536), displayOrder: 1.5 });
    expect(fields.status).toBe(400);
    expect(Object.keys(fields.body.errors).sort()).toEqual(['code', 'displayOrder', 'name', 'trigger']);
  });

  it('needs Admin to write, Viewer to read; other workspaces and clients see nothing', async () => {
    const id = (await script({ code: 'return;', active: false })).body.id;
    expect(
      (
        await member.post('/core-api/atomicscripts', {
          name: 'x',
          trigger: 'PriceCalculation',
          code: 'return;',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await member.put(`/core-api/atomicscripts/${id}`, {
          name: 'x',
          trigger: 'PriceCalculation',
          code: 'return;',
        })
      ).status,
    ).toBe(403);
    expect((await member.delete(`/core-api/atomicscripts/${id}`)).status).toBe(403);
    expect((await viewer.get(`/core-api/atomicscripts/${id}`)).status).toBe(200);
    expect((await other.owner.get(`/core-api/atomicscripts/${id}`)).status).toBe(404);
    expect((await other.owner.delete(`/core-api/atomicscripts/${id}`)).status).toBe(404);
    expect((await other.owner.get('/core-api/atomicscripts')).body.total).toBe(0);
    expect((await client.get('/core-api/atomicscripts')).status).toBe(403);
    await admin.delete(`/core-api/atomicscripts/${id}`);
  });

  it('changes prices and adds messages, in order; a change takes effect at once', async () => {
    expect(await priceOf()).toMatchObject({ customerPrice: 20, messages: [] });
    const first = await script({
      name: 'Volume',
      displayOrder: 1,
      code: 'if (input.quantity >= 10) return { customerPrice: input.customerPrice - 1, messages: ["Volume discount"] };',
    });
    const second = await script({
      name: 'Note',
      displayOrder: 2,
      code: 'return { messages: ["Price seen: " + input.customerPrice + " for " + (input.account ? input.account.displayName : "nobody")] };',
    });
    expect(await priceOf(1)).toMatchObject({ customerPrice: 20, messages: ['Price seen: 20 for nobody'] });
    expect(await priceOf(10)).toMatchObject({
      customerPrice: 19,
      messages: ['Volume discount', 'Price seen: 19 for nobody'],
    });
    // Core prices carry them too; so does the batch.
    expect(
      (await viewer.get(`/core-api/catalog/products/price/${hammer.id}?quantity=10`)).body.messages,
    ).toHaveLength(2);
    const batch = await client.post('/commerce-api/catalog/products/prices', [
      { identifier: 'HAM-1', quantity: 10 },
    ]);
    expect(batch.body[0]).toMatchObject({
      customerPrice: 19,
      messages: ['Volume discount', 'Price seen: 19 for nobody'],
    });
    await admin.put(`/core-api/atomicscripts/${first.body.id}`, {
      name: 'Ask',
      trigger: 'PriceCalculation',
      displayOrder: 1,
      code: 'return { shouldRequestPrice: true, customerPrice: null };',
    });
    expect(await priceOf(10)).toMatchObject({ customerPrice: null, shouldRequestPrice: true });
    await admin.delete(`/core-api/atomicscripts/${first.body.id}`);
    await admin.delete(`/core-api/atomicscripts/${second.body.id}`);
    expect(await priceOf(10)).toMatchObject({ customerPrice: 20, shouldRequestPrice: false, messages: [] });
  });

  it('sandboxes scripts: no process, require, fetch; a script that loops, runs out of memory, throws or answers nonsense fails its line closed', async () => {
    const probe = await script({
      name: 'Probe',
      displayOrder: 1,
      code: 'return { messages: [typeof process, typeof require, typeof fetch, typeof globalThis.setTimeout, typeof XMLHttpRequest] };',
    });
    expect((await priceOf()).messages).toEqual([
      'undefined',
      'undefined',
      'undefined',
      'undefined',
      'undefined',
    ]);
    await admin.delete(`/core-api/atomicscripts/${probe.body.id}`);
    const polite = await script({
      name: 'Polite',
      displayOrder: 100,
      code: 'return { messages: ["still here"] };',
    });
    const hostile = [
      'process.exit(1);',
      'require("fs").readFileSync("/etc/passwd");',
      'fetch("http://127.0.0.1/");',
      'while (true) {}',
      'const a = []; for (;;) a.push(new Array(1e6).fill(1));',
      'return { customerPrice: "free" };',
      'throw new Error("boom");',
      'function f() { return f(); } return f();',
      'return { messages: [{}] };',
    ];
    for (const [i, code] of hostile.entries()) {
      const saved = await script({ name: `Hostile ${i}`, displayOrder: i + 10, code });
      expect(saved.status).toBe(200);
      // Fail closed: never the price without the rule (20), never a 5xx.
      expect(await priceOf()).toEqual(
        expect.objectContaining({
          customerPrice: null,
          shouldRequestPrice: true,
          messages: [rulesNotAppliedMessage],
        }),
      );
      expect((await admin.delete(`/core-api/atomicscripts/${saved.body.id}`)).status).toBe(200);
      expect(await priceOf(2)).toMatchObject({ customerPrice: 20, messages: ['still here'] });
    }
    await admin.delete(`/core-api/atomicscripts/${polite.body.id}`);
    expect((await viewer.get('/core-api/atomicscripts')).body.total).toBe(0);
  });

  it('keeps each workspace to its own scripts', async () => {
    const theirs = await other.owner.post('/core-api/atomicscripts', {
      name: 'Theirs',
      trigger: 'PriceCalculation',
      code: 'return { customerPrice: 0, messages: ["other workspace"] };',
    });
    expect(theirs.status).toBe(200);
    expect(await priceOf()).toMatchObject({ customerPrice: 20, messages: [] });
  });

  // Two instances need one database: the PostgreSQL server (each embedded app has its own). On the
  // embedded database the change is seen by the one instance, through the same notification.
  it('runs a change from the next price on, even when its notification never arrives', async () => {
    const saved = await script({ name: 'Unnotified', code: 'return { messages: ["v1"] };' });
    expect((await priceOf()).messages).toEqual(['v1']); // compiled and cached
    // The change as another instance would make it, with its notification lost: the price's own
    // statement reads the scripts' version, and the cached set is stale.
    await t.app.get(DataSource).transaction(async (m) => {
      await m.query('ALTER TABLE atomic_scripts DISABLE TRIGGER tr_atomic_scripts__changed');
      await m.query(
        `UPDATE atomic_scripts SET code = 'return { messages: ["v2"] };', version = version + 1 WHERE id = $1`,
        [saved.body.id],
      );
      await m.query('ALTER TABLE atomic_scripts ENABLE TRIGGER tr_atomic_scripts__changed');
    });
    expect((await priceOf()).messages).toEqual(['v2']);
    expect((await admin.delete(`/core-api/atomicscripts/${saved.body.id}`)).status).toBe(200);
    expect((await priceOf()).messages).toEqual([]);
  });

  it('drops the compiled scripts on every instance when one changes them', async () => {
    const second = process.env.TEST_DATABASE_URL ? await startApp() : null;
    try {
      const ws2 = second ? await second.login(ws.owner.userId, 'User', ws.id, ws.owner.username) : admin;
      const client2 = second ? await second.login(client.userId, 'Client', ws.id, client.username) : client;
      const priceThere = async () =>
        (await client2.get(`/commerce-api/catalog/products/price/${hammer.id}`)).body;
      const saved = await script({ name: 'Everywhere', code: 'return { messages: ["v1"] };' });
      expect((await priceThere()).messages).toEqual(['v1']); // compiled and cached there
      await admin.put(`/core-api/atomicscripts/${saved.body.id}`, {
        name: 'Everywhere',
        trigger: 'PriceCalculation',
        code: 'return { messages: ["v2"] };',
      });
      // The notification reaches the other instance's idle connections within milliseconds.
      let seen: string[] = [];
      for (let i = 0; i < 50 && seen[0] !== 'v2'; i++) {
        await new Promise((r) => setTimeout(r, 20));
        seen = (await priceThere()).messages;
      }
      expect(seen).toEqual(['v2']);
      expect((await ws2.delete(`/core-api/atomicscripts/${saved.body.id}`)).status).toBe(200);
      expect((await priceOf()).messages).toEqual([]);
    } finally {
      await second?.close();
    }
  });
});
