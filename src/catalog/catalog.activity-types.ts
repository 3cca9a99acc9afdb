import type { ActivityTypeDeclaration } from '../platform/activity/activity-types';

/** The activities the catalog records (webhook topics). */
export const catalogActivityTypes: ActivityTypeDeclaration[] = [
  {
    entityType: 'Product',
    noun: 'a product',
    events: {
      ProductImagesAdded: 'Images were uploaded to a product',
      ProductIssueIgnored: 'An issue of a product was marked as ignored',
      ProductIssueUnignored: 'An ignored issue of a product is reported again',
    },
  },
  { entityType: 'ProductCategory', noun: 'a product category' },
  { entityType: 'ProductDisplayContent', noun: 'a display content of a product' },
  { entityType: 'ProductCategoryDisplayContent', noun: 'a display content of a product category' },
  { entityType: 'ProductAttribute', noun: 'a product attribute' },
  { entityType: 'ProductFilter', noun: 'a product filter' },
  { entityType: 'Brand', noun: 'a brand' },
  { entityType: 'Catalog', noun: 'a catalog' },
  { entityType: 'Manufacturer', noun: 'a manufacturer' },
  { entityType: 'FavouriteProduct', noun: 'a favourite product', changes: ['created', 'deleted'] },
];
