import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ForeignKeyTo, WorkspaceForeignKey, sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ScopedEntity } from '../../platform/database/scoped-entity';
import { AccountEntity } from '../accounts/account.entity';
import type { ContactDetails, CustomAttribute, PostalAddress } from '../accounts/account.entity';

export const genders = ['Male', 'Female', 'Other', 'Unknown'] as const;
export type Gender = (typeof genders)[number];

/** A labelled address of a contact (`home`, `work`, …). */
export interface ContactAddress extends PostalAddress {
  label: string | null;
}

/**
 * A person. `displayName` is derived from the name parts unless given. A contact may be linked to
 * one client login (unique per workspace: that shopper gets the prices of the contact's primary
 * account) and to accounts through `contact_accounts`.
 */
@Entity('contacts')
@Index('ix_contacts_display_name', { synchronize: false })
@Index('ix_contacts_display_name_trgm', { synchronize: false })
@Index('ix_contacts_tags', { synchronize: false })
@Index('ix_contacts_owner', ['workspaceId', 'ownerId'])
@Index('ix_contacts_job_title', ['workspaceId', 'jobTitle'])
@Index('ix_contacts_modified_at', ['workspaceId', 'modifiedAt'])
@Index('ix_contacts_external_reference', ['workspaceId', 'externalReference'])
@Index('uq_contacts__client_login_id', ['workspaceId', 'clientLoginId'], { unique: true })
@Check('ck_contacts__gender', `"gender" IN ('Male', 'Female', 'Other', 'Unknown')`)
export class ContactEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 255 }) firstName: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) middleName: string | null;
  @Column({ type: 'varchar', length: 255 }) lastName: string;
  @Column({ type: 'varchar', length: 255 }) displayName: string;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'date', nullable: true }) dateOfBirth: string | null;
  @Column({ type: 'varchar', length: 20, nullable: true }) gender: Gender | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) title: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) jobTitle: string | null;
  @Column({ type: 'text', nullable: true }) notes: string | null;
  @Column({ type: 'uuid', nullable: true }) ownerId: string | null;
  @Column({ type: 'uuid', nullable: true }) salesOrderProcessorId: string | null;
  @Column({ type: 'uuid', nullable: true }) clientLoginId: string | null;
  @Column({ type: 'text', nullable: true }) interestsAndHobbies: string | null;
  @Column({ type: 'timestamptz', nullable: true }) lastContactMoment: Date | null;
  @Column({ type: 'integer', default: 0 }) displayOrder: number;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) tags: string[];
  @Column({ type: 'jsonb' }) contactDetails: ContactDetails;
  @Column({ type: 'jsonb', default: () => "'[]'" }) addresses: ContactAddress[];
  @Column({ type: 'jsonb', default: () => "'[]'" }) attributes: CustomAttribute[];

  /** Deleting a client login unlinks it from its contact. */
  @ForeignKeyTo('client_logins', 'client_login_id', 'SET NULL') clientLogin?: { id: string };

  @ForeignKeyTo('users', 'owner_id', 'SET NULL') owner?: { id: string };
  @ForeignKeyTo('users', 'sales_order_processor_id', 'SET NULL') salesOrderProcessor?: { id: string };
}

/**
 * A contact's link to an account, with the contact's job title there. `position` orders a
 * contact's links; position 0 is the primary account. Deleting the account or the contact
 * removes the link.
 */
@Entity('contact_accounts')
@Check('ck_contact_accounts__position', '"position" >= 0')
@Index('uq_contact_accounts__account_id', ['workspaceId', 'contactId', 'accountId'], { unique: true })
@Index('ix_contact_accounts_account', ['workspaceId', 'accountId'])
export class ContactAccountEntity {
  @PrimaryColumn('uuid') id: string;
  @PrimaryColumn('uuid') workspaceId: string;
  @Column('uuid') contactId: string;
  @Column('uuid') accountId: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) jobTitle: string | null;
  @Column({ type: 'integer' }) position: number;

  @WorkspaceForeignKey() workspace?: { id: string };
  @ManyToOne(() => ContactEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('contact_id'))
  contact?: ContactEntity;
  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('account_id'))
  account?: AccountEntity;
}
