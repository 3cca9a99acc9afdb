import type { INestApplicationContext } from '@nestjs/common';
import { AccountsService, ContactsService } from '../crm/crm.api';
import { ClientLoginsService } from '../identity/identity.api';
import type { RequestContext } from '../platform/tenancy/request-context';

/** The demo shopper's login, printed at the end of the seed like the Owner's. */
export interface DemoShopperLogin {
  username: string;
  password: string;
}

/**
 * A shopper of the demo: a client login linked to a contact whose primary account has a 10 %
 * discount, so the storefront shows it account prices and it can order.
 */
export async function seedShopperDemo(
  app: INestApplicationContext,
  ctx: RequestContext,
  suffix: string,
): Promise<DemoShopperLogin> {
  const login: DemoShopperLogin = { username: `shopper-${suffix}`, password: 'shopper-password' };
  const client = await app.get(ClientLoginsService).create(ctx, {
    username: login.username,
    email: `${login.username}@example.com`,
    displayName: 'Demo Shopper',
    password: login.password,
    status: { active: true },
  });
  const account = await app.get(AccountsService).create(ctx, {
    displayName: 'Demo Shopper Interiors',
    accountCode: `SHOP-${suffix}`,
    commerceSettings: {
      priceListId: null,
      discountPercentage: 10,
      paymentTermDays: 30,
      currency: 'EUR',
      vatLiable: true,
      creditLimit: 10000,
      priceVisibility: 'Visible',
    },
  });
  await app.get(ContactsService).create(ctx, {
    firstName: 'Demo',
    lastName: 'Shopper',
    clientLoginId: client.id,
    accounts: [{ accountId: account.id, jobTitle: 'Buyer' }],
  });
  return login;
}
