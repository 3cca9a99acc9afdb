import { Injectable } from '@nestjs/common';
import { type PricingAccount, type Shopper, AccountsService } from '../crm/crm.api';
import type { RequestContext } from '../platform/tenancy/request-context';

/**
 * Who the storefront serves: for a client login, its contact and that contact's primary account
 * (prices, catalog), read once per request in one crm statement; a user of the workspace is no
 * shopper (null).
 */
@Injectable()
export class Shoppers {
  private readonly resolved = new WeakMap<RequestContext, Promise<Shopper | null>>();

  constructor(private readonly accounts: AccountsService) {}

  of(ctx: RequestContext): Promise<Shopper | null> {
    if (ctx.userType !== 'Client') return Promise.resolve(null);
    let shopper = this.resolved.get(ctx);
    if (!shopper) {
      shopper = this.accounts.shopper(ctx, ctx.actor.id!);
      this.resolved.set(ctx, shopper);
    }
    return shopper;
  }

  /** The account whose prices and catalog apply to the caller (null: none, list prices, every catalog). */
  async account(ctx: RequestContext): Promise<PricingAccount | null> {
    return (await this.of(ctx))?.account ?? null;
  }
}
