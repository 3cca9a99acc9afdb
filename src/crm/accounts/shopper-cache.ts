import type { PGlite } from '@electric-sql/pglite';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ListenedCache } from '../../platform/database/notified-cache';
import { readsOnPrimary } from '../../platform/database/primary-reads';
import { EMBEDDED_DATABASE } from '../../platform/platform.module';
import type { PricingAccount, Shopper } from './account-pricing';

/** Notified by the ReadCacheNotifications migration's triggers on contacts, contact_accounts and accounts. */
export const SHOPPERS_CHANGED = 'shoppers_changed';

/**
 * The shoppers of client logins and the pricing accounts asked for by id, per workspace, kept
 * between requests (a storefront request would otherwise begin with this read). Exact: every
 * change to contacts, contact_accounts or accounts that could alter an answer notifies
 * `shoppers_changed` with its workspace id, which drops that workspace's entries on every
 * instance (ListenedCache: race guard, bound, hits only while delivery is live).
 */
@Injectable()
export class ShopperCache extends ListenedCache<Shopper | PricingAccount | null> {
  constructor(dataSource: DataSource, @Inject(EMBEDDED_DATABASE) pglite: PGlite | null) {
    super(SHOPPERS_CHANGED, dataSource, pglite);
  }

  shopper(workspaceId: string, clientLoginId: string, load: () => Promise<Shopper | null>) {
    return this.through(`${workspaceId}:shopper:${clientLoginId}`, workspaceId, async () => {
      const shopper = await load();
      if (shopper?.account) frozen(shopper.account);
      return shopper && Object.freeze(shopper);
    }) as Promise<Shopper | null>;
  }

  /** An unknown account is not kept (an account insert notifies nothing). */
  async pricingAccount(
    workspaceId: string,
    accountId: string,
    load: () => Promise<PricingAccount | null>,
  ): Promise<PricingAccount | null> {
    const key = `${workspaceId}:account:${accountId.toLowerCase()}`;
    const hit = this.get(key) as PricingAccount | undefined;
    if (hit) return hit;
    const startedAt = this.begin();
    const account = await readsOnPrimary(load);
    if (account) this.store(key, frozen(account), startedAt, workspaceId);
    return account;
  }
}

/** A kept account answers many requests: none may change it for the others. */
function frozen(account: PricingAccount): PricingAccount {
  Object.freeze(account.commerceSettings);
  return Object.freeze(account);
}
