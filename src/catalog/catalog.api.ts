/**
 * The catalog's door: what other contexts may use of products, categories, catalogs, brands,
 * manufacturers, attributes, filters and display contents. Everything else under src/catalog is
 * the catalog's own: other contexts import this file or `catalog.module`, never another file of
 * this folder (eslint.config.mjs).
 */

// Services other contexts call (references, the storefront's read path)
export { CatalogsService } from './catalogs/catalogs.service';
export { CategoriesService } from './categories/categories.service';
export { ProductFiltersService } from './product-filters/product-filters.service';
export { ProductCorrectionCache } from './products/product-correction-cache';
export { ProductListService } from './products/product-list.service';
export { ProductReads, type AnswerLanguage, type ProductVisibility } from './products/product-reads';
export { ProductReferencesService, type ProductSummary } from './products/product-references.service';

// The product inputs the price engine reads
export type { ProductPricingInput } from './products/product-pricing-inputs';

// What the storefront's product DTOs reuse
export {
  commerceProductSortBy,
  DidYouMean,
  relevanceSortDescription,
  ProductAttributeFilter,
  type ProductType,
  productTypes,
} from './products/product-list.dto';
export { ProductAttributeValues } from './products/product-request.dto';
export { ProductComponent, ProductImage } from './products/product-response.dto';

// What the demo seed fills the catalog with
export { ProductAttributeListQuery } from './attributes/attribute.dto';
export { AttributesService } from './attributes/attributes.service';
export { BrandListQuery } from './brands/brand.dto';
export { BrandsService } from './brands/brands.service';
export { CatalogListQuery } from './catalogs/catalog.dto';
export { ProductCategoryListQuery } from './categories/category.dto';
export { CategoryDisplayContentsService } from './category-contents/category-display-contents.service';
export { ManufacturerListQuery } from './manufacturers/manufacturer.dto';
export { ManufacturersService } from './manufacturers/manufacturers.service';
export { ProductContentsService } from './product-contents/product-contents.service';
export type { CreateProductRequest } from './products/product-request.dto';
export { ProductsService } from './products/products.service';

// What the storefront wing uses
export { ProductFacetsService } from './products/product-facets.service';
export { ShopReads } from './shop-reads/shop-reads.service';

// What imports and exports of products use (the transfer context, docs/imports.md)
export {
  ImportState,
  type PlannedRow,
  ProductSheetService,
  type RowError,
  type SheetColumn,
  type SheetRowInput,
} from './product-sheet/product-sheet.service';
export { rememberSkipped } from './product-sheet/product-variants';
