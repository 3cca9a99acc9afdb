import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import {
  listedUnitPriceSql,
  shopperUnitPriceSql,
} from '../../../src/catalog/products/product-facets.queries';
import { rulePrice } from '../../../src/pricing/prices/price-rule';
import { exact } from '../../../src/pricing/prices/money';
import { startApp, TestApp, WorkspaceFixture } from '../../support/app';

/**
 * The Price facet ranges over what a shopper pays before atomic scripts, computed in SQL — from a
 * product (`shopperUnitPriceSql`) or from its category listing's copy (`listedUnitPriceSql`).
 * Both must be the price rule's steps 1–3 exactly (pricing's `rulePrice` at quantity 1): this
 * holds them to it over generated products (sales price or none, quantity tiers below, at and
 * above 1) and discounts.
 */
describe('The shopper’s unit price in SQL is the price rule’s', () => {
  let t: TestApp;
  let ds: DataSource;
  let ws: WorkspaceFixture;
  let category: string;

  beforeAll(async () => {
    t = await startApp();
    ds = t.app.get(DataSource);
    ws = await t.workspace();
    category = (await ws.owner.post('/core-api/catalog/productcategories', { name: 'Generated' })).body.id;
  });
  afterAll(() => t.close());

  const price = fc.integer({ min: 0, max: 10_000_000 }).map((n) => (n / 10_000).toFixed(4));
  const tiers = fc.uniqueArray(
    fc.record({
      minQuantity: fc.constantFrom('0.5', '0.9999', '1', '1.0001', '2', '10'),
      salesPrice: price,
    }),
    { selector: (tier) => tier.minQuantity, maxLength: 4 },
  );
  const discount = fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 10_000);

  it('from the product and from the listing, for any prices, tiers and discount', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.option(price, { nil: null }),
        tiers,
        discount,
        async (salesPrice, productTiers, percent) => {
          n++;
          const [{ id }] = await ds.query(
            `INSERT INTO products (id, workspace_id, name, slug, sales_price)
           VALUES (gen_random_uuid(), $1, 'Generated ' || $2::int, 'generated-' || $2::int, $3) RETURNING id`,
            [ws.id, n, salesPrice],
          );
          for (const tier of productTiers)
            await ds.query(
              `INSERT INTO product_price_tiers (id, workspace_id, product_id, min_quantity, sales_price)
             VALUES (gen_random_uuid(), $1, $2, $3, $4)`,
              [ws.id, id, tier.minQuantity, tier.salesPrice],
            );
          await ds.query(
            `INSERT INTO product_category_links (id, workspace_id, product_id, category_id)
           VALUES (gen_random_uuid(), $1, $2, $3)`,
            [ws.id, id, category],
          );
          const [row] = await ds.query(
            `SELECT ${shopperUnitPriceSql('p', '$3')}::text AS product, ${listedUnitPriceSql('kl', '$3')}::text AS listing
             FROM products p JOIN product_category_links kl ON kl.workspace_id = p.workspace_id AND kl.product_id = p.id
            WHERE p.workspace_id = $1 AND p.id = $2`,
            [ws.id, id, percent],
          );
          const rule = rulePrice({ salesPrice, tiers: productTiers }, exact(1), {
            discountPercentage: percent,
          });
          const expected = rule.customerPrice;
          for (const computed of [row.product, row.listing]) {
            if (expected === null) expect(computed).toBeNull();
            else expect(exact(computed).compare(expected)).toBe(0);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
