import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ForeignKeyTo, WorkspaceForeignKey, sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ScopedEntity } from '../../platform/database/scoped-entity';
import { AccountEntity } from '../accounts/account.entity';
import { ContactEntity } from '../contacts/contact.entity';
import { PipelineEntity, PipelineStatusEntity } from '../pipelines/pipeline.entity';

/** A custom field value of a deal (keys and types are defined by the pipeline). */
export type CustomFieldValue = string | number | boolean | null;

/**
 * A sales opportunity in a pipeline. `(workspace_id, pipeline_id, status_id)` references
 * `pipeline_statuses`, so a status of another pipeline cannot be stored; neither the pipeline nor a
 * status in use can be deleted (NO ACTION: checked at the end of the statement, so deleting a
 * workspace still cascades cleanly). Money is exact (numeric), rounded to 2 decimals at the edge.
 * Tags are text[] with a GIN index (hand-written in the migration).
 */
@Entity('deals')
@Index('ix_deals_created_at', ['workspaceId', 'createdAt', 'id'])
@Index('ix_deals_modified_at', ['workspaceId', 'modifiedAt', 'id'])
@Index('ix_deals_title', ['workspaceId', 'title', 'id'])
@Index('ix_deals_pipeline_status', ['workspaceId', 'pipelineId', 'statusId'])
@Index('ix_deals_owner', ['workspaceId', 'ownerId'])
@Index('ix_deals_account', ['workspaceId', 'accountId'])
@Index('ix_deals_status_modified_at', ['workspaceId', 'statusModifiedAt'])
@Index('ix_deals_external_reference', ['workspaceId', 'externalReference'])
@Index('ix_deals_tags', { synchronize: false })
@Index('ix_deals_title_trgm', { synchronize: false })
@Check('ck_deals__expected_revenue', '"expected_revenue" >= 0')
@Check('ck_deals__success_rate', '"success_rate" BETWEEN 0 AND 100')
@Check('ck_deals__end_date', '"end_date" IS NULL OR "start_date" IS NULL OR "end_date" >= "start_date"')
export class DealEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 255 }) title: string;
  @Column({ type: 'text', nullable: true }) description: string | null;
  /** Exact decimal as a string (numeric(18,2)); null = not estimated. */
  @Column({ type: 'numeric', precision: 18, scale: 2, nullable: true }) expectedRevenue: string | null;
  @Column('uuid') pipelineId: string;
  @Column('uuid') statusId: string;
  @Column({ type: 'timestamptz' }) statusModifiedAt: Date;
  @Column({ type: 'boolean', default: false }) archived: boolean;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) tags: string[];
  @Column({ type: 'uuid', nullable: true }) ownerId: string | null;
  @Column({ type: 'uuid', nullable: true }) accountId: string | null;
  @Column({ type: 'integer' }) successRate: number;
  @Column({ type: 'date', nullable: true }) startDate: string | null;
  @Column({ type: 'date', nullable: true }) endDate: string | null;
  @Column({ type: 'jsonb', default: () => "'{}'" }) customFields: Record<string, CustomFieldValue>;

  @ManyToOne(() => PipelineEntity, { onDelete: 'NO ACTION' })
  @JoinColumn(sameWorkspace('pipeline_id'))
  pipeline?: PipelineEntity;
  @ManyToOne(() => PipelineStatusEntity, { onDelete: 'NO ACTION' })
  @JoinColumn([
    { name: 'workspace_id', referencedColumnName: 'workspaceId' },
    { name: 'pipeline_id', referencedColumnName: 'pipelineId' },
    { name: 'status_id', referencedColumnName: 'id' },
  ])
  status?: PipelineStatusEntity;
  /** A user who leaves stops owning the deal; a deleted account leaves its deals without one. */
  @ForeignKeyTo('users', 'owner_id', 'SET NULL') owner?: { id: string };
  @ManyToOne(() => AccountEntity, { onDelete: 'SET NULL' })
  @JoinColumn(sameWorkspace('account_id'))
  account?: AccountEntity;
}

/** A contact involved in a deal, with its role there; ordered by `position`. */
@Entity('deal_contacts')
@Index('uq_deal_contacts__contact_id', ['workspaceId', 'dealId', 'contactId'], { unique: true })
@Index('ix_deal_contacts_contact', ['workspaceId', 'contactId'])
export class DealContactEntity {
  @PrimaryColumn('uuid') id: string;
  @PrimaryColumn('uuid') workspaceId: string;
  @Column('uuid') dealId: string;
  @Column('uuid') contactId: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) role: string | null;
  @Column({ type: 'integer' }) position: number;

  @WorkspaceForeignKey() workspace?: { id: string };
  @ManyToOne(() => DealEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('deal_id'))
  deal?: DealEntity;
  /** Deleting a contact takes it off its deals. */
  @ManyToOne(() => ContactEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('contact_id'))
  contact?: ContactEntity;
}

/** A product line of a deal (quantity × unit price); a product on a deal cannot be deleted (409). */
@Entity('deal_products')
@Index('ix_deal_products_deal', ['dealId', 'position'])
@Index('ix_deal_products_product', ['workspaceId', 'productId'])
@Check('ck_deal_products__quantity', '"quantity" > 0')
@Check('ck_deal_products__unit_price', '"unit_price" >= 0')
export class DealProductEntity {
  @PrimaryColumn('uuid') id: string;
  @PrimaryColumn('uuid') workspaceId: string;
  @Column('uuid') dealId: string;
  @Column('uuid') productId: string;
  @Column({ type: 'numeric', precision: 18, scale: 4 }) quantity: string;
  @Column({ type: 'numeric', precision: 18, scale: 4 }) unitPrice: string;
  @Column({ type: 'integer' }) position: number;

  @WorkspaceForeignKey() workspace?: { id: string };
  @ManyToOne(() => DealEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('deal_id'))
  deal?: DealEntity;
  @ForeignKeyTo('products', 'product_id', 'NO ACTION') product?: { id: string };
}
