import { Api } from '../lib/api';
import type { SeedContext } from './types';

/**
 * "The bench shopper": who calls the storefront in the bench, seeded once per run through the
 * service's API and shared by the products, pricing and order suites. A client login (POST
 * /core-api/identities) linked to a contact (POST /core-api/contacts, clientLoginId) whose primary
 * account has `commerceSettings.discountPercentage`, logged in; and one PriceCalculation atomic
 * script in the workspace, switched on and off by the scenarios that need it (`setScript`).
 * The bare server's side of the script is `scriptRule` below.
 */

/** The one atomic script the bench activates (the storefront is measured with one active script). */
export const scriptCode =
  'if (input.quantity >= 10) return { customerPrice: input.customerPrice * 0.99, messages: ["Volume bonus"] };';

/**
 * `scriptCode` in plain JS for the bare server: what the sandbox would answer for one line
 * (undefined customerPrice = unchanged; see src/pricing/atomic-scripts/script-worker.cjs).
 */
export function scriptRule(input: { quantity: number; customerPrice: number | null }): {
  customerPrice?: number;
  messages: string[];
} {
  // `null * 0.99` is 0 in the sandbox's JS as well.
  if (input.quantity >= 10)
    return { customerPrice: Number(input.customerPrice) * 0.99, messages: ['Volume bonus'] };
  return { messages: [] };
}

export interface LinkedShopper {
  clientLoginId: string;
  contactId: string;
  accountId: string;
  /** `Bearer …` of the shopper's session. */
  bearer: string;
}

/**
 * A client login linked to a new contact whose one account gives `discountPercentage`, logged in
 * to `workspaceId` (the login goes to `ctx.api`'s service, whose rate limit the bench raises).
 */
export async function createShopper(
  ctx: Pick<SeedContext, 'api' | 'workspaceId'>,
  name: string,
  discountPercentage: number,
  productCatalogId: string | null = null,
): Promise<LinkedShopper> {
  const { api, workspaceId } = ctx;
  const password = `${name}-password-1`;
  const login = await api.ok<{ id: string; username: string }>('POST', '/core-api/identities', {
    username: name,
    email: `${name}@example.test`,
    password,
    displayName: name,
  });
  const account = await api.ok<{ id: string }>('POST', '/core-api/accounts', {
    displayName: `Account of ${name}`,
    commerceSettings: { discountPercentage },
    productCatalogId,
  });
  const contact = await api.ok<{ id: string }>('POST', '/core-api/contacts', {
    firstName: 'Bench',
    lastName: name,
    clientLoginId: login.id,
    accounts: [{ accountId: account.id }],
  });
  const session = await new Api(api.baseUrl).ok<{ accessToken: string }>('POST', '/core-api/auth/login', {
    username: login.username,
    password,
    workspaceId,
  });
  return {
    clientLoginId: login.id,
    contactId: contact.id,
    accountId: account.id,
    bearer: `Bearer ${session.accessToken}`,
  };
}

export interface BenchShopper extends LinkedShopper {
  /** The account's product catalog (BENCH_SHOPPER_CATALOG=1), else null. */
  catalogId: string | null;
  /** What a product the bench creates carries so the shoppers see it (`catalogs`). */
  productFields: { catalogs?: string[] };
  /** Makes the bench script active or not, through the instance at `baseUrl` (the state is in the database). */
  setScript: (baseUrl: string, active: boolean) => Promise<void>;
}

let seeded: Promise<BenchShopper> | undefined;

/** The bench shopper (10 % account discount) and the script (inactive until asked), seeded on first use. */
export function benchShopper(ctx: SeedContext): Promise<BenchShopper> {
  seeded ??= seedBenchShopper(ctx);
  return seeded;
}

async function seedBenchShopper(ctx: SeedContext): Promise<BenchShopper> {
  const catalogId = ctx.config.shopperCatalog
    ? (await ctx.api.ok<{ id: string }>('POST', '/core-api/catalog/catalogs', { name: 'Bench shop' })).id
    : null;
  const shopper = await createShopper(ctx, `bench-shopper-${Date.now().toString(36)}`, 10, catalogId);
  const script = { name: 'Bench volume bonus', trigger: 'PriceCalculation', code: scriptCode };
  const { id } = await ctx.api.ok<{ id: string }>('POST', '/core-api/atomicscripts', {
    ...script,
    active: false,
  });
  let active = false;
  const admin = ctx.api.bearer.slice('Bearer '.length);
  const setScript = async (baseUrl: string, want: boolean) => {
    if (want === active) return;
    await new Api(baseUrl, admin).ok('PUT', `/core-api/atomicscripts/${id}`, { ...script, active: want });
    active = want;
  };
  ctx.log(
    `the bench shopper: a client login linked to a contact whose account gives 10 %${catalogId ? ' and sees one product catalog' : ''}; one atomic script`,
  );
  return { ...shopper, catalogId, productFields: catalogId ? { catalogs: [catalogId] } : {}, setScript };
}
