import { Check, Column, Entity, Index } from 'typeorm';
import { ForeignKeyTo } from '../../platform/tenancy/foreign-key';
import { ScopedEntity } from '../../platform/database/scoped-entity';
import type { AddressLines } from '../../platform/address';

export const accountTypes = ['Customer', 'Supplier', 'Competitor', 'Investor', 'Partner'] as const;
export type AccountType = (typeof accountTypes)[number];

/** An address of an account (billing, visiting, delivery) or a contact. */
export interface PostalAddress extends AddressLines {
  houseNumberAddition: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string | null;
}

/** Emails, phone numbers and websites, each with an optional label (`work`, `invoices`, …). */
export interface ContactDetails {
  emails: Array<{ address: string; label: string | null }>;
  phones: Array<{ number: string; label: string | null }>;
  websites: Array<{ url: string; label: string | null }>;
}

/** A custom attribute: a key and a JSON value (string, number, boolean or null). */
export interface CustomAttribute {
  key: string;
  value: string | number | boolean | null;
}

/** What pricing and ordering need to know about a customer. */
export interface CommerceSettings {
  priceListId: string | null;
  discountPercentage: number;
  paymentTermDays: number | null;
  currency: string | null;
  vatLiable: boolean;
  creditLimit: number | null;
  /** Whether the account's shoppers see prices in the storefront (Hidden: every price on request). */
  priceVisibility: PriceVisibility;
}

export const priceVisibilities = ['Visible', 'Hidden'] as const;
export type PriceVisibility = (typeof priceVisibilities)[number];

/**
 * A company the workspace deals with (customer, supplier, …). Structured members (addresses,
 * contact details, attributes, commerce settings) are jsonb: they are read and written whole.
 * Tags and industries are text[] with GIN indexes (filters and the used-values endpoints);
 * the display name has a trigram index for `Query` (hand-written in the migration).
 * Sales orders reference an account with a restricting foreign key, so deleting an account
 * they still name is a 409; contact links are removed with the account (ON DELETE CASCADE).
 */
@Entity('accounts')
@Index('ix_accounts_display_name', { synchronize: false })
@Index('ix_accounts_display_name_trgm', { synchronize: false })
@Index('ix_accounts_tags', { synchronize: false })
@Index('ix_accounts_industries', { synchronize: false })
@Index('ix_accounts_owner', ['workspaceId', 'ownerId'])
@Index('ix_accounts_modified_at', ['workspaceId', 'modifiedAt'])
@Index('ix_accounts_external_reference', ['workspaceId', 'externalReference'])
@Index('uq_accounts__account_code', ['workspaceId', 'accountCode'], { unique: true })
@Check('ck_accounts__employees', '"employees" >= 0')
@Check(
  'ck_accounts__account_type',
  `"account_type" IN ('Customer', 'Supplier', 'Competitor', 'Investor', 'Partner')`,
)
export class AccountEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 255 }) displayName: string;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'text', nullable: true }) notes: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) accountCode: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) accountStatus: string | null;
  @Column({ type: 'varchar', length: 20, nullable: true }) accountType: AccountType | null;
  @Column({ type: 'uuid', nullable: true }) ownerId: string | null;
  @Column({ type: 'uuid', nullable: true }) salesOrderProcessorId: string | null;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) industries: string[];
  @Column({ type: 'integer', nullable: true }) employees: number | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) vatNumber: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) chamberOfCommerce: string | null;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) chamberOfCommerceRubricationCodes: string[];
  @Column({ type: 'timestamptz', nullable: true }) vatValidationDate: Date | null;
  @Column({ type: 'uuid', nullable: true }) productCatalogId: string | null;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) tags: string[];
  @Column({ type: 'timestamptz', nullable: true }) lastContactMoment: Date | null;
  @Column({ type: 'jsonb', nullable: true }) billingAddress: PostalAddress | null;
  @Column({ type: 'jsonb', nullable: true }) visitingAddress: PostalAddress | null;
  @Column({ type: 'jsonb', nullable: true }) deliveryAddress: PostalAddress | null;
  @Column({ type: 'jsonb' }) contactDetails: ContactDetails;
  @Column({ type: 'jsonb', default: () => "'[]'" }) attributes: CustomAttribute[];
  @Column({ type: 'jsonb' }) commerceSettings: CommerceSettings;

  /** A user who leaves the service stops owning or processing the account. */
  @ForeignKeyTo('users', 'owner_id', 'SET NULL') owner?: { id: string };
  @ForeignKeyTo('users', 'sales_order_processor_id', 'SET NULL') salesOrderProcessor?: { id: string };
  /** Deleting a catalog leaves its accounts without one. */
  @ForeignKeyTo('catalogs', 'product_catalog_id', 'SET NULL') productCatalog?: { id: string };
}
