import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource, EntityManager } from 'typeorm';
import {
  ProductAttributeCategoryEntity,
  ProductAttributeEntity,
} from '../../../src/catalog/attributes/attribute.entity';
import { ProductCategoryEntity } from '../../../src/catalog/categories/category.entity';
import { ProductAttributeValueEntity } from '../../../src/catalog/products/product-attribute-value.entity';
import { ProductCategoryLinkEntity } from '../../../src/catalog/products/product-category-link.entity';
import { ProductImageEntity } from '../../../src/catalog/products/product-image.entity';
import { ProductEntity } from '../../../src/catalog/products/product.entity';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const path = '/core-api/catalog/products/issues';

interface IssueRow {
  productId: string;
  name: string;
  sku: string | null;
  issues: string[];
  missingAttributeIds: string[];
}

/**
 * Known data, built row by row, and the numbers it must give:
 *   category C1 requires Colour and Width, C2 requires Colour, C3 requires nothing.
 *   Alpha   (C1)     image, description, Colour+Width          → no issue
 *   Bravo   (C1)     —,     —,           Colour, Width empty    → images, description, attributes [Width]
 *   Charlie (C2)     image, blank description, no values        → description, attributes [Colour]
 *   Delta   (C1, C2) image, description, only Weight            → attributes [Colour, Width]
 *   Echo    (C3)     —,     description                         → images
 *   Foxtrot (none)   image, description                         → no issue
 */
