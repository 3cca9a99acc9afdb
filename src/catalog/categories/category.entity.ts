import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { sameWorkspace } from '../../platform/tenancy/foreign-key';
import { ScopedEntity } from '../../platform/database/scoped-entity';

/**
 * A node of the product category tree. `parentId` points at another category of the same
 * workspace; the foreign key refuses to delete a category that still has children (the service
 * answers 409 first, with a clear message). The API's `visibility` object maps to the two
 * `show_in_*` columns, `images` (further pictures beside the main `image`) to a text[] column.
 */
@Entity('product_categories')
@Index('uq_product_categories__slug', ['workspaceId', 'slug'], { unique: true })
@Index('ix_product_categories_parent', ['workspaceId', 'parentId'])
@Index('ix_product_categories_display_order', ['workspaceId', 'displayOrder'])
@Index('ix_product_categories_external_reference', ['workspaceId', 'externalReference'])
@Index('ix_product_categories_lower_name', { synchronize: false })
@Check('ck_product_categories__parent_id', `"parent_id" IS NULL OR "parent_id" <> "id"`)
export class ProductCategoryEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 255 }) name: string;
  @Column({ type: 'varchar', length: 255 }) slug: string;
  @Column({ type: 'boolean', default: true }) active: boolean;
  @Column({ type: 'integer', default: 0 }) displayOrder: number;
  @Column({ type: 'uuid', nullable: true }) parentId: string | null;
  /** The main picture (a URL, typically one returned by POST productcategories/images). */
  @Column({ type: 'varchar', length: 1024, nullable: true }) image: string | null;
  /** Further pictures (URLs), in display order. */
  @Column({ type: 'text', array: true, default: () => "'{}'" }) images: string[];
  /** `visibility.showInMenu`: listed in storefront navigation (filter `visibility_show_in_menu`). */
  @Column({ type: 'boolean', default: true }) showInMenu: boolean;
  /** `visibility.showInSearch`: its products are found by storefront search. */
  @Column({ type: 'boolean', default: true }) showInSearch: boolean;

  @ManyToOne(() => ProductCategoryEntity, { onDelete: 'RESTRICT' })
  @JoinColumn(sameWorkspace('parent_id'))
  parent?: ProductCategoryEntity;
}
