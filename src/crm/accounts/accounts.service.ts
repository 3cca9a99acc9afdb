import { Injectable } from '@nestjs/common';
import { CatalogsService } from '../../catalog/catalog.api';
import { UsersService } from '../../identity/identity.api';
import { Db, Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { collectFieldErrors } from '../../platform/http/field-errors';
import { paginate } from '../../platform/http/paginate';
import { badRequest } from '../../platform/http/problem';
import { respond, scopedFields, withoutScopedFields } from '../../platform/http/resource';
import { ContactAccountEntity } from '../contacts/contact.entity';
import {
  AccountBody,
  AccountFilterableValues,
  AccountListQuery,
  AccountResponse,
  AccountStats,
  ValueCount,
} from './account.dto';
import { accountSearch, filterAccounts } from './account-filters';
import { AccountEntity } from './account.entity';
import {
  commerceSettings,
  contactDetails,
  customAttributes,
  distinctStrings,
  duplicateAttributeKey,
  postalAddress,
} from './account-members.dto';
import { countValues } from './value-counts';
import { toPricingAccount, type PricingAccount, type Shopper } from './account-pricing';
import { pricingAccountById, shopperOfClientLogin } from './account-pricing.queries';
import { ShopperCache } from './shopper-cache';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toAccountResponse = (e: AccountEntity): AccountResponse => ({
  ...scopedFields(e),
  displayName: e.displayName,
  description: e.description,
  notes: e.notes,
  accountCode: e.accountCode,
  accountStatus: e.accountStatus,
  accountType: e.accountType,
  ownerId: e.ownerId,
  salesOrderProcessorId: e.salesOrderProcessorId,
  industries: e.industries ?? [],
  employees: e.employees,
  vatNumber: e.vatNumber,
  chamberOfCommerce: e.chamberOfCommerce,
  chamberOfCommerceRubricationCodes: e.chamberOfCommerceRubricationCodes ?? [],
  vatValidationDate: iso(e.vatValidationDate),
  productCatalogId: e.productCatalogId,
  tags: e.tags ?? [],
  lastContactMoment: iso(e.lastContactMoment),
  billingAddress: postalAddress(e.billingAddress),
  visitingAddress: postalAddress(e.visitingAddress),
  deliveryAddress: postalAddress(e.deliveryAddress),
  contactDetails: contactDetails(e.contactDetails),
  attributes: customAttributes(e.attributes),
  commerceSettings: commerceSettings(e.commerceSettings),
});

/**
 * The activity snapshot: the answer without bookkeeping, so each changed property becomes one
 * `Account{Property}Updated` (`AccountBillingAddressUpdated`, `AccountCommerceSettingsUpdated`, …).
 */
const snapshot = (r: AccountResponse) => withoutScopedFields(r);

/** The stored columns for a create or full-replacement update (omitted optionals become null/[]). */
function columnsOf(body: AccountBody): Partial<AccountEntity> {
  return {
    displayName: body.displayName.trim(),
    description: body.description ?? null,
    notes: body.notes ?? null,
    accountCode: body.accountCode?.trim() || null,
    accountStatus: body.accountStatus ?? null,
    accountType: body.accountType ?? null,
    ownerId: body.ownerId ?? null,
    salesOrderProcessorId: body.salesOrderProcessorId ?? null,
    industries: distinctStrings(body.industries),
    employees: body.employees ?? null,
    vatNumber: body.vatNumber ?? null,
    chamberOfCommerce: body.chamberOfCommerce?.trim() || null,
    chamberOfCommerceRubricationCodes: distinctStrings(body.chamberOfCommerceRubricationCodes),
    vatValidationDate: body.vatValidationDate ? new Date(body.vatValidationDate) : null,
    productCatalogId: body.productCatalogId ?? null,
    tags: distinctStrings(body.tags),
    lastContactMoment: body.lastContactMoment ? new Date(body.lastContactMoment) : null,
    billingAddress: postalAddress(body.billingAddress),
    visitingAddress: postalAddress(body.visitingAddress),
    deliveryAddress: postalAddress(body.deliveryAddress),
    contactDetails: contactDetails(body.contactDetails),
    attributes: customAttributes(body.attributes),
    commerceSettings: commerceSettings(body.commerceSettings),
    externalReference: body.externalReference ?? null,
  };
}

/** Accounts: the companies of the CRM. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly catalogs: CatalogsService,
    private readonly cache: ShopperCache,
  ) {}

  async list(ctx: RequestContext, q: AccountListQuery): Promise<Page<AccountResponse>> {
    const qb = filterAccounts(this.db.repo(ctx, AccountEntity, 'Account').qb('a'), q);
    const page = await paginate(qb, listParams(q), {
      sort: { DisplayName: 'lower(a.display_name)', ModifiedAt: 'a.modified_at' },
      ...accountSearch,
    });
    return { data: page.data.map(toAccountResponse), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<AccountResponse> {
    return respond(await this.db.repo(ctx, AccountEntity, 'Account').get(id), toAccountResponse);
  }

  async create(ctx: RequestContext, body: AccountBody): Promise<AccountResponse> {
    return this.db.transaction(ctx, async (tx) => {
      await this.assertValid(tx, body);
      const saved = await tx.repo(AccountEntity, 'Account').insert(columnsOf(body));
      await tx.activities.created('Account', saved.id, snapshot(toAccountResponse(saved)));
      return respond(saved, toAccountResponse);
    });
  }

  async update(ctx: RequestContext, id: string, body: AccountBody): Promise<AccountResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(AccountEntity, 'Account');
      const entity = await repo.getForWrite(id);
      const before = toAccountResponse(entity);
      await this.assertValid(tx, body);
      Object.assign(entity, columnsOf(body));
      const saved = await repo.save(entity);
      await tx.activities.updated('Account', id, snapshot(before), snapshot(toAccountResponse(saved)));
      return respond(saved, toAccountResponse);
    });
  }

  /**
   * Deletes the account. Contacts' links to it go with it (recorded as `ContactAccountsUpdated`
   * on each contact). Tables that must keep their account (sales orders) reference it with a
   * restricting foreign key, so the delete then fails with 409.
   */
  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(AccountEntity, 'Account');
      const entity = await repo.getForWrite(id);
      const links = tx.repo(ContactAccountEntity, 'Contact account');
      const affected = await links.find({ where: { accountId: id }, select: { contactId: true } });
      const contactIds = [...new Set(affected.map((l) => l.contactId))];
      const before = contactIds.length
        ? await links
            .qb('l')
            .andWhere('l.contact_id IN (:...contactIds)', { contactIds })
            .orderBy('l.position')
            .getMany()
        : [];
      await repo.remove(entity);
      for (const contactId of contactIds) {
        const accountsOf = (keep: (l: ContactAccountEntity) => boolean) =>
          before
            .filter((l) => l.contactId === contactId && keep(l))
            .map((l) => ({ accountId: l.accountId, jobTitle: l.jobTitle }));
        await tx.activities.updated(
          'Contact',
          contactId,
          { accounts: accountsOf(() => true) },
          { accounts: accountsOf((l) => l.accountId !== id) },
        );
      }
      await tx.activities.deleted('Account', id, snapshot(toAccountResponse(entity)));
    });
  }

  usedTags(ctx: RequestContext): Promise<Page<ValueCount>> {
    return this.page(countValues(this.db.repo(ctx, AccountEntity).qb('a'), 'unnest(a.tags)'));
  }

  usedIndustries(ctx: RequestContext): Promise<Page<ValueCount>> {
    return this.page(countValues(this.db.repo(ctx, AccountEntity).qb('a'), 'unnest(a.industries)'));
  }

  async filterableValues(ctx: RequestContext): Promise<AccountFilterableValues> {
    const qb = () => this.db.repo(ctx, AccountEntity).qb('a');
    const accountTypes = await countValues(qb(), 'a.account_type');
    const ownerIds = await countValues(qb(), 'a.owner_id');
    const industries = await countValues(qb(), 'unnest(a.industries)');
    const tags = await countValues(qb(), 'unnest(a.tags)');
    return { accountTypes, ownerIds, industries, tags };
  }

  async stats(ctx: RequestContext): Promise<AccountStats> {
    const repo = this.db.repo(ctx, AccountEntity);
    const all = { includeNull: true };
    const total = await repo.count();
    const byType = await countValues(repo.qb('a'), 'a.account_type', all);
    const byStatus = await countValues(repo.qb('a'), 'a.account_status', all);
    const byOwner = await countValues(repo.qb('a'), 'a.owner_id', all);
    const byIndustry = await countValues(repo.qb('a'), 'unnest(a.industries)');
    return { total, byType, byStatus, byOwner, byIndustry };
  }

  /** For other contexts (sales orders' debtorId): `id` names an account of the workspace, else a 400 naming `field`. */
  async assertReferences(tx: Tx, field: string, id: string | null | undefined): Promise<void> {
    await tx.repo(AccountEntity, 'Account').assertReferences(field, id);
  }

  /** Ids of this workspace's accounts with this Chamber of Commerce number (for suggestions). */
  async idsByChamberOfCommerce(ctx: RequestContext, numbers: string[]): Promise<Map<string, string>> {
    if (numbers.length === 0) return new Map();
    const rows = await this.db
      .repo(ctx, AccountEntity)
      .qb('a')
      .select(['a.id', 'a.chamberOfCommerce'])
      .andWhere('a.chamber_of_commerce IN (:...numbers)', { numbers })
      .orderBy('a.created_at')
      .getMany();
    const map = new Map<string, string>();
    for (const r of rows)
      if (r.chamberOfCommerce && !map.has(r.chamberOfCommerce)) map.set(r.chamberOfCommerce, r.id);
    return map;
  }

  /**
   * For pricing (another context): the account a price is for, with its commerce settings; null
   * when the workspace has none with this id.
   */
  async pricingAccount(on: RequestContext | Tx, accountId: string): Promise<PricingAccount | null> {
    const read = async () => {
      const row = await pricingAccountById(this.db.sql(on), accountId);
      return row ? toPricingAccount(row) : null;
    };
    // Inside a transaction always read: it may have changed the account itself.
    return on instanceof Tx ? read() : this.cache.pricingAccount(on.workspaceId, accountId, read);
  }

  /**
   * For the storefront: who shops as this client login (its contact and that contact's primary
   * account with its commerce settings), in one statement; null when no contact is linked to it.
   * Outside a transaction from the ShopperCache (no statement while it holds the answer).
   */
  async shopper(on: RequestContext | Tx, clientLoginId: string): Promise<Shopper | null> {
    const read = async () => {
      const row = await shopperOfClientLogin(this.db.sql(on), clientLoginId);
      return row
        ? { contactId: row.contactId, account: row.account ? toPricingAccount(row.account) : null }
        : null;
    };
    // Inside a transaction always read: it may have changed the links itself.
    return on instanceof Tx ? read() : this.cache.shopper(on.workspaceId, clientLoginId, read);
  }

  private async page(values: Promise<ValueCount[]>): Promise<Page<ValueCount>> {
    const data = await values;
    return { data, total: data.length };
  }

  /** References and rules the DTO cannot check: users of the workspace, the catalog, unique attribute keys. */
  private async assertValid(tx: Tx, body: AccountBody): Promise<void> {
    const duplicate = duplicateAttributeKey(body.attributes);
    await collectFieldErrors([
      async () => {
        if (duplicate >= 0)
          throw badRequest({ [`attributes[${duplicate}].key`]: ['key is used by an earlier attribute'] });
      },
      () => this.users.assertMembers(tx.manager, tx.ctx, 'ownerId', [body.ownerId]),
      () =>
        this.users.assertMembers(tx.manager, tx.ctx, 'salesOrderProcessorId', [body.salesOrderProcessorId]),
      () => this.catalogs.assertReferences(tx, 'productCatalogId', body.productCatalogId),
    ]);
  }
}
