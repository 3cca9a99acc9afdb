import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';

/**
 * "SQL in one kind of file" (eslint.config.mjs, `sqlInQueriesFiles`), proven on probe files given
 * as text: a `.query(` call or a whole statement as text fails outside `<resource>.queries.ts` and
 * the platform's database folder; a query-builder fragment passes everywhere.
 */
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.message);
}

const call = 'export const probe = (db: { query(t: string): unknown }, t: string) => db.query(t);\n';
const text = 'export const probe = `UPDATE stocks SET quantity = 0 WHERE workspace_id = $1`;\n';
const fragment =
  "export const probe = 'EXISTS (SELECT 1 FROM product_images pi WHERE pi.product_id = p.id)';\n";

describe('SQL in one kind of file (eslint.config.mjs)', () => {
  it('fails a .query( call and a whole statement in a service, a controller or platform/http', async () => {
    for (const file of [
      'src/inventory/stocks/stocks.service.ts',
      'src/sales/orders/sales-orders.core.controller.ts',
      'src/platform/http/probe.ts',
    ]) {
      expect(await problems(file, call)).toEqual([expect.stringMatching(/live in <resource>\.queries\.ts/)]);
      expect(await problems(file, text)).toEqual([
        expect.stringMatching(/belongs in <resource>\.queries\.ts/),
      ]);
    }
  });

  it('passes them in a queries file and in the platform database folder', async () => {
    for (const file of ['src/inventory/stocks/stocks.queries.ts', 'src/platform/database/probe.ts']) {
      expect(await problems(file, call)).toEqual([]);
      expect(await problems(file, text)).toEqual([]);
    }
  });

  it('passes a query-builder fragment anywhere', async () => {
    expect(await problems('src/catalog/products/product-list.service.ts', fragment)).toEqual([]);
  });
});
