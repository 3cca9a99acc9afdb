import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { ScopedEntity } from '../../platform/database/scoped-entity';
import { ForeignKeyTo, sameWorkspace } from '../../platform/tenancy/foreign-key';
import { BrandEntity } from '../brands/brand.entity';
import { ManufacturerEntity } from '../manufacturers/manufacturer.entity';

export const productTypes = [
  'SimpleProduct',
  'ConfigurableProduct',
  'GroupedProduct',
  'BundledProduct',
] as const;
export type ProductType = (typeof productTypes)[number];

/**
 * The text the `query` filter searches, as one stored tsvector (the `simple` configuration: a
 * catalog mixes languages, and sku-like tokens must stay as they are). Name weighs most.
 * Searched with prefix matching (`to_tsquery('simple', 'word:*')`) through a GIN index; partial
 * skus and names inside words go through the trigram indexes on `name` and `sku` instead.
 */
export const productSearchVectorSql =
  `setweight(to_tsvector('simple'::regconfig, coalesce(name, '')), 'A') || ` +
  `setweight(to_tsvector('simple'::regconfig, coalesce(sku, '') || ' ' || coalesce(gtin, '') || ' ' || ` +
  `coalesce(product_code, '') || ' ' || coalesce(search_code, '')), 'B')`;

/**
 * A product of the catalog. Sku, gtin and slug are unique per workspace (nulls may repeat); the
 * barcodes, category/catalog links, attribute values, images, components and price tiers live in
 * tables of their own (`product_*`), keyed by `product_id` and cascading with the product.
 * Pricing columns hold exact decimals; the API rounds them to 2 decimals at the edge.
 */
@Entity('products')
@Check(
  'ck_products__product_type',
  `"product_type" IN ('SimpleProduct', 'ConfigurableProduct', 'GroupedProduct', 'BundledProduct')`,
)
@Index('uq_products__sku', ['workspaceId', 'sku'], { unique: true })
@Index('uq_products__gtin', ['workspaceId', 'gtin'], { unique: true })
@Index('uq_products__slug', ['workspaceId', 'slug'], { unique: true })
@Index('ix_products__display_order', ['workspaceId', 'displayOrder', 'id'])
@Index('ix_products__name', ['workspaceId', 'name', 'id'])
@Index('ix_products__id', ['workspaceId', 'id'])
@Index('ix_products__created_at', ['workspaceId', 'createdAt', 'id'])
@Index('ix_products__sales_price', ['workspaceId', 'salesPrice', 'id'])
@Index('ix_products__brand', ['workspaceId', 'brandId'])
@Index('ix_products__manufacturer', ['workspaceId', 'manufacturerId'])
// Hand-written in the migration (GIN): the tsvector and trigram indexes behind `query`, and tags.
@Index('ix_products__search_vector', { synchronize: false })
@Index('ix_products__contents_search_vector', { synchronize: false })
@Index('ix_products__name_trgm', { synchronize: false })
@Index('ix_products__sku_trgm', { synchronize: false })
@Index('ix_products__tags', { synchronize: false })
@Index('ix_products__external_references', { synchronize: false })
export class ProductEntity extends ScopedEntity {
  @Column({ type: 'varchar', length: 255 }) name: string;
  @Column({ type: 'varchar', length: 32, default: 'SimpleProduct' }) productType: ProductType;
  @Column({ type: 'varchar', length: 255 }) slug: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) sku: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) gtin: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) productCode: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) searchCode: string | null;
  @Column({ type: 'date', nullable: true }) introducedAt: string | null;
  @Column({ type: 'boolean', default: true }) active: boolean;
  @Column({ type: 'integer', default: 0 }) displayOrder: number;
  @Column({ type: 'boolean', default: false }) showStock: boolean;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) tags: string[];
  @Column({ type: 'text', array: true, default: () => "'{}'" }) externalReferences: string[];
  @Column({ type: 'uuid', nullable: true }) brandId: string | null;
  @Column({ type: 'uuid', nullable: true }) manufacturerId: string | null;

  /** Exact decimals as strings (numeric(18,4)); null = not set. */
  @Column({ type: 'numeric', precision: 18, scale: 4, nullable: true }) salesPrice: string | null;
  @Column({ type: 'numeric', precision: 18, scale: 4, nullable: true }) purchasePrice: string | null;
  @Column({ type: 'numeric', precision: 18, scale: 4, nullable: true }) suggestedRetailPrice: string | null;
  /** A VAT code of the pricing context; null = the workspace's default code. */
  @Column({ type: 'uuid', nullable: true }) vatCodeId: string | null;

  @Column({
    type: 'tsvector',
    generatedType: 'STORED',
    asExpression: productSearchVectorSql,
    select: false,
    insert: false,
    update: false,
  })
  searchVector?: string;

  /**
   * Its display contents' `search_vector`s concatenated (each stemmed in its own language): written
   * only by the database's triggers (migration ProductContentsSearchVector), never selected.
   */
  @Column({ type: 'tsvector', default: () => "''", insert: false, update: false, select: false })
  contentsSearchVector?: string;

  /** Deleting a VAT code leaves its products on the workspace's default. */
  @ForeignKeyTo('vat_codes', 'vat_code_id', 'SET NULL') vatCode?: { id: string };

  /** A brand or manufacturer still used by products cannot be deleted (409). */
  @ManyToOne(() => BrandEntity, { onDelete: 'NO ACTION' })
  @JoinColumn(sameWorkspace('brand_id'))
  brand?: BrandEntity;

  @ManyToOne(() => ManufacturerEntity, { onDelete: 'NO ACTION' })
  @JoinColumn(sameWorkspace('manufacturer_id'))
  manufacturer?: ManufacturerEntity;
}
