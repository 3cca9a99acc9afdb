import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';

/**
 * The context boundaries of eslint.config.mjs, proven on probe files given as text: each probe is
 * linted as if it were a file at `filePath`, with the project's own configuration. Only the
 * boundary rule is reported, and without type information (the rule needs none), so a probe may
 * name a file that does not exist.
 */
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'context-boundaries/doors',
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => `${m.ruleId ?? 'parser'}: ${m.message}`);
}

describe('context boundaries (eslint.config.mjs)', () => {
  it("fails a context's import of another context's file that is not its door", async () => {
    const found = await problems(
      'src/sales/orders/probe.ts',
      "import { ProductReferencesService } from '../../catalog/products/product-references.service';\nexport const probe = ProductReferencesService;\n",
    );
    expect(found).toEqual([
      expect.stringMatching(/^context-boundaries\/doors: Import catalog through its door/),
    ]);
  });

  it('fails it at any depth, for an entity, a re-export and a type-only import', async () => {
    const found = await problems(
      'src/crm/accounts/deeper/probe.ts',
      [
        "import type { ProductEntity } from '../../../catalog/products/product.entity';",
        "export { LanguagesService } from '../../../i18n/languages/languages.service';",
        'export type Probe = ProductEntity;',
      ].join('\n') + '\n',
    );
    expect(found).toHaveLength(2);
  });

  it('passes an import of a door and of a module', async () => {
    const found = await problems(
      'src/sales/orders/probe.ts',
      [
        "import { ProductReferencesService } from '../../catalog/catalog.api';",
        "import { CatalogModule } from '../../catalog/catalog.module';",
        "import { Db } from '../../platform/database/db';",
        "import { loadEnv } from '../../config/env';",
        "import { SalesOrdersService } from './sales-orders.service';",
        'export const probe = [ProductReferencesService, CatalogModule, Db, loadEnv, SalesOrdersService];',
      ].join('\n') + '\n',
    );
    expect(found).toEqual([]);
  });

  it('fails a platform import of a context, even of its door, at any depth', async () => {
    const found = await problems(
      'src/platform/database/probe.ts',
      [
        "import { CatalogsService } from '../../catalog/catalog.api';",
        "import { catalogEntities } from '../../catalog/catalog.entities';",
        "import { AppModule } from '../../app.module';",
        "import { Env } from '../../config/env';",
        "import { Db } from './db';",
        'export const probe = [CatalogsService, catalogEntities, AppModule, Env, Db];',
      ].join('\n') + '\n',
    );
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/src\/platform is the kernel/);
  });

  it('fails a config import of a context', async () => {
    const found = await problems(
      'src/config/probe.ts',
      "import { salesEntities } from '../sales/sales.entities';\nexport const probe = salesEntities;\n",
    );
    expect(found).toEqual([expect.stringMatching(/src\/config is the kernel/)]);
  });

  it("lets the composition root import doors, modules and entity lists, but no context's other files", async () => {
    const found = await problems(
      'src/probe.ts',
      [
        "import { salesEntities } from './sales/sales.entities';",
        "import { SalesModule } from './sales/sales.module';",
        "import { BootstrapAdmin } from './identity/identity.api';",
        "import { UsersService } from './identity/users/users.service';",
        'export const probe = [salesEntities, SalesModule, BootstrapAdmin, UsersService];',
      ].join('\n') + '\n',
    );
    expect(found).toEqual([expect.stringMatching(/Import identity through its door/)]);
  });
});
