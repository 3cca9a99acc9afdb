import { Inject, Injectable } from '@nestjs/common';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { notFound } from '../../platform/http/problem';
import { AccountsService } from '../accounts/accounts.service';
import { SuggestedAccount, SuggestedAccountDetails } from './company-register.dto';
import { COMPANY_REGISTER } from './company-register.provider';
import type { CompanyRegisterProvider } from './company-register.provider';

/** Account suggestions from the company register, marked with the workspace's matching account. */
@Injectable()
export class CompanyRegisterService {
  constructor(
    @Inject(COMPANY_REGISTER) private readonly register: CompanyRegisterProvider,
    private readonly accounts: AccountsService,
  ) {}

  async suggest(ctx: RequestContext, query: string): Promise<Page<SuggestedAccount>> {
    const hits = await this.register.search(query);
    const existing = await this.accounts.idsByChamberOfCommerce(ctx, [
      ...new Set(hits.map((h) => h.chamberOfCommerceNumber)),
    ]);
    const data = hits.map((h) => ({
      ...h,
      existingAccountId: existing.get(h.chamberOfCommerceNumber) ?? null,
    }));
    return { data, total: data.length };
  }

  async details(ctx: RequestContext, chamberOfCommerceNumber: string): Promise<SuggestedAccountDetails> {
    const profile = await this.register.profile(chamberOfCommerceNumber);
    if (!profile) throw notFound('Company with Chamber of Commerce number', chamberOfCommerceNumber);
    const existing = await this.accounts.idsByChamberOfCommerce(ctx, [chamberOfCommerceNumber]);
    return { ...profile, existingAccountId: existing.get(chamberOfCommerceNumber) ?? null };
  }
}
