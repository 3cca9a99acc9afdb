import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { CrmModule } from '../crm/crm.module';
import { ProductsCommerceController } from './products/products.commerce.controller';
import { StorefrontProductsService } from './products/storefront-products.service';

/**
 * The storefront's catalog reads (`/commerce-api/catalog/products`): the catalog's read path with
 * the caller's visibility (active products; a client's account catalog, from the CRM).
 */
@Module({
  imports: [CatalogModule, CrmModule],
  controllers: [ProductsCommerceController],
  providers: [StorefrontProductsService],
})
export class StorefrontModule {}
