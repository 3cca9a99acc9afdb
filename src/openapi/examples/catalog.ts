import { exampleIds as ids } from '../example-values';
import type { RequestExample } from './request-example';

const seo = {
  metaTitle: 'Oak dining chair Aalborg',
  metaDescription: 'Solid oak dining chair with a woven paper-cord seat.',
  keywords: ['dining chair', 'oak', 'Scandinavian'],
};
const productBody = {
  externalReference: 'ERP-4501',
  name: 'Aalborg oak dining chair',
  productType: 'SimpleProduct',
  slug: 'aalborg-oak-dining-chair',
  sku: 'CH-OAK-4501',
  gtin: '8712345678906',
  barcodes: ['8712345678906'],
  productCode: 'AAL-OAK',
  searchCode: 'AALBORG',
  introducedAt: '2026-03-01',
  active: true,
  displayOrder: 10,
  showStock: true,
  tags: ['dining', 'solid wood'],
  externalReferences: ['WEBSHOP-4501'],
  categories: [ids.category],
  catalogs: [ids.catalog],
  manufacturerId: ids.manufacturer,
  brandId: ids.brand,
  attributes: [{ attributeId: ids.attribute, values: ['Natural oak'] }],
  images: [
    {
      url: 'https://cdn.example.com/products/aalborg-front.jpg',
      alt: 'Aalborg chair, front',
      displayOrder: 0,
    },
  ],
  pricing: {
    salesPrice: 189,
    purchasePrice: 92.5,
    suggestedRetailPrice: 219,
    tiers: [{ minQuantity: 10, salesPrice: 175 }],
  },
};

