import { ProductSheetService } from './product-sheet/product-sheet.service';
import { ProductCorrectionCache } from './products/product-correction-cache';
import { CategoryTreeCache } from './shop-reads/category-tree-cache';
import { ShopReads } from './shop-reads/shop-reads.service';
import { Module } from '@nestjs/common';
import { I18nModule } from '../i18n/i18n.module';
import { IdentityModule } from '../identity/identity.module';
import { EntityTypes } from '../platform/database/entity-types';
import { ConstraintNames } from '../platform/http/constraint-names';
import { FileReferences } from '../platform/storage/uploads';
import { ActivityTypes } from '../platform/activity/activity-types';
import { catalogActivityTypes } from './catalog.activity-types';
import { AttributesCoreController } from './attributes/attributes.core.controller';
import { AttributesService } from './attributes/attributes.service';
import { BrandsCoreController } from './brands/brands.core.controller';
import { brandFileReferences, BrandsService } from './brands/brands.service';
import { CatalogsCoreController } from './catalogs/catalogs.core.controller';
import { CatalogsService } from './catalogs/catalogs.service';
import { CategoriesCoreController } from './categories/categories.core.controller';
import { CategoryHierarchyReportController } from './categories/category-hierarchy-report.controller';
import { CategoriesService, categoryFileReferences } from './categories/categories.service';
import { ProductCategoryEntity } from './categories/category.entity';
import { CategoryDisplayContentsCoreController } from './category-contents/category-display-contents.core.controller';
import { CategoryDisplayContentsService } from './category-contents/category-display-contents.service';
import { ManufacturersCoreController } from './manufacturers/manufacturers.core.controller';
import { ManufacturersService } from './manufacturers/manufacturers.service';
import { ProductFiltersCoreController } from './product-filters/product-filters.core.controller';
import { ProductFiltersService } from './product-filters/product-filters.service';
import { FavouriteProductsCoreController } from './favourites/favourite-products.core.controller';
import { FavouriteProductsService } from './favourites/favourite-products.service';
import { ProductContentsCoreController } from './product-contents/product-contents.core.controller';
import { ProductContentTranslationsService } from './product-contents/product-content-translations.service';
import { ProductContentsService } from './product-contents/product-contents.service';
import { ProductIssuesCoreController } from './product-issues/product-issues.core.controller';
import { ProductIssuesService } from './product-issues/product-issues.service';
import { ProductBulkService } from './products/product-bulk.service';
import { ProductFacetsService } from './products/product-facets.service';
import { ProductImagesService } from './products/product-images.service';
import { ProductListService } from './products/product-list.service';
import { ProductReferencesService } from './products/product-references.service';
import { ProductEntity } from './products/product.entity';
import { ProductsCoreController } from './products/products.core.controller';
import { ProductReads } from './products/product-reads';
import { productConstraintFields, productFileReferences, ProductsService } from './products/products.service';

/**
 * The catalog context. Controllers of sub-paths of `products/` (tags, content, filters, issues,
 * attributes, …) are listed before the products core controller, whose `products/:id` would
 * otherwise claim them (api-conventions §8).
 */
@Module({
  imports: [IdentityModule, I18nModule],
  controllers: [
    // taxonomy: productcategories/content before productcategories/:id; products/attributes and
    // products/filters before products/:id
    CategoryDisplayContentsCoreController,
    CategoriesCoreController,
    CategoryHierarchyReportController,
    AttributesCoreController,
    ProductFiltersCoreController,
    BrandsCoreController,
    ManufacturersCoreController,
    CatalogsCoreController,
    ProductContentsCoreController,
    ProductIssuesCoreController,
    FavouriteProductsCoreController,
    // products/:id last
    ProductsCoreController,
  ],
  providers: [
    CategoriesService,
    CategoryDisplayContentsService,
    AttributesService,
    BrandsService,
    ManufacturersService,
    CatalogsService,
    ProductFiltersService,
    ProductContentsService,
    ProductContentTranslationsService,
    ProductIssuesService,
    FavouriteProductsService,
    ProductReads,
    ShopReads,
    CategoryTreeCache,
    ProductCorrectionCache,
    ProductsService,
    ProductListService,
    ProductBulkService,
    ProductImagesService,
    ProductReferencesService,
    ProductFacetsService,
    ProductSheetService,
  ],
  exports: [
    ProductReads,
    ShopReads,
    ProductsService,
    ProductListService,
    CategoriesService,
    AttributesService,
    BrandsService,
    ManufacturersService,
    CatalogsService,
    ProductFiltersService,
    ProductReferencesService,
    ProductFacetsService,
    ProductSheetService,
  ],
})
export class CatalogModule {
  /** Registers what the catalog owns with the application's registries, once per application. */
  constructor(
    entityTypes: EntityTypes,
    constraints: ConstraintNames,
    files: FileReferences,
    activityTypes: ActivityTypes,
  ) {
    activityTypes.declare(...catalogActivityTypes);
    entityTypes.register(
      { type: 'Product', target: ProductEntity, tags: { table: 'products', column: 'tags' } },
      { type: 'ProductCategory', target: ProductCategoryEntity },
    );
    constraints.register(productConstraintFields);
    files.register(...productFileReferences, ...categoryFileReferences, ...brandFileReferences);
  }
}
