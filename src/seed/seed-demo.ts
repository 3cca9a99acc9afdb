import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createApp } from '../app.setup';
import { loadEnv } from '../config/env';
import { DataDirLockedError } from '../platform/database/data-dir-lock';
import { seedCatalogContentsDemo } from './catalog-contents-demo';
import { seedCatalogDemo } from './catalog-demo';
import { seedCatalogTaxonomyDemo } from './catalog-taxonomy-demo';
import { seedCrmAccountsDemo } from './crm-accounts-demo';
import { seedCrmDealsDemo } from './crm-deals-demo';
import { seedSalesDemo } from './sales-demo';
import { seedShopperDemo } from './shopper-demo';
import { BootstrapAdmin, hashPassword, UsersService, WorkspacesService } from '../identity/identity.api';
import { RequestContext } from '../platform/tenancy/request-context';
import { startEmbeddedPostgres } from '../platform/database/embedded-postgres';

/** A context's part of the demo: fills the workspace through its services (never raw SQL). */
export type DemoSeeder = (app: INestApplicationContext, ctx: RequestContext) => Promise<void>;

/** Each context adds its seeder here, in dependency order. */
const seeders: Array<[string, DemoSeeder]> = [
  [
    'Catalog taxonomy (categories, brands, manufacturers, catalogs, attributes, filters)',
    seedCatalogTaxonomyDemo,
  ],
  ['Catalog products (about 300, with images, prices, attribute values and bundles)', seedCatalogDemo],
  ['CRM accounts and contacts', seedCrmAccountsDemo],
  ['CRM pipelines, deals and comments', seedCrmDealsDemo],
  // needs the products: keep it after the products seeder
  ['Product display contents', seedCatalogContentsDemo],
  ['Inventory and sales orders (locations, stock, 60 orders)', seedSalesDemo],
];

/**
 * `npm run seed:demo`: a demo workspace with a demo Owner, filled by every context's seeder, on the
 * configured database (DATABASE_URL, or the embedded one in DATA_DIR). Prints how to log in.
 */
async function main(): Promise<void> {
  const env = loadEnv({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  let pglite;
  try {
    pglite = env.DATABASE_URL
      ? undefined
      : await startEmbeddedPostgres(env.DATA_DIR, undefined, { fsync: env.EMBEDDED_FSYNC });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      process.stderr.write(
        `${e.message} The embedded database serves one process at a time: stop the server, then run seed:demo again (or fill the workspace through the server's API).\n`,
      );
      process.exit(1);
    }
    throw e;
  }
  const app = await createApp(env, pglite);
  // On an empty database this start created the bootstrap admin: its login is shown here, once.
  const adminLogin = app.get(BootstrapAdmin).takeLogin();
  const manager = app.get(DataSource).manager;
  const suffix = Date.now().toString(36);
  const username = `demo-${suffix}`;
  const password = 'demo-password';
  const user = await app.get(UsersService).insertUser(manager, {
    username,
    email: `${username}@example.com`,
    displayName: 'Demo Owner',
    passwordHash: await hashPassword(password),
  });
  const workspace = await app
    .get(WorkspacesService)
    .createWithOwner(manager, user.id, { name: `Demo ${suffix}` });
  const ctx = new RequestContext(workspace.id, { id: user.id, type: 'User' }, 'Owner');
  for (const [name, seed] of seeders) {
    process.stdout.write(`seeding ${name}…\n`);
    await seed(app, ctx);
  }
  process.stdout.write('seeding a demo shopper (client login, contact, account with 10 % discount)…\n');
  const shopper = await seedShopperDemo(app, ctx, suffix);
  await app.close();
  await pglite?.close();
  if (adminLogin) process.stdout.write(`\n${adminLogin.join('\n')}\n`);
  process.stdout.write(
    `\nDemo workspace "${workspace.name}" (${workspace.id}) is ready.\n` +
      `Log in: POST /core-api/auth/login {"username":"${username}","password":"${password}"}\n` +
      `Shopper (storefront, /commerce-api): POST /core-api/auth/login {"username":"${shopper.username}","password":"${shopper.password}","workspaceId":"${workspace.id}"}\n`,
  );
}

void main();
