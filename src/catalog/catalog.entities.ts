import { ProductAttributeCategoryEntity, ProductAttributeEntity } from './attributes/attribute.entity';
import { BrandEntity } from './brands/brand.entity';
import { CatalogEntity } from './catalogs/catalog.entity';
import { ProductCategoryEntity } from './categories/category.entity';
import { CategoryDisplayContentEntity } from './category-contents/category-display-content.entity';
import { ManufacturerEntity } from './manufacturers/manufacturer.entity';
import { ProductFilterEntity } from './product-filters/product-filter.entity';
import { ProductAttributeValueEntity } from './products/product-attribute-value.entity';
import { ProductBarcodeEntity } from './products/product-barcode.entity';
import { ProductCatalogLinkEntity } from './products/product-catalog-link.entity';
import { ProductCategoryLinkEntity } from './products/product-category-link.entity';
import { ProductComponentEntity } from './products/product-component.entity';
import { ProductImageEntity } from './products/product-image.entity';
import { ProductPriceTierEntity } from './products/product-price-tier.entity';
import { ProductEntity } from './products/product.entity';
import { ProductDisplayContentEntity } from './product-contents/product-display-content.entity';
import { FavouriteProductEntity } from './favourites/favourite-product.entity';
import { ProductIssueIgnoreEntity } from './product-issues/product-issue-ignore.entity';

/** Every entity of the catalog context (listed in src/app.entities.ts). */
export const catalogEntities = [
  // taxonomy and reference resources
  ProductCategoryEntity,
  CategoryDisplayContentEntity,
  ProductAttributeEntity,
  ProductAttributeCategoryEntity,
  BrandEntity,
  ManufacturerEntity,
  CatalogEntity,
  ProductFilterEntity,
  ProductEntity,
  ProductBarcodeEntity,
  ProductImageEntity,
  ProductComponentEntity,
  ProductPriceTierEntity,
  ProductCategoryLinkEntity,
  ProductCatalogLinkEntity,
  ProductAttributeValueEntity,
  // display contents, favourites, ignored product issues (engineer A2)
  ProductDisplayContentEntity,
  FavouriteProductEntity,
  ProductIssueIgnoreEntity,
];
