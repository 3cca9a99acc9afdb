import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { CrmModule } from '../crm/crm.module';
import { I18nModule } from '../i18n/i18n.module';
import { PricingModule } from '../pricing/pricing.module';
import { PricesCommerceController } from './prices/prices.commerce.controller';
import { StorefrontPricesService } from './prices/storefront-prices.service';
import { ProductsCommerceController } from './products/products.commerce.controller';
import { StorefrontProductsService } from './products/storefront-products.service';
import { RequestLanguages } from './request-language';
import { Shoppers } from './shoppers';
import { AttributesCommerceController } from './taxonomy/attributes.commerce.controller';
import { BrandsCommerceController } from './taxonomy/brands.commerce.controller';
import { CategoriesCommerceController } from './taxonomy/categories.commerce.controller';
import { StorefrontTaxonomyService } from './taxonomy/storefront-taxonomy.service';

/**
 * The storefront (`/commerce-api`): its catalog reads and prices here, its orders in
 * `StorefrontOrdersModule`. It serves shoppers through the doors of catalog, crm (who shops:
 * `Shoppers`), pricing and sales; it owns no table.
 */
@Module({
  imports: [CatalogModule, CrmModule, I18nModule, PricingModule],
  // prices (`products/price/:id`, `products/prices`) before `products/:id`
  controllers: [
    PricesCommerceController,
    ProductsCommerceController,
    CategoriesCommerceController,
    BrandsCommerceController,
    AttributesCommerceController,
  ],
  providers: [
    Shoppers,
    RequestLanguages,
    StorefrontProductsService,
    StorefrontPricesService,
    StorefrontTaxonomyService,
  ],
  exports: [Shoppers],
})
export class StorefrontModule {}
