import { Module } from '@nestjs/common';
import { registerEntityType } from '../platform/database/entity-types';
import { ProductEntity } from './products/product.entity';

registerEntityType({ type: 'Product', target: ProductEntity, tags: { table: 'products', column: 'tags' } });

/**
 * The catalog context. Controllers of sub-paths of `products/` (tags, content, filters, issues,
 * attributes, …) are listed before the products core controller, whose `products/:id` would
 * otherwise claim them (CONTRACT §8).
 */
@Module({
  controllers: [],
  providers: [],
  exports: [],
})
export class CatalogModule {}
