import { Injectable } from '@nestjs/common';
import { CurrenciesService } from '../../i18n/i18n.api';
import { WorkspacesService } from '../../identity/identity.api';
import type { RequestContext } from '../../platform/tenancy/request-context';

/**
 * The order's currency and its rate. The engine prices in the workspace's base currency; an order
 * in another currency has its lines converted at the rate (units of the currency per unit of the base).
 */
@Injectable()
export class OrderCurrency {
  constructor(
    private readonly currencies: CurrenciesService,
    private readonly workspaces: WorkspacesService,
  ) {}

  /**
   * A currency the workspace supports (else a 400 naming `currency`) and its rate; omitted, the
   * workspace's base currency (rate 1).
   */
  async of(ctx: RequestContext, wanted: string | undefined): Promise<{ code: string; rate: string }> {
    const base = (await this.currencies.defaultCode(ctx)) ?? (await this.workspaces.currencyOf(ctx));
    if (wanted === undefined || wanted === base) return { code: base, rate: '1' };
    return { code: wanted, rate: await this.currencies.rateOf(ctx, wanted, 'currency') };
  }
}
