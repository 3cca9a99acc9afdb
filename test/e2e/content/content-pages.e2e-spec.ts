import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

describe('Content pages', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let viewer: Caller;
  let member: Caller;
  const base = '/core-api/cms/contentpages';

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    viewer = await ws.member('Viewer');
    member = await ws.member('Member');
    expect(
      (await ws.owner.post('/core-api/internationalization/languages/supported', { languageCode: 'nl' }))
        .status,
    ).toBe(200);
  });
  afterAll(() => t.close());

  it('creates, reads, replaces and deletes a page, recording activities', async () => {
    const created = await member.post(base, {
      title: 'Terms & Conditions',
      language: 'en',
      body: '# Terms\n\n> quoted <b>text</b>',
      seo: { metaTitle: 'Terms', keywords: ['terms'] },
      externalReference: 'cms-1',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      title: 'Terms & Conditions',
      slug: 'terms-conditions',
      language: 'en',
      bodyFormat: 'Markdown',
      body: '# Terms\n\n> quoted <b>text</b>',
      isPublished: false,
      publishedAt: null,
      seo: { metaTitle: 'Terms', metaDescription: null, keywords: ['terms'] },
      externalReference: 'cms-1',
    });
    expect(created.headers.etag).toBeDefined();
    const id = created.body.id as string;
    expect((await viewer.get(`${base}/${id}`)).body.slug).toBe('terms-conditions');

    const published = await member.put(`${base}/${id}`, {
      title: 'Terms',
      language: 'en',
      isPublished: true,
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      slug: 'terms-conditions',
      body: null,
      isPublished: true,
      externalReference: null,
    });
    expect(Date.parse(published.body.publishedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Still published: the date stays.
    const again = await member.put(`${base}/${id}`, { title: 'Terms', language: 'en', isPublished: true });
    expect(again.body.publishedAt).toBe(published.body.publishedAt);

    const list = await viewer.get(`${base}?is_published=true&languages=en&Query=term`);
    expect(list.body.data.map((p: { id: string }) => p.id)).toEqual([id]);

    expect((await member.delete(`${base}/${id}`)).status).toBe(200);
    expect((await viewer.get(`${base}/${id}`)).status).toBe(404);
    const acts = await ws.owner.get(
      `/core-api/activities?types=ContentPageCreated,ContentPageDeleted,ContentPageIsPublishedUpdated`,
    );
    expect(acts.body.total).toBe(3);
  });

  it('sanitises an Html body: no scripts, no event handlers, no javascript: links', async () => {
    const res = await member.post(base, {
      title: 'About',
      language: 'en',
      bodyFormat: 'Html',
      body:
        '<h1 onclick="steal()">About</h1><script>alert(1)</script><p style="x">Hi <a href="javascript:alert(1)">x</a>' +
        '<img src="https://cdn.example.com/a.png" onerror="alert(1)"></p><iframe src="https://evil.example"></iframe>',
    });
    expect(res.status).toBe(200);
    expect(res.body.body).toBe('<h1>About</h1><p>Hi <a>x</a><img src="https://cdn.example.com/a.png" /></p>');
    const put = await member.put(`${base}/${res.body.id}`, {
      title: 'About',
      language: 'en',
      bodyFormat: 'Html',
      body: '<p><svg onload="alert(1)"></svg>ok</p>',
    });
    expect(put.body.body).toBe('<p>ok</p>');
  });

  it('keeps slugs unique per workspace and language, suffixing generated ones', async () => {
    const a = await member.post(base, { title: 'Shipping', language: 'en' });
    const b = await member.post(base, { title: 'Shipping', language: 'en' });
    expect([a.body.slug, b.body.slug]).toEqual(['shipping', 'shipping-2']);
    const nl = await member.post(base, { title: 'Verzending', slug: 'shipping', language: 'nl' });
    expect(nl.status).toBe(200);
    const dup = await member.post(base, { title: 'Other', slug: 'shipping', language: 'en' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toHaveProperty('slug');
    const moved = await member.put(`${base}/${b.body.id}`, {
      title: 'Shipping',
      slug: 'shipping',
      language: 'en',
    });
    expect(moved.status).toBe(409);
    const race = await Promise.all(
      [1, 2, 3].map(() => member.post(base, { title: 'Race', slug: 'race', language: 'en' })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    // Another workspace may use the same slug.
    const other = await t.workspace('Other');
    expect(
      (await other.owner.post(base, { title: 'Shipping', slug: 'shipping', language: 'en' })).status,
    ).toBe(200);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: Array<[object, string]> = [
      [{ language: 'en' }, 'title'],
      [{ title: 'x'.repeat(256), language: 'en' }, 'title'],
      [{ title: 'T' }, 'language'],
      [{ title: 'T', language: 'de' }, 'language'],
      [{ title: 'T', language: 'en', slug: 'Not A Slug' }, 'slug'],
      [{ title: 'T', language: 'en', bodyFormat: 'Pdf' }, 'bodyFormat'],
      [{ title: 'T', language: 'en', body: 'x'.repeat(65536) }, 'body'],
      [{ title: 'T', language: 'en', publishedAt: 'yesterday' }, 'publishedAt'],
      [{ title: 'T', language: 'en', isPublished: 'yes' }, 'isPublished'],
      [{ title: 'T', language: 'en', seo: { keywords: new Array(101).fill('k') } }, 'seo.keywords'],
    ];
    for (const [body, field] of cases) {
      const res = await member.post(base, body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect((await member.get(`${base}?SortBy=Nope`)).status).toBe(400);
  });

  it('answers 404 for another workspace’s page and 403 for Viewers on writes', async () => {
    const other = await t.workspace('Foreign');
    const theirs = (await other.owner.post(base, { title: 'Secret', language: 'en' })).body.id as string;
    expect((await member.get(`${base}/${theirs}`)).status).toBe(404);
    expect((await member.put(`${base}/${theirs}`, { title: 'Mine', language: 'en' })).status).toBe(404);
    expect((await member.delete(`${base}/${theirs}`)).status).toBe(404);
    expect((await member.get(`${base}?ids=${theirs}`)).body.total).toBe(0);
    expect((await viewer.post(base, { title: 'No', language: 'en' })).status).toBe(403);
    const mine = (await member.post(base, { title: 'Mine', language: 'en' })).body.id as string;
    expect((await viewer.put(`${base}/${mine}`, { title: 'No', language: 'en' })).status).toBe(403);
    expect((await viewer.delete(`${base}/${mine}`)).status).toBe(403);
    expect((await (await ws.client()).get(base)).status).toBe(403);
    const stale = await member.put(`${base}/${mine}`, { title: 'x', language: 'en' }).set('If-Match', '"42"');
    expect(stale.status).toBe(412);
  });
});
