import type { OpenAPIObject } from '@nestjs/swagger';
import {
  exampleCredentials,
  exampleIds as ids,
  exampleRefreshToken,
  exampleWebhookUrl,
} from './example-values';

/**
 * One documented request: the body Swagger UI's "Try it out" offers, and how the examples e2e test
 * sends it to a fresh workspace.
 */
export interface RequestExample {
  /** One line shown above the example. */
  summary: string;
  body: unknown;
  /** Path parameters (example ids); shown as the parameters' examples. */
  path?: Record<string, string>;
  /** Example values the answer defines: example value → dotted path in the answer (`statuses.0.id`). */
  yields?: Record<string, string>;
  /** Operations whose examples must have been sent first (beyond those yielding the ids used here). */
  after?: string[];
}

const address = {
  street: 'Keizersgracht',
  houseNumber: '313',
  houseNumberAddition: 'B',
  postalCode: '1016 EE',
  city: 'Amsterdam',
  region: 'Noord-Holland',
  countryCode: 'NL',
};
const orderAddress = {
  name: 'De Vries Interieur B.V.',
  street: 'Keizersgracht',
  houseNumber: '313',
  postalCode: '1016 EE',
  city: 'Amsterdam',
  region: 'Noord-Holland',
  country: 'NL',
};
const contactDetails = {
  emails: [{ address: 'inkoop@devries-interieur.nl', label: 'Purchasing' }],
  phones: [{ number: '+31 20 555 0142', label: 'Office' }],
  websites: [{ url: 'https://www.devries-interieur.nl', label: 'Website' }],
};
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
const accountBody = {
  externalReference: 'CRM-10042',
  displayName: 'De Vries Interieur B.V.',
  description: 'Interior design studio furnishing offices and restaurants',
  notes: 'Prefers delivery on Tuesdays.',
  accountCode: 'DEB-10042',
  accountStatus: 'Active',
  accountType: 'Customer',
  ownerId: ids.user,
  industries: ['Interior design', 'Hospitality'],
  employees: 24,
  vatNumber: 'NL859123456B01',
  chamberOfCommerce: '34123456',
  chamberOfCommerceRubricationCodes: ['7410'],
  vatValidationDate: '2026-01-15T09:30:00.000Z',
  productCatalogId: ids.catalog,
  tags: ['key account'],
  lastContactMoment: '2026-11-20T14:00:00.000Z',
  billingAddress: address,
  visitingAddress: address,
  deliveryAddress: { ...address, street: 'Industrieweg', houseNumber: '12', houseNumberAddition: '' },
  contactDetails,
  attributes: [{ key: 'preferredCarrier', value: 'PostNL' }],
  commerceSettings: {
    discountPercentage: 5,
    paymentTermDays: 30,
    currency: 'EUR',
    vatLiable: true,
    creditLimit: 25000,
    priceVisibility: 'Visible',
  },
};
const contactBody = {
  externalReference: 'CRM-C-2231',
  firstName: 'Sanne',
  lastName: 'de Vries',
  middleName: '',
  displayOrder: 0,
  description: 'Owner and lead designer',
  dateOfBirth: '1984-06-12',
  gender: 'Female',
  title: 'ir.',
  jobTitle: 'Director',
  notes: 'Met at the Dutch Design Week.',
  ownerId: ids.user,
  clientLoginId: ids.clientLogin,
  interestsAndHobbies: 'Mid-century furniture, sailing',
  lastContactMoment: '2026-11-20T14:00:00.000Z',
  tags: ['decision maker'],
  accounts: [{ accountId: ids.account, jobTitle: 'Director' }],
  contactDetails: {
    emails: [{ address: 'sanne@devries-interieur.nl', label: 'Work' }],
    phones: [{ number: '+31 6 1234 5678', label: 'Mobile' }],
    websites: [],
  },
  addresses: [{ ...address, label: 'Office' }],
  attributes: [{ key: 'newsletter', value: true }],
};
const orderHeader = {
  externalReference: 'PO-2026-0117',
  deliveryMethod: 'Pickup',
  description: 'Chairs for the new meeting room',
  pickupLocationId: ids.location,
  billingAddress: orderAddress,
  shippingAddress: orderAddress,
  debtorId: ids.account,
  orderedById: ids.contact,
  orderedAt: '2026-11-24T10:15:00.000Z',
  orderingStatus: 'Draft',
  channel: 'phone',
  tags: ['meeting room'],
};
const locationBody = {
  externalReference: 'WH-AMS',
  name: 'Amsterdam warehouse and showroom',
  displayOrder: 1,
  isWarehouse: true,
  isPickupLocation: true,
  isStockLocation: true,
  email: 'amsterdam@example.com',
  description: 'Pick up weekdays from 08:30',
  phoneNumber: '+31 20 555 0100',
  image: 'https://cdn.example.com/locations/amsterdam.jpg',
  address: {
    street: 'Industrieweg',
    houseNumber: '12',
    postalCode: '1041 AB',
    city: 'Amsterdam',
    region: 'Noord-Holland',
    country: 'NL',
  },
  openingHours: [
    { dayOfWeek: 'Monday', opens: '08:30', closes: '17:30' },
    { dayOfWeek: 'Saturday', opens: '10:00', closes: '16:00' },
  ],
};
const pipelineBody = {
  externalReference: 'PIPE-B2B',
  title: 'B2B furniture projects',
  description: 'Office and hospitality fit-outs',
  statuses: [
    { title: 'Qualified', displayOrder: 0, successRate: 20, kind: 'Open' },
    { title: 'Proposal sent', displayOrder: 1, successRate: 50, kind: 'Open' },
    { title: 'Won', displayOrder: 2, successRate: 100, kind: 'Won' },
    { title: 'Lost', displayOrder: 3, successRate: 0, kind: 'Lost' },
  ],
  tags: ['b2b'],
  customFields: [{ key: 'leadSource', label: 'Lead source', type: 'Text' }],
};
const dealBody = {
  externalReference: 'DEAL-883',
  title: 'Meeting room chairs for De Vries',
  expectedRevenue: 2268,
  pipelineId: ids.pipeline,
  statusId: ids.pipelineStatus,
  description: '12 Aalborg chairs, delivery in January',
  ownerId: ids.user,
  accountId: ids.account,
  successRate: 50,
  startDate: '2026-11-20',
  endDate: '2027-01-15',
  tags: ['meeting room'],
  contacts: [{ contactId: ids.contact, role: 'Decision maker' }],
  products: [{ productId: ids.product, quantity: 12, unitPrice: 189 }],
  customFields: { leadSource: 'Trade fair' },
};

