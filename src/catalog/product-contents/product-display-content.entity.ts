import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { sameWorkspace } from '../../platform/tenancy/foreign-key';
import { DisplayContentEntity } from '../display-contents/display-content.entity';
import { ProductEntity } from '../products/product.entity';

export const productContentSearchVectorSql =
  `setweight(to_tsvector(text_search_config(language), coalesce(title, '')), 'A') || ` +
  `setweight(to_tsvector(text_search_config(language), coalesce(excerpt, '') || ' ' || coalesce(description, '')), 'B')`;

/**
 * The texts of one product in one language: title, excerpt, description (Markdown or Html) and
 * the `seo` object. One per (product, language): a second is a 409 naming `language`. Deleted
 * with its product. A non-blank `description` here is what clears a product's
 * `MissingDescription` issue (see products/product-issue-rules.ts).
 */
@Entity('product_display_contents')
@Index('uq_product_display_contents__language', ['workspaceId', 'productId', 'language'], { unique: true })
@Index('ix_product_display_contents__product', ['productId'])
@Index('ix_product_display_contents__language', ['workspaceId', 'language'])
@Index('ix_product_display_contents__title', ['workspaceId', 'title', 'id'])
@Index('ix_product_display_contents__external_reference', ['workspaceId', 'externalReference'])
// Hand-written in the migration (GIN): the stemmed texts behind the product search.
@Index('ix_product_display_contents__search_vector', { synchronize: false })
@Check('ck_product_display_contents__description_format', `"description_format" IN ('Markdown', 'Html')`)
export class ProductDisplayContentEntity extends DisplayContentEntity {
  @Column('uuid') productId: string;

  /**
   * Title (weight A), excerpt and description (B) stemmed in the content's language
   * (`text_search_config`, see the migration ProductContentSearch): the product search's
   * language-aware match.
   */
  @Column({
    type: 'tsvector',
    generatedType: 'STORED',
    asExpression: productContentSearchVectorSql,
    select: false,
    insert: false,
    update: false,
  })
  searchVector?: string;

  @ManyToOne(() => ProductEntity, { onDelete: 'CASCADE' })
  @JoinColumn(sameWorkspace('product_id'))
  product?: ProductEntity;
}
