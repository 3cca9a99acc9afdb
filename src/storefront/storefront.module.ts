import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { CrmModule } from '../crm/crm.module';
import { PricingModule } from '../pricing/pricing.module';
import { PricesCommerceController } from './prices/prices.commerce.controller';
import { StorefrontPricesService } from './prices/storefront-prices.service';
import { ProductsCommerceController } from './products/products.commerce.controller';
import { StorefrontProductsService } from './products/storefront-products.service';
import { Shoppers } from './shoppers';

/**
 * The storefront (`/commerce-api`): its catalog reads and prices here, its orders in
 * `StorefrontOrdersModule`. It serves shoppers through the doors of catalog, crm (who shops:
 * `Shoppers`), pricing and sales; it owns no table.
 */
@Module({
  imports: [CatalogModule, CrmModule, PricingModule],
  // prices (`products/price/:id`, `products/prices`) before `products/:id`
  controllers: [PricesCommerceController, ProductsCommerceController],
  providers: [Shoppers, StorefrontProductsService, StorefrontPricesService],
  exports: [Shoppers],
})
export class StorefrontModule {}
