import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { ClientLoginsService, UsersService } from '../../identity/identity.api';
import { Db, Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { ScopedRepository } from '../../platform/database/scoped-repository';
import { listParams, Page } from '../../platform/http/list-query';
import { collectFieldErrors } from '../../platform/http/field-errors';
import { paginate } from '../../platform/http/paginate';
import { badRequest, FieldErrors } from '../../platform/http/problem';
import { dateOnly, respond, scopedFields, withoutScopedFields } from '../../platform/http/resource';
import type { ValueCount } from '../accounts/account.dto';
import { AccountEntity } from '../accounts/account.entity';
import {
  contactDetails,
  customAttributes,
  distinctStrings,
  duplicateAttributeKey,
  postalAddress,
} from '../accounts/account-members.dto';
import { countValues } from '../accounts/value-counts';
import { contactSearch, filterContacts } from './contact-filters';
import { ContactBody, ContactFilterableValues, ContactListQuery, ContactResponse } from './contact.dto';
import { ContactAccountEntity, ContactEntity, type ContactAddress } from './contact.entity';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const addressesOf = (list: Array<Partial<ContactAddress>> | null | undefined): ContactAddress[] =>
  (list ?? []).map((a) => ({ ...postalAddress(a)!, label: a.label ?? null }));

/** "First Middle Last", the name a contact is shown by unless one is given. */
export const derivedDisplayName = (b: { firstName: string; middleName?: string | null; lastName: string }) =>
  [b.firstName, b.middleName, b.lastName]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');

export const toContactResponse = (e: ContactEntity, links: ContactAccountEntity[] = []): ContactResponse => ({
  ...scopedFields(e),
  firstName: e.firstName,
  middleName: e.middleName,
  lastName: e.lastName,
  displayName: e.displayName,
  displayOrder: e.displayOrder,
  description: e.description,
  dateOfBirth: dateOnly(e.dateOfBirth),
  gender: e.gender,
  title: e.title,
  jobTitle: e.jobTitle,
  notes: e.notes,
  ownerId: e.ownerId,
  salesOrderProcessorId: e.salesOrderProcessorId,
  clientLoginId: e.clientLoginId,
  interestsAndHobbies: e.interestsAndHobbies,
  lastContactMoment: iso(e.lastContactMoment),
  tags: e.tags ?? [],
  accounts: links
    .filter((l) => l.contactId === e.id)
    .sort((a, b) => a.position - b.position)
    .map((l) => ({ accountId: l.accountId, jobTitle: l.jobTitle })),
  contactDetails: contactDetails(e.contactDetails),
  addresses: addressesOf(e.addresses),
  attributes: customAttributes(e.attributes),
});

/** The activity snapshot: the answer without bookkeeping (`ContactFirstNameUpdated`, `ContactAccountsUpdated`, …). */
const snapshot = (r: ContactResponse) => withoutScopedFields(r);

function columnsOf(body: ContactBody): Partial<ContactEntity> {
  return {
    firstName: body.firstName.trim(),
    middleName: body.middleName?.trim() || null,
    lastName: body.lastName.trim(),
    displayName: body.displayName?.trim() || derivedDisplayName(body),
    displayOrder: body.displayOrder ?? 0,
    description: body.description ?? null,
    dateOfBirth: body.dateOfBirth ?? null,
    gender: body.gender ?? null,
    title: body.title ?? null,
    jobTitle: body.jobTitle?.trim() || null,
    notes: body.notes ?? null,
    ownerId: body.ownerId ?? null,
    salesOrderProcessorId: body.salesOrderProcessorId ?? null,
    clientLoginId: body.clientLoginId ?? null,
    interestsAndHobbies: body.interestsAndHobbies ?? null,
    lastContactMoment: body.lastContactMoment ? new Date(body.lastContactMoment) : null,
    tags: distinctStrings(body.tags),
    contactDetails: contactDetails(body.contactDetails),
    addresses: addressesOf(body.addresses),
    attributes: customAttributes(body.attributes),
    externalReference: body.externalReference ?? null,
  };
}

/** Contacts: the people of the CRM, linked to accounts (first = primary) and optionally to a client login. */
@Injectable()
export class ContactsService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly clientLogins: ClientLoginsService,
  ) {}

  async list(ctx: RequestContext, q: ContactListQuery): Promise<Page<ContactResponse>> {
    const qb = filterContacts(this.db.repo(ctx, ContactEntity, 'Contact').qb('c'), q);
    const page = await paginate(qb, listParams(q), {
      sort: { DisplayName: 'lower(c.display_name)', ModifiedAt: 'c.modified_at' },
      ...contactSearch,
    });
    const links = await this.linksOf(
      this.db.repo(ctx, ContactAccountEntity),
      page.data.map((c) => c.id),
    );
    return { data: page.data.map((c) => toContactResponse(c, links)), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<ContactResponse> {
    const contact = await this.db.repo(ctx, ContactEntity, 'Contact').get(id);
    const links = await this.linksOf(this.db.repo(ctx, ContactAccountEntity), [id]);
    return respond(contact, (c) => toContactResponse(c, links));
  }

  async create(ctx: RequestContext, body: ContactBody): Promise<ContactResponse> {
    return this.db.transaction(ctx, async (tx) => {
      await this.assertValid(tx, body);
      const saved = await tx.repo(ContactEntity, 'Contact').insert(columnsOf(body));
      const links = await this.saveLinks(tx, saved.id, body);
      await tx.activities.created('Contact', saved.id, snapshot(toContactResponse(saved, links)));
      return respond(saved, (c) => toContactResponse(c, links));
    });
  }

  async update(ctx: RequestContext, id: string, body: ContactBody): Promise<ContactResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(ContactEntity, 'Contact');
      const entity = await repo.getForWrite(id);
      const before = toContactResponse(entity, await this.linksOf(tx.repo(ContactAccountEntity), [id]));
      await this.assertValid(tx, body);
      Object.assign(entity, columnsOf(body));
      const saved = await repo.save(entity);
      const links = await this.saveLinks(tx, id, body);
      await tx.activities.updated('Contact', id, snapshot(before), snapshot(toContactResponse(saved, links)));
      return respond(saved, (c) => toContactResponse(c, links));
    });
  }

  /** Deletes the contact and its account links; its client login stays. */
  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(ContactEntity, 'Contact');
      const entity = await repo.getForWrite(id);
      const links = await this.linksOf(tx.repo(ContactAccountEntity), [id]);
      await repo.remove(entity);
      await tx.activities.deleted('Contact', id, snapshot(toContactResponse(entity, links)));
    });
  }

  async usedTags(ctx: RequestContext): Promise<Page<ValueCount>> {
    const data = await countValues(this.db.repo(ctx, ContactEntity).qb('c'), 'unnest(c.tags)');
    return { data, total: data.length };
  }

  async usedJobTitles(ctx: RequestContext): Promise<Page<ValueCount>> {
    const data = await countValues(this.db.repo(ctx, ContactEntity).qb('c'), 'c.job_title');
    return { data, total: data.length };
  }

  async filterableValues(ctx: RequestContext): Promise<ContactFilterableValues> {
    const qb = () => this.db.repo(ctx, ContactEntity).qb('c');
    const jobTitles = await countValues(qb(), 'c.job_title');
    const ownerIds = await countValues(qb(), 'c.owner_id');
    const tags = await countValues(qb(), 'unnest(c.tags)');
    return { jobTitles, ownerIds, tags };
  }

  /** For other contexts (sales orders' orderedById): `id` names a contact of the workspace, else a 400 naming `field`. */
  async assertReferences(tx: Tx, field: string, id: string | null | undefined): Promise<void> {
    await tx.repo(ContactEntity, 'Contact').assertReferences(field, id);
  }

  private async linksOf(
    repo: ScopedRepository<ContactAccountEntity>,
    contactIds: string[],
  ): Promise<ContactAccountEntity[]> {
    if (contactIds.length === 0) return [];
    return repo.find({ where: { contactId: In(contactIds) }, order: { position: 'ASC' } });
  }

  /** Replaces the contact's account links by the body's, in its order (position 0 = primary). */
  private async saveLinks(tx: Tx, contactId: string, body: ContactBody): Promise<ContactAccountEntity[]> {
    const repo = tx.repo(ContactAccountEntity, 'Contact account');
    await repo.delete({ contactId });
    const links = (body.accounts ?? []).map((a, position) =>
      repo.create({ contactId, accountId: a.accountId, jobTitle: a.jobTitle?.trim() || null, position }),
    );
    return links.length ? repo.save(links) : [];
  }

  /** References the DTO cannot check: accounts, users and the client login of this workspace; unique keys. */
  private async assertValid(tx: Tx, body: ContactBody): Promise<void> {
    await collectFieldErrors([
      async () => {
        const errors: FieldErrors = {};
        const duplicate = duplicateAttributeKey(body.attributes);
        if (duplicate >= 0) errors[`attributes[${duplicate}].key`] = ['key is used by an earlier attribute'];
        const accountIds = (body.accounts ?? []).map((a) => a.accountId);
        const found = accountIds.length
          ? await tx
              .repo(AccountEntity, 'Account')
              .find({ select: { id: true }, where: { id: In([...new Set(accountIds)]) } })
          : [];
        const known = new Set(found.map((a) => a.id));
        accountIds.forEach((id, i) => {
          if (!known.has(id))
            errors[`accounts[${i}].accountId`] = [`Account ${id} does not exist in this workspace.`];
          else if (accountIds.indexOf(id) !== i)
            errors[`accounts[${i}].accountId`] = ['the account is linked more than once'];
        });
        if (Object.keys(errors).length > 0) throw badRequest(errors);
      },
      () => this.users.assertMembers(tx.manager, tx.ctx, 'ownerId', [body.ownerId]),
      () =>
        this.users.assertMembers(tx.manager, tx.ctx, 'salesOrderProcessorId', [body.salesOrderProcessorId]),
      () => this.clientLogins.assertReferences(tx, 'clientLoginId', body.clientLoginId),
    ]);
  }
}
