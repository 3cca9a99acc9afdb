import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
} from 'typeorm';
import { WorkspaceForeignKey, sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ProductAttributeEntity } from '../attributes/attribute.entity';
import type { ProductIssueKind } from '../products/product-issue-rules';
import { ProductEntity } from '../products/product.entity';

/**
 * An ignored product issue ("this product has no images, and that is fine"): the issue no longer
 * shows in the product issues view and its statistics. With `attributeId` (MissingAttributes
 * only) just that attribute is ignored; without, the whole issue. Unique per workspace, product,
 * issue and attribute (nulls not distinct; hand-written index). Goes with the product/attribute.
 */
@Entity('product_issue_ignores')
@Index('uq_product_issue_ignores__ignored', { synchronize: false })
@Index('ix_product_issue_ignores__product', ['productId', 'issue'])
@Index('ix_product_issue_ignores__attribute', ['attributeId'])
@Check(
  'ck_product_issue_ignores__issue',
  `"issue" IN ('MissingImages', 'MissingDescription', 'MissingAttributes')`,
)
@Check('ck_product_issue_ignores__attribute_id', `"attribute_id" IS NULL OR "issue" = 'MissingAttributes'`)
export class ProductIssueIgnoreEntity {
  @PrimaryColumn('uuid') id: string;
  @PrimaryColumn('uuid') workspaceId: string;
  @Column('uuid') productId: string;
  @Column({ type: 'varchar', length: 32 }) issue: ProductIssueKind;
  @Column({ type: 'uuid', nullable: true }) attributeId: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;

  @WorkspaceForeignKey() owningWorkspace?: { id: string };
  @ManyToOne(() => ProductEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('product_id'))
  product?: ProductEntity;
  @ManyToOne(() => ProductAttributeEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('attribute_id'))
  attribute?: ProductAttributeEntity;
}