describe('Product issues', () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;
  let member: Caller;
  const p: Record<string, string> = {};
  const c: Record<string, string> = {};
  const a: Record<string, string> = {};
  let charlieContent: string;

  const row = <T>(m: EntityManager, target: new () => T, data: object) =>
    m.insert(target, { id: randomUUID(), workspaceId: ws.id, ...data });
  const sorted = (ids: string[]) => [...ids].sort();
  const names = (body: { data: IssueRow[] }) => body.data.map((r) => r.name);
  const description = async (productId: string, text: string) => {
    const res = await member.post('/core-api/catalog/products/content', {
      productId,
      language: 'en',
      title: 'T',
      description: text,
    });
    expect(res.status).toBe(200);
    return res.body.id as string;
  };

  beforeAll(async () => {
    t = await startApp();
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
    member = await ws.member('Member');
    const m = t.app.get(DataSource).manager;
    for (const name of ['C1', 'C2', 'C3']) {
      c[name] = randomUUID();
      await m.insert(ProductCategoryEntity, {
        id: c[name],
        workspaceId: ws.id,
        name,
        slug: `${name.toLowerCase()}-${c[name].slice(0, 6)}`,
      });
    }
    for (const name of ['Colour', 'Width', 'Weight']) {
      a[name] = randomUUID();
      await m.insert(ProductAttributeEntity, { id: a[name], workspaceId: ws.id, name });
    }
    await row(m, ProductAttributeCategoryEntity, { attributeId: a.Colour, categoryId: c.C1 });
    await row(m, ProductAttributeCategoryEntity, { attributeId: a.Width, categoryId: c.C1 });
    await row(m, ProductAttributeCategoryEntity, { attributeId: a.Colour, categoryId: c.C2 });
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot']) {
      p[name] = randomUUID();
      await m.insert(ProductEntity, {
        id: p[name],
        workspaceId: ws.id,
        name,
        slug: `${name.toLowerCase()}-${p[name].slice(0, 6)}`,
        sku: `SKU-${name}`,
      });
    }
    const link = (product: string, category: string) =>
      row(m, ProductCategoryLinkEntity, { productId: p[product], categoryId: c[category] });
    const value = (product: string, attribute: string, values: string[]) =>
      row(m, ProductAttributeValueEntity, { productId: p[product], attributeId: a[attribute], values });
    const image = (product: string) =>
      row(m, ProductImageEntity, { productId: p[product], url: `https://img.example/${product}.png` });
    await link('Alpha', 'C1');
    await link('Bravo', 'C1');
    await link('Charlie', 'C2');
    await link('Delta', 'C1');
    await link('Delta', 'C2');
    await link('Echo', 'C3');
    for (const name of ['Alpha', 'Charlie', 'Delta', 'Foxtrot']) await image(name);
    await value('Alpha', 'Colour', ['red']);
    await value('Alpha', 'Width', ['10']);
    await value('Bravo', 'Colour', ['blue']);
    await value('Bravo', 'Width', []);
    await value('Delta', 'Weight', ['5']);
    for (const name of ['Alpha', 'Delta', 'Echo', 'Foxtrot']) await description(p[name], `About ${name}`);
    charlieContent = await description(p.Charlie, '   ');
    // a product of another workspace, with every issue
    await m.insert(ProductEntity, {
      id: randomUUID(),
      workspaceId: other.id,
      name: 'Zulu',
      slug: 'zulu',
      sku: 'SKU-Zulu',
    });
  });
  afterAll(() => t.close());

  it('lists the products with issues, their kinds and missing attributes, by the catalog rules', async () => {
    const res = await viewer.get(path);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    expect(res.body.data).toEqual([
      {
        productId: p.Bravo,
        name: 'Bravo',
        sku: 'SKU-Bravo',
        issues: ['MissingImages', 'MissingDescription', 'MissingAttributes'],
        missingAttributeIds: [a.Width],
      },
      {
        productId: p.Charlie,
        name: 'Charlie',
        sku: 'SKU-Charlie',
        issues: ['MissingDescription', 'MissingAttributes'],
        missingAttributeIds: [a.Colour],
      },
      {
        productId: p.Delta,
        name: 'Delta',
        sku: 'SKU-Delta',
        issues: ['MissingAttributes'],
        missingAttributeIds: sorted([a.Colour, a.Width]),
      },
      {
        productId: p.Echo,
        name: 'Echo',
        sku: 'SKU-Echo',
        issues: ['MissingImages'],
        missingAttributeIds: [],
      },
    ]);
  });

  it('uses the same rules as the isMissing* filters of POST products/list', async () => {
    const filters = {
      MissingImages: 'isMissingImages',
      MissingDescription: 'isMissingDescription',
      MissingAttributes: 'isMissingAttributes',
    };
    for (const [kind, flag] of Object.entries(filters)) {
      const listed = await viewer.post('/core-api/catalog/products/list', { [flag]: true, take: 1000 });
      expect(listed.status).toBe(200);
      const issues = await viewer.get(`${path}?types=${kind}&Take=1000`);
      expect([kind, sorted(listed.body.data.map((x: { id: string }) => x.id))]).toEqual([
        kind,
        sorted(issues.body.data.map((r: IssueRow) => r.productId)),
      ]);
      expect(listed.body.total).toBeGreaterThan(0);
    }
  });

  it('filters by types and category_ids, pages, sorts and searches', async () => {
    expect(names((await viewer.get(`${path}?types=MissingImages`)).body)).toEqual(['Bravo', 'Echo']);
    expect(names((await viewer.get(`${path}?types=MissingDescription&types=MissingImages`)).body)).toEqual([
      'Bravo',
      'Charlie',
      'Echo',
    ]);
    expect(names((await viewer.get(`${path}?category_ids=${c.C2}`)).body)).toEqual(['Charlie', 'Delta']);
    expect(
      names((await viewer.get(`${path}?category_ids=${c.C1},${c.C3}&types=MissingImages`)).body),
    ).toEqual(['Bravo', 'Echo']);
    expect(names((await viewer.get(`${path}?category_ids=${c.C3}&types=MissingAttributes`)).body)).toEqual(
      [],
    );
    const page = await viewer.get(`${path}?Take=2&Skip=1`);
    expect(page.body.total).toBe(4);
    expect(names(page.body)).toEqual(['Charlie', 'Delta']);
    expect(names((await viewer.get(`${path}?SortOrder=Desc&Take=1`)).body)).toEqual(['Echo']);
    expect(names((await viewer.get(`${path}?Query=sku-del`)).body)).toEqual(['Delta']);
  });

  it('counts the products per issue kind, for all products or given categories', async () => {
    const all = await viewer.get(`${path}/statistics`);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      totalProducts: 6,
      productsWithIssues: 4,
      issues: [
        { issue: 'MissingImages', productCount: 2 },
        { issue: 'MissingDescription', productCount: 2 },
        { issue: 'MissingAttributes', productCount: 3 },
      ],
    });
    const c1 = await viewer.get(`${path}/statistics?category_ids=${c.C1}`);
    expect(c1.body).toEqual({
      totalProducts: 3,
      productsWithIssues: 2,
      issues: [
        { issue: 'MissingImages', productCount: 1 },
        { issue: 'MissingDescription', productCount: 1 },
        { issue: 'MissingAttributes', productCount: 2 },
      ],
    });
    const c2c3 = await viewer.get(`${path}/statistics?category_ids=${c.C2}&category_ids=${c.C3}`);
    expect(c2c3.body).toEqual({
      totalProducts: 3,
      productsWithIssues: 3,
      issues: [
        { issue: 'MissingImages', productCount: 1 },
        { issue: 'MissingDescription', productCount: 1 },
        { issue: 'MissingAttributes', productCount: 2 },
      ],
    });
  });

  it('follows the data: a description written through display contents clears MissingDescription', async () => {
    const put = await member.put(`/core-api/catalog/products/content/${charlieContent}`, {
      title: 'T',
      description: 'Now described',
    });
    expect(put.status).toBe(200);
    const charlie = (await viewer.get(`${path}?category_ids=${c.C2}`)).body.data.find(
      (r: IssueRow) => r.name === 'Charlie',
    );
    expect(charlie.issues).toEqual(['MissingAttributes']);
    expect((await viewer.get(`${path}/statistics`)).body.issues[1]).toEqual({
      issue: 'MissingDescription',
      productCount: 1,
    });
    expect(
      (
        await member.put(`/core-api/catalog/products/content/${charlieContent}`, {
          title: 'T',
          description: ' ',
        })
      ).status,
    ).toBe(200);
    expect((await viewer.get(`${path}/statistics`)).body.issues[1]).toEqual({
      issue: 'MissingDescription',
      productCount: 2,
    });
  });

  it('replaces the set of ignored issues: ignored issues and attributes no longer show or count', async () => {
    expect((await viewer.get(`${path}/ignored`)).body).toEqual({ ignored: [] });
    const put = await member.put(`${path}/ignored`, {
      ignored: [
        { productId: p.Echo, issue: 'MissingImages' },
        { productId: p.Delta, issue: 'MissingAttributes', attributeId: a.Width },
        { productId: p.Charlie, issue: 'MissingAttributes' },
        { productId: p.Echo, issue: 'MissingImages', attributeId: null },
      ],
    });
    expect(put.status).toBe(200);
    const expectedSet = [
      { productId: p.Echo, issue: 'MissingImages', attributeId: null },
      { productId: p.Delta, issue: 'MissingAttributes', attributeId: a.Width },
      { productId: p.Charlie, issue: 'MissingAttributes', attributeId: null },
    ];
    expect(sorted(put.body.ignored.map((i: object) => JSON.stringify(i)))).toEqual(
      sorted(expectedSet.map((i) => JSON.stringify(i))),
    );
    expect((await viewer.get(`${path}/ignored`)).body).toEqual(put.body);

    const list = await viewer.get(path);
    expect(list.body.total).toBe(3);
    expect(list.body.data.map((r: IssueRow) => [r.name, r.issues, r.missingAttributeIds])).toEqual([
      ['Bravo', ['MissingImages', 'MissingDescription', 'MissingAttributes'], [a.Width]],
      ['Charlie', ['MissingDescription'], []],
      ['Delta', ['MissingAttributes'], [a.Colour]],
    ]);
    expect((await viewer.get(`${path}/statistics`)).body).toEqual({
      totalProducts: 6,
      productsWithIssues: 3,
      issues: [
        { issue: 'MissingImages', productCount: 1 },
        { issue: 'MissingDescription', productCount: 2 },
        { issue: 'MissingAttributes', productCount: 2 },
      ],
    });
    const ignoredActivity = await ws.owner.get(`/core-api/activities?entity_ids=${p.Echo}`);
    expect(ignoredActivity.body.data).toEqual([
      expect.objectContaining({
        type: 'ProductIssueIgnored',
        entityType: 'Product',
        data: expect.objectContaining({ newValue: { issue: 'MissingImages', attributeId: null } }),
      }),
    ]);

    // a full replacement: what is not listed any more is no longer ignored
    const replaced = await member.put(`${path}/ignored`, {
      ignored: [{ productId: p.Echo, issue: 'MissingImages' }],
    });
    expect(replaced.body).toEqual({
      ignored: [{ productId: p.Echo, issue: 'MissingImages', attributeId: null }],
    });
    const delta = (await viewer.get(`${path}?Query=Delta`)).body.data[0];
    expect(delta.missingAttributeIds).toEqual(sorted([a.Colour, a.Width]));
    const unignored = await ws.owner.get(`/core-api/activities?entity_ids=${p.Charlie}`);
    expect(unignored.body.data.map((x: { type: string }) => x.type).sort()).toEqual([
      'ProductIssueIgnored',
      'ProductIssueUnignored',
    ]);

    expect((await member.put(`${path}/ignored`, { ignored: [] })).body).toEqual({ ignored: [] });
    expect((await viewer.get(path)).body.total).toBe(4);
  });

  it('answers 400 naming each bad field, and changes nothing', async () => {
    await member.put(`${path}/ignored`, { ignored: [{ productId: p.Echo, issue: 'MissingImages' }] });
    const otherProduct = (
      await t.app.get(DataSource).manager.findOneByOrFail(ProductEntity, { workspaceId: other.id })
    ).id;
    const bad = await member.put(`${path}/ignored`, {
      ignored: [
        { productId: p.Bravo, issue: 'MissingImages', attributeId: a.Colour },
        { productId: randomUUID(), issue: 'MissingDescription' },
        { productId: p.Bravo, issue: 'MissingAttributes', attributeId: randomUUID() },
        { productId: otherProduct, issue: 'MissingImages' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'ignored[0].attributeId',
      'ignored[1].productId',
      'ignored[2].attributeId',
      'ignored[3].productId',
    ]);
    const invalid = await member.put(`${path}/ignored`, {
      ignored: [{ productId: 'x', issue: 'MissingPrice', attributeId: 5 }],
    });
    expect(Object.keys(invalid.body.errors).sort()).toEqual([
      'ignored[0].attributeId',
      'ignored[0].issue',
      'ignored[0].productId',
    ]);
    expect((await member.put(`${path}/ignored`, {})).body.errors).toHaveProperty('ignored');
    expect((await viewer.get(`${path}/ignored`)).body.ignored).toHaveLength(1);

    expect((await viewer.get(`${path}?types=MissingPrice`)).body.errors).toHaveProperty('types');
    expect((await viewer.get(`${path}?category_ids=nope`)).body.errors).toHaveProperty('category_ids');
    expect((await viewer.get(`${path}/statistics?category_ids=nope`)).body.errors).toHaveProperty(
      'category_ids',
    );
    expect((await viewer.get(`${path}?Take=1001`)).status).toBe(400);
    await member.put(`${path}/ignored`, { ignored: [] });
  });

  it('keeps other workspaces apart: their products, ignores and counts are their own', async () => {
    const theirs = await other.owner.get(path);
    expect(theirs.body).toEqual({
      data: [
        {
          productId: expect.any(String),
          name: 'Zulu',
          sku: 'SKU-Zulu',
          issues: ['MissingImages', 'MissingDescription'],
          missingAttributeIds: [],
        },
      ],
      total: 1,
    });
    expect((await other.owner.get(`${path}/statistics?category_ids=${c.C1}`)).body.totalProducts).toBe(0);
    const foreign = await other.owner.put(`${path}/ignored`, {
      ignored: [{ productId: p.Bravo, issue: 'MissingImages' }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toHaveProperty(['ignored[0].productId']);
    await other.owner.put(`${path}/ignored`, {
      ignored: [{ productId: theirs.body.data[0].productId, issue: 'MissingImages' }],
    });
    expect((await viewer.get(`${path}/ignored`)).body).toEqual({ ignored: [] });
    expect((await viewer.get(`${path}/statistics`)).body.totalProducts).toBe(6);
  });

  it('documents every operation of contents, favourites and issues in the OpenAPI document', async () => {
    type Operation = {
      tags: string[];
      responses: Record<string, { content?: Record<string, { schema: object }> }>;
    };
    const doc = (await t.http.get('/openapi.json')).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    const expected: Array<[string, string, number[]]> = [
      ['/core-api/catalog/products/content', 'get', [200, 400]],
      ['/core-api/catalog/products/content', 'post', [200, 400, 409]],
      ['/core-api/catalog/products/content/{id}', 'get', [200, 404]],
      ['/core-api/catalog/products/content/{id}', 'put', [200, 400, 404, 412]],
      ['/core-api/catalog/products/content/{id}', 'delete', [200, 404]],
      ['/core-api/catalog/favouriteproducts', 'get', [200, 400]],
      ['/core-api/catalog/favouriteproducts', 'post', [200, 400, 409]],
      ['/core-api/catalog/favouriteproducts/bulk', 'post', [200, 400]],
      ['/core-api/catalog/favouriteproducts/{id}', 'get', [200, 404]],
      ['/core-api/catalog/favouriteproducts/{id}', 'delete', [200, 404]],
      ['/core-api/catalog/products/issues', 'get', [200, 400]],
      ['/core-api/catalog/products/issues/statistics', 'get', [200, 400]],
      ['/core-api/catalog/products/issues/ignored', 'get', [200]],
      ['/core-api/catalog/products/issues/ignored', 'put', [200, 400]],
    ];
    for (const [p, method, statuses] of expected) {
      const op = doc.paths[p]?.[method];
      expect([p, method, op !== undefined]).toEqual([p, method, true]);
      for (const status of statuses)
        expect([p, method, status, op.responses[String(status)] !== undefined]).toEqual([
          p,
          method,
          status,
          true,
        ]);
      expect(op.responses['403']).toBeDefined();
    }
    expect(
      doc.paths['/core-api/catalog/products/issues/ignored'].put.responses['200'].content!['application/json']
        .schema,
    ).toEqual({
      $ref: '#/components/schemas/IgnoredProductIssuesResponse',
    });
  });

  it('lets a Viewer read but not change the ignored issues (403)', async () => {
    expect((await viewer.get(`${path}/ignored`)).status).toBe(200);
    expect((await viewer.put(`${path}/ignored`, { ignored: [] })).status).toBe(403);
  });
  it('takes back what GET issues/ignored answers unchanged, and answers other shapes with a 400', async () => {
    const got = (await member.get(`${path}/ignored`)).body;
    const again = await member.put(`${path}/ignored`, got);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(got);
    const perProduct = await member.put(`${path}/ignored`, {
      productId: '00000000-0000-4000-8000-000000000000',
      ignoredValues: ['MissingImages'],
    });
    expect(perProduct.status).toBe(400);
    expect(perProduct.body.errors).toHaveProperty('ignored');
    expect((await member.get(`${path}/ignored`)).body).toEqual(got);
  });
});
