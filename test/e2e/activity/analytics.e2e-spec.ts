import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

/** The raw bytes of an answer (supertest parses only text and JSON by itself). */
const binary = (req: ReturnType<Caller['get']>) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

async function readSheet(res: Response) {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its Buffer parameter against an older @types/node.
  await workbook.xlsx.load(res.body as never);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
}

const today = new Date().toISOString().slice(0, 10);

describe('Activity statistics, analytics and reports', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let member: Caller;

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    member = await ws.member('Member');
  });
  afterAll(() => t.close());

  describe('activity statistics', () => {
    beforeAll(async () => {
      const a = await member.post('/core-api/accounts', { displayName: 'Stats A' });
      await member.post('/core-api/accounts', { displayName: 'Stats B' });
      await member.put(`/core-api/accounts/${a.body.id}`, { displayName: 'Stats A2' });
      await member.post('/core-api/contacts', { firstName: 'Stat', lastName: 'Person' });
      await other.owner.post('/core-api/accounts', { displayName: 'Not ours' });
    });

    it('counts activities per entity type and type in a period', async () => {
      const res = await viewer.get(
        `/core-api/statistics/activity?from=${today}&to=${today}&entity_types=Account,Contact`,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        from: today,
        to: today,
        total: 4,
        data: [
          { entityType: 'Account', type: 'AccountCreated', count: 2 },
          { entityType: 'Account', type: 'AccountDisplayNameUpdated', count: 1 },
          { entityType: 'Contact', type: 'ContactCreated', count: 1 },
        ],
      });
      const only = await viewer.get('/core-api/statistics/activity?types=AccountCreated');
      expect(only.body.data).toEqual([{ entityType: 'Account', type: 'AccountCreated', count: 2 }]);
      const past = await viewer.get('/core-api/statistics/activity?from=2020-01-01&to=2020-12-31');
      expect(past.body).toEqual({ from: '2020-01-01', to: '2020-12-31', total: 0, data: [] });
    });

    it('counts per day, week and month, listing empty periods', async () => {
      const day = await viewer.get(
        `/core-api/statistics/activity/timeline?from=2026-01-01&to=${today}&granularity=Month&entity_types=Account`,
      );
      expect(day.status).toBe(200);
      expect(day.body.granularity).toBe('Month');
      expect(day.body.periods[0]).toEqual({ period: '2026-01-01', count: 0 });
      expect(day.body.periods.at(-1)).toEqual({ period: `${today.slice(0, 7)}-01`, count: 3 });
      expect(day.body.total).toBe(3);
      const week = await viewer.get(
        `/core-api/statistics/activity/timeline?from=${today}&to=${today}&granularity=Week`,
      );
      const monday = new Date(`${today}T00:00:00Z`);
      monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
      expect(week.body.periods).toEqual([
        { period: monday.toISOString().slice(0, 10), count: expect.any(Number) },
      ]);
      const daily = await viewer.get('/core-api/statistics/activity/timeline?from=2026-02-27&to=2026-03-02');
      expect(daily.body.periods.map((p: { period: string }) => p.period)).toEqual([
        '2026-02-27',
        '2026-02-28',
        '2026-03-01',
        '2026-03-02',
      ]);
    });

    it('answers 400 naming the field for a bad period or granularity', async () => {
      const reversed = await viewer.get('/core-api/statistics/activity?from=2026-05-02&to=2026-05-01');
      expect(reversed.status).toBe(400);
      expect(Object.keys(reversed.body.errors)).toEqual(['from']);
      const hour = await viewer.get('/core-api/statistics/activity/timeline?granularity=Hour');
      expect(hour.status).toBe(400);
      expect(Object.keys(hour.body.errors)).toEqual(['granularity']);
      const tooMany = await viewer.get(
        '/core-api/statistics/activity/timeline?from=2000-01-01&to=2026-01-01',
      );
      expect(tooMany.status).toBe(400);
      expect(Object.keys(tooMany.body.errors)).toEqual(['granularity']);
      expect((await viewer.get('/core-api/statistics/activity?from=yesterday')).status).toBe(400);
      expect((await (await ws.client()).get('/core-api/statistics/activity')).status).toBe(403);
      expect((await t.http.get('/core-api/statistics/activity/timeline')).status).toBe(401);
    });

    it('counts only the caller’s workspace', async () => {
      const res = await other.owner.get(`/core-api/statistics/activity?entity_types=Account`);
      expect(res.body.data).toEqual([{ entityType: 'Account', type: 'AccountCreated', count: 1 }]);
    });
  });

  describe('deals: periods and the xlsx report', () => {
    let pipeline: { id: string; statuses: Array<{ id: string; kind: string }> };
    beforeAll(async () => {
      pipeline = (
        await member.post('/core-api/pipelines', {
          title: 'Analytics',
          statuses: [
            { title: 'Open', successRate: 10 },
            { title: 'Won', successRate: 100, kind: 'Won' },
            { title: 'Lost', successRate: 0, kind: 'Lost' },
          ],
        })
      ).body;
      const [open, won, lost] = pipeline.statuses;
      const account = await member.post('/core-api/accounts', { displayName: 'Deal Buyer' });
      for (const [title, revenue, status] of [
        ['Big win', 1000.5, won],
        ['Small win', 99.25, won],
        ['Lost one', 500, lost],
        ['Still open', 42, open],
      ] as const)
        await member.post('/core-api/deals', {
          title,
          pipelineId: pipeline.id,
          statusId: status.id,
          expectedRevenue: revenue,
          accountId: account.body.id,
          ownerId: member.userId,
          startDate: '2026-03-01',
          tags: ['q1'],
        });
    });

    it('sums won and lost revenue per month and quarter', async () => {
      const res = await viewer.get(`/core-api/analytics/deals/periods?from=${today}&to=${today}`);
      expect(res.status).toBe(200);
      const month = `${today.slice(0, 7)}-01`;
      expect(res.body).toEqual({
        from: today,
        to: today,
        granularity: 'Month',
        totals: { won: 2, wonRevenue: 1099.75, lost: 1, lostRevenue: 500 },
        periods: [{ period: month, won: 2, wonRevenue: 1099.75, lost: 1, lostRevenue: 500 }],
      });
      const quarter = await viewer.get(`/core-api/analytics/deals/periods?granularity=Quarter&to=${today}`);
      expect(quarter.body.totals).toEqual({ won: 2, wonRevenue: 1099.75, lost: 1, lostRevenue: 500 });
      expect(quarter.body.periods.length).toBeGreaterThanOrEqual(4);
      const none = await other.owner.get(`/core-api/analytics/deals/periods?from=${today}&to=${today}`);
      expect(none.body.totals).toEqual({ won: 0, wonRevenue: 0, lost: 0, lostRevenue: 0 });
    });

    it('answers 400 naming the field for a bad period or granularity', async () => {
      const bad = await viewer.get('/core-api/analytics/deals/periods?granularity=Week');
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(['granularity']);
      const reversed = await viewer.get('/core-api/analytics/deals/periods?from=2026-05-02&to=2026-05-01');
      expect(Object.keys(reversed.body.errors)).toEqual(['from']);
      expect((await viewer.get('/core-api/analytics/deals/periods?pipeline_ids=nope')).status).toBe(400);
    });

    it('exports the deals as xlsx: typed cells, frozen filterable header, the list’s filters', async () => {
      const res = await binary(viewer.get('/core-api/reports/deals?SortBy=Title'));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers['content-disposition']).toBe('attachment; filename="deals.xlsx"');
      const { sheet, rows } = await readSheet(res);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(rows[0].slice(0, 6)).toEqual([
        'Title',
        'Pipeline',
        'Status',
        'Status kind',
        'Expected revenue',
        'Success rate (%)',
      ]);
      expect(rows.slice(1).map((r) => r[0])).toEqual(['Big win', 'Lost one', 'Small win', 'Still open']);
      const big = rows[1];
      expect(big.slice(0, 8)).toEqual([
        'Big win',
        'Analytics',
        'Won',
        'Won',
        1000.5,
        100,
        'Deal Buyer',
        expect.any(String),
      ]);
      expect(big[8]).toEqual(new Date('2026-03-01T00:00:00Z'));
      expect(big[9]).toBeUndefined();
      expect(big[11]).toBeInstanceOf(Date);
      expect(big[12]).toBe(false);
      expect(big[13]).toBe('q1');
      expect(sheet.getCell('E2').numFmt).toBe('#,##0.00');

      const filtered = await binary(
        viewer.get('/core-api/reports/deals?Query=win&SortBy=ExpectedRevenue&SortOrder=Desc'),
      );
      expect((await readSheet(filtered)).rows.slice(1).map((r) => r[0])).toEqual(['Big win', 'Small win']);
      const theirs = await binary(other.owner.get('/core-api/reports/deals'));
      expect((await readSheet(theirs)).rows).toHaveLength(1);
      expect((await viewer.get('/core-api/reports/deals?SortBy=Nope')).status).toBe(400);
      expect((await (await ws.client()).get('/core-api/reports/deals')).status).toBe(403);
    });
  });

  it('exports the category hierarchy as xlsx, depth first with levels and paths', async () => {
    const root = await member.post('/core-api/catalog/productcategories', { name: 'Tools', displayOrder: 1 });
    const child = await member.post('/core-api/catalog/productcategories', {
      name: 'Saws',
      parentId: root.body.id,
    });
    await member.post('/core-api/catalog/productcategories', { name: 'Band saws', parentId: child.body.id });
    await member.post('/core-api/catalog/productcategories', { name: 'Garden', displayOrder: 2 });
    const res = await binary(viewer.get('/core-api/reports/productcategories/hierarchy'));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="product-categories.xlsx"');
    const { sheet, rows } = await readSheet(res);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      ['Level', 'Path', 'Name'],
      [1, 'Tools', 'Tools'],
      [2, 'Tools > Saws', 'Saws'],
      [3, 'Tools > Saws > Band saws', 'Band saws'],
      [1, 'Garden', 'Garden'],
    ]);
    const theirs = await binary(other.owner.get('/core-api/reports/productcategories/hierarchy'));
    expect((await readSheet(theirs)).rows).toHaveLength(1);
  });

  it('exports the whole workspace as NDJSON without secrets or other workspaces’ data', async () => {
    await ws.owner.post('/core-api/identities', {
      username: 'export-client',
      email: 'export-client@example.test',
      password: 'client-password-123',
    });
    const res = await binary(ws.owner.get('/core-api/analytics/export'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="workspace-.*\.ndjson"$/);
    const text = (res.body as Buffer).toString();
    const lines = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0].resource).toBe('export');
    expect(lines[0].data.resources).toEqual(
      expect.arrayContaining(['accounts', 'deals', 'users', 'webhooks']),
    );
    const of = (resource: string) => lines.filter((l) => l.resource === resource).map((l) => l.data);
    expect(
      of('accounts')
        .map((a) => a.displayName)
        .sort(),
    ).toEqual(['Deal Buyer', 'Stats A2', 'Stats B']);
    expect(of('accounts')[0]).toMatchObject({ workspaceId: ws.id, id: expect.any(String) });
    expect(of('deals')).toHaveLength(4);
    expect(of('clientLogins')).toEqual(
      expect.arrayContaining([expect.objectContaining({ username: 'export-client' })]),
    );
    expect(of('users').length).toBeGreaterThanOrEqual(3);
    expect(text).not.toMatch(/passwordHash|password_hash|\$argon2|refreshTokenHash/);
    expect(text).not.toContain('Not ours');
    expect(lines.every((l) => l.resource === 'export' || l.data.workspaceId === ws.id)).toBe(true);

    expect((await member.get('/core-api/analytics/export')).status).toBe(403);
    expect((await viewer.get('/core-api/analytics/export')).status).toBe(403);
  });
});
