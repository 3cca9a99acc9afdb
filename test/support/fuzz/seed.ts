import { randomUUID } from 'node:crypto';
import type { Caller } from '../app';

/** Ids of the entities seeded through the API, by the collection path that made them. */
export type Seeded = Map<string, string[]>;

/**
 * A few of each kind, through the API, so path ids and body references hit real entities of the
 * fuzzed workspace (and random UUIDs the rest of the time).
 */
export async function seedWorkspace(owner: Caller): Promise<Seeded> {
  const seeded: Seeded = new Map();
  const create = async (path: string, body: object): Promise<string> => {
    const res = await owner.post(path, body);
    if (res.status !== 200) throw new Error(`seeding ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    const id = (res.body as { id: string }).id;
    seeded.set(path, [...(seeded.get(path) ?? []), id]);
    return id;
  };
  const u = () => randomUUID().slice(0, 8);
  await owner.post('/core-api/internationalization/languages/supported', { code: 'nl' });
  for (let i = 0; i < 2; i++) {
    const category = await create('/core-api/catalog/productcategories', { name: `Category ${u()}` });
    const attribute = await create('/core-api/catalog/products/attributes', {
      name: `Attribute ${u()}`,
      categoryIds: [category],
    });
    const brand = await create('/core-api/catalog/brands', { name: `Brand ${u()}` });
    const manufacturer = await create('/core-api/catalog/manufacturers', { name: `Maker ${u()}` });
    await create('/core-api/catalog/catalogs', { name: `Catalog ${u()}` });
    const product = await create('/core-api/catalog/products', {
      name: `Product ${u()}`,
      sku: `SKU-${u()}`,
      categories: [category],
      brandId: brand,
      manufacturerId: manufacturer,
      tags: ['fuzz'],
    });
    await create('/core-api/catalog/products/content', {
      title: 'Title',
      productId: product,
      language: 'en',
    });
    await create('/core-api/catalog/productcategories/content', {
      title: 'Title',
      productCategoryId: category,
      language: 'en',
    });
    const client = await create('/core-api/identities', {
      username: `client-${u()}`,
      email: `client-${u()}@example.test`,
      password: 'a-long-password',
    });
    await create('/core-api/users', {
      username: `member-${u()}`,
      email: `member-${u()}@example.test`,
      password: 'a-long-password',
      role: 'Member',
    });
    await create('/core-api/catalog/favouriteproducts', { clientLoginId: client, productId: product });
    const account = await create('/core-api/accounts', { displayName: `Account ${u()}` });
    const contact = await create('/core-api/contacts', {
      firstName: 'Ada',
      lastName: `Lovelace ${u()}`,
      accounts: [{ accountId: account }],
    });
    const pipeline = await create('/core-api/pipelines', {
      title: `Pipeline ${u()}`,
      statuses: [{ title: 'Open' }, { title: 'Won', kind: 'Won', successRate: 100 }],
    });
    const deal = await create('/core-api/deals', {
      title: `Deal ${u()}`,
      pipelineId: pipeline,
      accountId: account,
      contacts: [{ contactId: contact }],
    });
    await create('/core-api/comments', { body: 'A comment', entityId: deal, entityType: 'Deal' });
    void attribute;
  }
  return seeded;
}