/** The request examples of the catalog operations, by operationId. */
export const catalogExamples: Record<string, RequestExample> = {
  createProductCategory: {
    summary: 'A category shown in the menu',
    body: {
      externalReference: 'CAT-CHAIRS',
      name: 'Dining chairs',
      slug: 'dining-chairs',
      active: true,
      displayOrder: 1,
      image: 'https://cdn.example.com/categories/dining-chairs.jpg',
      images: ['https://cdn.example.com/categories/dining-chairs-wide.jpg'],
      visibility: { showInMenu: true, showInSearch: true },
    },
    yields: { [ids.category]: 'id' },
  },
  updateProductCategory: {
    summary: 'Rename a category',
    body: {
      id: ids.category,
      externalReference: 'CAT-CHAIRS',
      name: 'Dining room chairs',
      slug: 'dining-chairs',
      active: true,
      displayOrder: 1,
      image: 'https://cdn.example.com/categories/dining-chairs.jpg',
      images: [],
      visibility: { showInMenu: true, showInSearch: true },
    },
    path: { id: ids.category },
  },
  createCategoryDisplayContent: {
    summary: 'The German texts of a category',
    body: {
      externalReference: 'CAT-CHAIRS-DE',
      title: 'Esszimmerstühle',
      descriptionFormat: 'Markdown',
      excerpt: 'Stühle aus massivem Holz',
      description: '## Esszimmerstühle\n\nMassivholz, handgefertigt.',
      seo: { metaTitle: 'Esszimmerstühle', metaDescription: 'Stühle aus massivem Holz', keywords: ['Stuhl'] },
      language: 'de',
      productCategoryId: ids.category,
    },
    yields: { [ids.categoryContent]: 'id' },
    after: ['addSupportedLanguage'],
  },
  updateCategoryDisplayContent: {
    summary: 'Correct the German texts of a category',
    body: {
      id: ids.categoryContent,
      externalReference: 'CAT-CHAIRS-DE',
      title: 'Esszimmerstühle aus Massivholz',
      descriptionFormat: 'Markdown',
      excerpt: 'Stühle aus massivem Holz',
      description: '## Esszimmerstühle\n\nMassivholz, handgefertigt in Dänemark.',
      seo: { metaTitle: 'Esszimmerstühle', metaDescription: 'Stühle aus massivem Holz', keywords: ['Stuhl'] },
    },
    path: { id: ids.categoryContent },
  },
  createProductAttribute: {
    summary: 'An attribute required in a category',
    body: { externalReference: 'ATTR-FINISH', name: 'Finish', categoryIds: [ids.category] },
    yields: { [ids.attribute]: 'id' },
  },
  updateProductAttribute: {
    summary: 'Rename an attribute',
    body: {
      id: ids.attribute,
      externalReference: 'ATTR-FINISH',
      name: 'Wood finish',
      categoryIds: [ids.category],
    },
    path: { id: ids.attribute },
  },
  replaceProductFilters: {
    summary: 'Offer the finish as a filter of the category',
    body: {
      data: [
        {
          attributeId: ids.attribute,
          categoryId: ids.category,
          kind: 'List',
          displayOrder: 1,
          title: 'Finish',
        },
      ],
    },
  },
  createBrand: {
    summary: 'A brand with its logo',
    body: {
      externalReference: 'BR-NORDIC',
      name: 'Nordic Oak',
      imageUrl: 'https://cdn.example.com/brands/nordic-oak.svg',
      details: {
        description: 'Danish solid-wood furniture since 1962',
        website: 'https://www.nordic-oak.example',
      },
    },
    yields: { [ids.brand]: 'id' },
  },
  updateBrand: {
    summary: 'Update a brand’s details',
    body: {
      id: ids.brand,
      externalReference: 'BR-NORDIC',
      name: 'Nordic Oak',
      imageUrl: 'https://cdn.example.com/brands/nordic-oak-2026.svg',
      details: {
        description: 'Danish solid-wood furniture since 1962',
        website: 'https://www.nordic-oak.example',
      },
    },
    path: { id: ids.brand },
  },
  createManufacturer: {
    summary: 'A manufacturer',
    body: {
      externalReference: 'MF-221',
      name: 'Aalborg Møbelfabrik A/S',
      description: 'Solid oak furniture workshop',
      website: 'https://www.aalborg-mobler.example',
      email: 'sales@aalborg-mobler.example',
      phoneNumber: '+45 98 12 34 56',
    },
    yields: { [ids.manufacturer]: 'id' },
  },
  updateManufacturer: {
    summary: 'Update a manufacturer’s phone number',
    body: {
      id: ids.manufacturer,
      externalReference: 'MF-221',
      name: 'Aalborg Møbelfabrik A/S',
      description: 'Solid oak furniture workshop',
      website: 'https://www.aalborg-mobler.example',
      email: 'sales@aalborg-mobler.example',
      phoneNumber: '+45 98 12 34 00',
    },
    path: { id: ids.manufacturer },
  },
  createCatalog: {
    summary: 'A catalog for trade customers',
    body: {
      externalReference: 'CATALOG-TRADE',
      name: 'Trade',
      description: 'Products for B2B customers',
      active: true,
    },
    yields: { [ids.catalog]: 'id' },
  },
  updateCatalog: {
    summary: 'Describe a catalog',
    body: {
      id: ids.catalog,
      externalReference: 'CATALOG-TRADE',
      name: 'Trade',
      description: 'Products for B2B customers and interior designers',
      active: true,
    },
    path: { id: ids.catalog },
  },
  createProduct: {
    summary: 'A priced product in a category, catalog and brand, with an attribute and an image',
    body: productBody,
    yields: { [ids.product]: 'id' },
  },
  updateProduct: {
    summary: 'Replace a product (a new price and tags)',
    body: {
      ...productBody,
      id: ids.product,
      tags: ['dining', 'solid wood', 'bestseller'],
      pricing: { ...productBody.pricing, salesPrice: 199 },
    },
    path: { id: ids.product },
  },
  createProductDisplayContent: {
    summary: 'The German texts of a product',
    body: {
      externalReference: 'ERP-4501-DE',
      title: 'Esszimmerstuhl Aalborg aus Eiche',
      descriptionFormat: 'Markdown',
      excerpt: 'Massiver Eichenstuhl mit Papierkordel-Sitz',
      description: '**Massive Eiche**, geölt. Sitz aus geflochtener Papierkordel.',
      seo: {
        metaTitle: 'Esszimmerstuhl Aalborg',
        metaDescription: 'Massiver Eichenstuhl',
        keywords: ['Stuhl', 'Eiche'],
      },
      productId: ids.product,
      language: 'de',
    },
    yields: { [ids.productContent]: 'id' },
    after: ['addSupportedLanguage'],
  },
  updateProductDisplayContent: {
    summary: 'Correct the German texts of a product',
    body: {
      id: ids.productContent,
      externalReference: 'ERP-4501-DE',
      title: 'Esszimmerstuhl Aalborg, Eiche natur',
      descriptionFormat: 'Markdown',
      excerpt: 'Massiver Eichenstuhl mit Papierkordel-Sitz',
      description: '**Massive Eiche**, geölt. Sitz aus geflochtener Papierkordel.',
      seo,
    },
    path: { id: ids.productContent },
  },
  translateMissingProductDisplayContents: {
    summary: 'Create the missing English texts of a category’s products from the German ones',
    body: {
      sourceLanguage: 'de',
      targetLanguages: ['en'],
      productIds: [ids.product],
      productCategoryIds: [ids.category],
    },
    after: ['createProductDisplayContent'],
  },
  replaceIgnoredProductIssues: {
    summary: 'Ignore a product’s missing images',
    body: { ignored: [{ productId: ids.product, issue: 'MissingImages' }] },
  },
  createFavouriteProduct: {
    summary: 'A shopper marks a product as favourite',
    body: {
      externalReference: 'FAV-1',
      clientLoginId: ids.clientLogin,
      productId: ids.product,
      origin: 'Personal',
    },
  },
  createFavouriteProducts: {
    summary: 'Suggest products to a shopper',
    body: {
      favourites: [
        {
          externalReference: 'FAV-2',
          clientLoginId: ids.clientLogin,
          productId: ids.otherProduct,
          origin: 'Suggested',
        },
      ],
    },
  },
  listProducts: {
    summary: 'Active-category products by name, 20 per page',
    body: {
      take: 20,
      skip: 0,
      sortOrder: 'Asc',
      sortBy: 'Name',
      query: 'oak',
      categoryIds: [ids.category],
      catalogId: ids.catalog,
      type: 'SimpleProduct',
      attributes: [{ attributeId: ids.attribute, values: ['Natural oak'] }],
      isMissingImages: false,
    },
  },
  updateProducts: {
    summary: 'Tag several products at once',
    body: { productIds: [ids.product, ids.otherProduct], set: { addTags: ['autumn sale'], showStock: true } },
  },
  addProductsToCategories: {
    summary: 'Put products in a category',
    body: { productIds: [ids.product, ids.otherProduct], categoryIds: [ids.category] },
  },
  removeProductsFromCategories: {
    summary: 'Take a product out of a category',
    body: { productIds: [ids.otherProduct], categoryIds: [ids.category] },
    after: ['addProductsToCategories'],
  },
};
