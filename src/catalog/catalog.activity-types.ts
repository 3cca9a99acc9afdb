import { type ActivityTypeDeclaration, responseProperties } from '../platform/activity/activity-types';
import { BrandResponse } from './brands/brand.dto';
import { CatalogResponse } from './catalogs/catalog.dto';
import { ProductCategoryResponse } from './categories/category.dto';
import { CategoryDisplayContentResponse } from './category-contents/category-display-content.dto';
import { ManufacturerResponse } from './manufacturers/manufacturer.dto';
import { ProductDisplayContentResponse } from './product-contents/product-display-content.dto';
import { ProductResponse } from './products/product-response.dto';

/** The activities the catalog records (webhook topics). */
export const catalogActivityTypes: ActivityTypeDeclaration[] = [
  {
    entityType: 'Product',
    noun: 'a product',
    properties: responseProperties(ProductResponse),
    events: {
      ProductImagesAdded: 'Images were uploaded to a product',
      ProductIssueIgnored: 'An issue of a product was marked as ignored',
      ProductIssueUnignored: 'An ignored issue of a product is reported again',
    },
  },
  {
    entityType: 'ProductCategory',
    noun: 'a product category',
    properties: responseProperties(ProductCategoryResponse),
  },
  {
    entityType: 'ProductDisplayContent',
    noun: 'a display content of a product',
    properties: responseProperties(ProductDisplayContentResponse),
  },
  {
    entityType: 'ProductCategoryDisplayContent',
    noun: 'a display content of a product category',
    properties: responseProperties(CategoryDisplayContentResponse),
  },
  {
    entityType: 'ProductAttribute',
    noun: 'a product attribute',
    properties: ['name', 'categoryIds', 'externalReference'],
  },
  {
    entityType: 'ProductFilter',
    noun: 'a product filter',
    properties: ['attributeId', 'categoryId', 'kind', 'displayOrder', 'title'],
  },
  { entityType: 'Brand', noun: 'a brand', properties: responseProperties(BrandResponse) },
  { entityType: 'Catalog', noun: 'a catalog', properties: responseProperties(CatalogResponse) },
  {
    entityType: 'Manufacturer',
    noun: 'a manufacturer',
    properties: responseProperties(ManufacturerResponse),
  },
  { entityType: 'FavouriteProduct', noun: 'a favourite product', changes: ['created', 'deleted'] },
];