/** Every JSON request body of the document, by operationId (file uploads are multipart: none). */
export const requestExamples: Record<string, RequestExample> = {
  // Identity
  login: {
    summary: 'A user logs in (a client login also sends its workspaceId)',
    body: { ...exampleCredentials },
    yields: { [exampleRefreshToken]: 'refreshToken' },
    after: ['createUser'],
  },
  refreshToken: {
    summary: 'Trade a refresh token for a new pair',
    body: { refreshToken: exampleRefreshToken },
  },
  switchWorkspace: { summary: 'Switch to another workspace', body: { workspaceId: ids.workspace } },
  createUser: {
    summary: 'A colleague who works in CRM and sales',
    body: {
      ...exampleCredentials,
      email: 'anna.jansen@example.com',
      firstname: 'Anna',
      lastname: 'Jansen',
      displayName: 'Anna Jansen',
      picture: 'https://cdn.example.com/avatars/anna.jpg',
      apps: ['crm', 'sales'],
      role: 'Member',
      externalReference: 'HR-0042',
    },
    yields: { [ids.user]: 'id' },
  },
  updateUser: {
    summary: 'Change a colleague’s name and role',
    body: {
      id: ids.user,
      username: exampleCredentials.username,
      email: 'anna.jansen@example.com',
      firstname: 'Anna',
      lastname: 'Jansen-Bakker',
      displayName: 'Anna Jansen-Bakker',
      picture: 'https://cdn.example.com/avatars/anna.jpg',
      apps: ['crm', 'sales', 'analytics'],
      role: 'Admin',
      externalReference: 'HR-0042',
    },
    path: { id: ids.user },
    after: ['login'],
  },
  createClientLogin: {
    summary: 'A shopper of a customer account',
    body: {
      externalReference: 'SHOP-7781',
      email: 'sanne@devries-interieur.nl',
      username: 'sanne.devries',
      displayName: 'Sanne de Vries',
      status: { active: true },
      password: 'Canal-House-313!',
    },
    yields: { [ids.clientLogin]: 'id' },
  },
  updateClientLogin: {
    summary: 'Rename a shopper',
    body: {
      id: ids.clientLogin,
      externalReference: 'SHOP-7781',
      email: 'sanne@devries-interieur.nl',
      username: 'sanne.devries',
      displayName: 'Sanne de Vries (De Vries Interieur)',
      status: { active: true },
    },
    path: { id: ids.clientLogin },
  },
  createWorkspace: {
    summary: 'A workspace for another company',
    body: {
      name: 'Nordic Living Benelux',
      description: 'Wholesale of Scandinavian furniture',
      defaultCurrency: 'EUR',
      externalReference: 'TENANT-12',
    },
    yields: { [ids.workspace]: 'id' },
  },
  updateWorkspace: {
    summary: 'Rename the current workspace',
    body: {
      name: 'Nordic Living Netherlands',
      description: 'Wholesale and retail of Scandinavian furniture',
      defaultCurrency: 'EUR',
      externalReference: 'TENANT-11',
    },
  },
  // Internationalization
  addSupportedLanguage: { summary: 'Offer German', body: { languageCode: 'de' } },
  removeSupportedLanguage: {
    summary: 'Stop offering German (its texts stay)',
    body: { languageCode: 'de' },
    after: [
      'createCategoryDisplayContent',
      'updateCategoryDisplayContent',
      'createProductDisplayContent',
      'updateProductDisplayContent',
      'translateMissingProductDisplayContents',
      'createContentPage',
      'updateContentPage',
    ],
  },
  createCurrency: {
    summary: 'Accept US dollars',
    body: { code: 'USD', symbol: '$', exchangeRate: 1.08, isDefault: false, externalReference: 'FX-USD' },
    yields: { [ids.currency]: 'id' },
  },
  updateCurrency: {
    summary: 'Update the exchange rate',
    body: {
      id: ids.currency,
      symbol: '$',
      exchangeRate: 1.09,
      isDefault: false,
      externalReference: 'FX-USD',
    },
    path: { id: ids.currency },
  },
  translateTexts: {
    summary: 'Translate product texts from English to German',
    body: {
      texts: ['Solid oak dining chair', 'Seat of woven paper cord'],
      sourceLanguage: 'en',
      targetLanguage: 'de',
    },
  },
  // Catalog
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
  // CRM
  createAccount: {
    summary: 'A customer with addresses, contact details and commerce settings',
    body: accountBody,
    yields: { [ids.account]: 'id' },
  },
  updateAccount: {
    summary: 'Replace a customer (more employees, a new tag)',
    body: { ...accountBody, id: ids.account, employees: 28, tags: ['key account', 'hospitality'] },
    path: { id: ids.account },
  },
  createContact: {
    summary: 'A contact of a customer, linked to a shopper',
    body: contactBody,
    yields: { [ids.contact]: 'id' },
  },
  updateContact: {
    summary: 'Replace a contact (a new job title)',
    body: { ...contactBody, id: ids.contact, jobTitle: 'Managing director' },
    path: { id: ids.contact },
  },
  createPipeline: {
    summary: 'A pipeline with its statuses and a custom field',
    body: pipelineBody,
    yields: { [ids.pipeline]: 'id', [ids.pipelineStatus]: 'statuses.0.id' },
  },
  updatePipeline: {
    summary: 'Rename a pipeline, keeping its statuses',
    body: {
      ...pipelineBody,
      id: ids.pipeline,
      title: 'B2B furniture projects 2027',
      statuses: [{ ...pipelineBody.statuses[0], id: ids.pipelineStatus }, ...pipelineBody.statuses.slice(1)],
    },
    path: { id: ids.pipeline },
  },
  createDeal: { summary: 'A deal with a contact and products', body: dealBody, yields: { [ids.deal]: 'id' } },
  updateDeal: {
    summary: 'Replace a deal (a higher chance)',
    body: { ...dealBody, id: ids.deal, successRate: 70 },
    path: { id: ids.deal },
  },
  createComment: {
    summary: 'A note on an account',
    body: {
      externalReference: 'NOTE-1',
      body: 'Asked for a **quote** for 12 chairs.',
      bodyFormat: 'Markdown',
      entityId: ids.account,
      entityType: 'Account',
    },
    yields: { [ids.comment]: 'id' },
  },
  updateComment: {
    summary: 'Edit a note',
    body: {
      id: ids.comment,
      externalReference: 'NOTE-1',
      body: 'Asked for a **quote** for 12 chairs, delivery in January.',
      bodyFormat: 'Markdown',
    },
    path: { id: ids.comment },
  },
  // Activities
  filterActivities: {
    summary: 'The latest changes of a product',
    body: {
      take: 50,
      skip: 0,
      sortOrder: 'Desc',
      sortBy: 'Timestamp',
      entityIds: [ids.product],
      types: ['ProductCreated', 'ProductNameUpdated'],
      timestamp: { min: '2026-01-01T00:00:00.000Z', max: '2030-12-31T23:59:59.999Z' },
    },
  },
  // Pricing
  createAtomicScript: {
    summary: 'Free delivery from 100 pieces',
    body: {
      externalReference: 'RULE-7',
      name: 'Free delivery from 100 pieces',
      description: 'Adds a message to prices of large quantities',
      trigger: 'PriceCalculation',
      code: 'if (input.quantity >= 100) return { messages: ["Free delivery"] };',
      active: true,
      displayOrder: 1,
    },
    yields: { [ids.atomicScript]: 'id' },
  },
  updateAtomicScript: {
    summary: 'Lower the threshold',
    body: {
      id: ids.atomicScript,
      externalReference: 'RULE-7',
      name: 'Free delivery from 50 pieces',
      description: 'Adds a message to prices of large quantities',
      trigger: 'PriceCalculation',
      code: 'if (input.quantity >= 50) return { messages: ["Free delivery"] };',
      active: true,
      displayOrder: 1,
    },
    path: { id: ids.atomicScript },
  },
  // Storefront
  getCommerceProductPrices: {
    summary: 'Prices of two products by id and sku',
    body: [
      { identifier: ids.product, quantity: 12 },
      { identifier: 'CH-OAK-4501', quantity: 1 },
    ],
    after: ['updateProduct'],
  },
  listCommerceProducts: {
    summary: 'A category page, cheapest first',
    body: {
      take: 24,
      skip: 0,
      sortOrder: 'Asc',
      sortBy: 'SalesPrice',
      query: 'chair',
      categoryIds: [ids.category],
      type: 'SimpleProduct',
      attributes: [{ attributeId: ids.attribute, values: ['Natural oak'] }],
    },
  },
  getCommerceProductFacets: {
    summary: 'The facets of a category page',
    body: { query: 'chair', isActive: true, attributes: [] },
    path: { categoryId: ids.category },
    after: ['replaceProductFilters'],
  },
  createCommerceSalesOrder: {
    summary: 'A shopper orders two chairs for delivery',
    body: {
      externalReference: 'CART-55120',
      deliveryMethod: 'Delivery',
      description: 'Please call before delivery',
      billingAddress: orderAddress,
      shippingAddress: orderAddress,
      channel: 'webshop',
      currency: 'EUR',
      lines: [{ sku: 'CH-OAK-4501', quantity: 2 }],
    },
    after: ['updateProduct'],
  },
  // Content
  createContentPage: {
    summary: 'A published page in German',
    body: {
      externalReference: 'PAGE-DELIVERY',
      title: 'Lieferung und Abholung',
      slug: 'lieferung',
      language: 'de',
      bodyFormat: 'Markdown',
      body: '# Lieferung\n\nWir liefern dienstags und donnerstags.',
      isPublished: true,
      publishedAt: '2026-11-01T08:00:00.000Z',
      seo: { metaTitle: 'Lieferung', metaDescription: 'Lieferung und Abholung', keywords: ['Lieferung'] },
    },
    yields: { [ids.contentPage]: 'id' },
    after: ['addSupportedLanguage'],
  },
  updateContentPage: {
    summary: 'Change a page’s body',
    body: {
      id: ids.contentPage,
      externalReference: 'PAGE-DELIVERY',
      title: 'Lieferung und Abholung',
      slug: 'lieferung',
      language: 'de',
      bodyFormat: 'Markdown',
      body: '# Lieferung\n\nWir liefern dienstags, donnerstags und samstags.',
      isPublished: true,
      publishedAt: '2026-11-01T08:00:00.000Z',
      seo: { metaTitle: 'Lieferung', metaDescription: 'Lieferung und Abholung', keywords: ['Lieferung'] },
    },
    path: { id: ids.contentPage },
  },
  createDocumentDirectory: {
    summary: 'A directory for this year’s contracts',
    body: { path: 'contracts/2026' },
  },
  // Webhooks
  createWebhook: {
    summary: 'Send new orders and account changes to an endpoint',
    body: {
      externalReference: 'HOOK-ERP',
      url: exampleWebhookUrl,
      topics: ['SalesOrderCreated', 'Account*Updated'],
      active: true,
      description: 'ERP order import',
    },
    yields: { [ids.webhook]: 'id' },
  },
  updateWebhook: {
    summary: 'Subscribe to more topics and rotate the secret',
    body: {
      id: ids.webhook,
      externalReference: 'HOOK-ERP',
      url: exampleWebhookUrl,
      topics: ['SalesOrderCreated', 'SalesOrderOrderingStatusUpdated', 'Account*Updated'],
      active: true,
      description: 'ERP order import',
      rotateSecret: true,
    },
    path: { id: ids.webhook },
  },
  // Inventory
  createLocation: {
    summary: 'A warehouse that is also a pickup point',
    body: locationBody,
    yields: { [ids.location]: 'id' },
  },
  updateLocation: {
    summary: 'Replace a location (longer Saturday hours)',
    body: {
      ...locationBody,
      id: ids.location,
      openingHours: [
        { dayOfWeek: 'Monday', opens: '08:30', closes: '17:30' },
        { dayOfWeek: 'Saturday', opens: '09:00', closes: '17:00' },
      ],
    },
    path: { id: ids.location },
  },
  createStock: {
    summary: 'Stock of a product at a warehouse',
    body: {
      externalReference: 'STOCK-4501-AMS',
      productId: ids.product,
      locationId: ids.location,
      quantity: 40,
    },
    yields: { [ids.stock]: 'id' },
  },
  updateStock: {
    summary: 'Set the counted quantity',
    body: { id: ids.stock, quantity: 38 },
    path: { id: ids.stock },
  },
  adjustStock: { summary: 'Two chairs were damaged', body: { change: -2 }, path: { id: ids.stock } },
  // Sales
  updateSalesSettings: {
    summary: 'Order numbers like SO-2026-00001, stock taken at the warehouse',
    body: {
      orderNumberPrefix: 'SO-2026-',
      orderNumberPadding: 5,
      allowBackorders: false,
      defaultStockLocationId: ids.location,
    },
  },
  createSalesOrder: {
    summary: 'An order of a customer, picked up at the warehouse',
    body: {
      ...orderHeader,
      currency: 'EUR',
      lines: [{ productId: ids.product, quantity: 12, discountPercentage: 5 }],
    },
    yields: { [ids.salesOrder]: 'id' },
  },
  updateSalesOrder: {
    summary: 'Replace an order’s header (a new reference)',
    body: { ...orderHeader, id: ids.salesOrder, externalReference: 'PO-2026-0117-B' },
    path: { id: ids.salesOrder },
  },
  addSalesOrderLine: {
    summary: 'Add a product to a Draft order',
    body: { productId: ids.otherProduct, quantity: 1, discountPercentage: 0 },
    path: { id: ids.salesOrder },
  },
};

/**
 * Puts each example on its operation: the JSON body's `examples` (what Swagger UI's "Try it out"
 * offers) and the path parameters' `example`. The OpenAPI quality check finds a JSON body without
 * one and an example of no operation.
 */
export function attachRequestExamples(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item as object) as Array<{
      operationId?: string;
      requestBody?: { content?: Record<string, { examples?: Record<string, unknown> }> };
      parameters?: Array<{ in?: string; name?: string; example?: unknown }>;
    }>) {
      const example = operation?.operationId ? requestExamples[operation.operationId] : undefined;
      const json = operation?.requestBody?.content?.['application/json'];
      if (!example || !json) continue;
      json.examples = { [operation.operationId!]: { summary: example.summary, value: example.body } };
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === 'path' && parameter.name && example.path?.[parameter.name])
          parameter.example = example.path[parameter.name];
    }
}
