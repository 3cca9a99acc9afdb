import type { INestApplicationContext } from '@nestjs/common';
import type { RequestContext } from '../platform/tenancy/request-context';
import {
  AttributesService,
  BrandsService,
  CatalogsService,
  CategoriesService,
  CategoryDisplayContentsService,
  ManufacturersService,
  ProductFiltersService,
} from '../catalog/catalog.api';

/** The demo category tree: [name, children]. 20 categories in three levels. */
const tree: Array<[string, Array<string | [string, string[]]>]> = [
  [
    'Furniture',
    [['Seating', ['Office chairs', 'Sofas', 'Stools']], ['Tables', ['Desks', 'Dining tables']], 'Storage'],
  ],
  ['Lighting', ['Ceiling lamps', 'Desk lamps', 'Outdoor lighting']],
  ['Garden', ['Garden furniture', 'Tools', 'Plant pots']],
  ['Textiles', ['Rugs', 'Cushions']],
];

const brands: Array<[string, string]> = [
  ['Nordwood', 'Solid-wood furniture from Scandinavian forests'],
  ['Lumo', 'Lamps and lighting design'],
  ['GreenThumb', 'Garden tools that last'],
  ['Softline', 'Textiles and soft furnishings'],
  ['Ergon', 'Ergonomic office seating'],
  ['Terra', 'Terracotta and ceramic pots'],
  ['Aurora', 'Outdoor lighting'],
  ['Casa Bella', 'Italian-style dining'],
  ['Urban Nest', 'Compact furniture for small homes'],
  ['Woolcraft', 'Hand-woven rugs'],
];

const manufacturers: Array<[string, string]> = [
  ['Nordic Furniture Works AB', 'https://nordic-furniture.example.com'],
  ['Bright Light Manufacturing Ltd', 'https://brightlight.example.com'],
  ['Garden Goods GmbH', 'https://gardengoods.example.com'],
  ['Textile Mills BV', 'https://textilemills.example.com'],
];

/** Attributes and the categories (by name) whose products require them. */
const attributes: Array<[string, string[]]> = [
  ['Colour', ['Furniture', 'Textiles', 'Lighting']],
  ['Material', ['Furniture', 'Garden furniture', 'Plant pots', 'Textiles']],
  ['Width (cm)', ['Tables', 'Desks', 'Dining tables', 'Storage', 'Rugs']],
  ['Height (cm)', ['Seating', 'Tables', 'Storage']],
  ['Depth (cm)', ['Tables', 'Storage']],
  ['Seat height (cm)', ['Office chairs', 'Stools']],
  ['Maximum load (kg)', ['Office chairs', 'Stools', 'Sofas']],
  ['Wattage', ['Ceiling lamps', 'Desk lamps', 'Outdoor lighting']],
  ['Light colour (K)', ['Lighting']],
  ['IP rating', ['Outdoor lighting']],
  ['Dimmable', ['Ceiling lamps', 'Desk lamps']],
  ['Weatherproof', ['Garden furniture', 'Outdoor lighting']],
  ['Volume (l)', ['Plant pots']],
  ['Washable', ['Cushions', 'Rugs']],
  ['Pile height (mm)', ['Rugs']],
];

/**
 * The catalog taxonomy of the demo workspace: a category tree with English display content,
 * brands, manufacturers, catalogs, attributes required per category and storefront filters.
 * Runs before the products seeder, which files its products under these.
 */
export async function seedCatalogTaxonomyDemo(
  app: INestApplicationContext,
  ctx: RequestContext,
): Promise<void> {
  const categories = app.get(CategoriesService);
  const contents = app.get(CategoryDisplayContentsService);
  const categoryIds = new Map<string, string>();

  const addCategory = async (name: string, parentId: string | null, displayOrder: number) => {
    const created = await categories.create(ctx, {
      name,
      parentId,
      displayOrder,
      visibility: { showInMenu: true, showInSearch: true },
    });
    categoryIds.set(name, created.id);
    await contents.create(ctx, {
      productCategoryId: created.id,
      language: 'en',
      title: name,
      descriptionFormat: 'Markdown',
      excerpt: `Our range of ${name.toLowerCase()}.`,
      description: `## ${name}\n\nDiscover our selection of ${name.toLowerCase()}, chosen for quality and durability.`,
      seo: {
        metaTitle: `${name} | Demo store`,
        metaDescription: `Buy ${name.toLowerCase()} online.`,
        keywords: [name.toLowerCase()],
      },
    });
    return created.id;
  };

  for (const [i, [root, children]] of tree.entries()) {
    const rootId = await addCategory(root, null, i);
    for (const [j, child] of children.entries()) {
      const [name, grandChildren] = typeof child === 'string' ? [child, []] : child;
      const childId = await addCategory(name, rootId, j);
      for (const [k, grandChild] of grandChildren.entries()) await addCategory(grandChild, childId, k);
    }
  }

  for (const [name, description] of brands) {
    await app.get(BrandsService).create(ctx, { name, details: { description, website: null } });
  }
  for (const [name, website] of manufacturers) {
    await app.get(ManufacturersService).create(ctx, { name, website, description: null });
  }
  await app
    .get(CatalogsService)
    .create(ctx, { name: 'Retail', description: 'Everything offered to consumers' });
  await app
    .get(CatalogsService)
    .create(ctx, { name: 'Business', description: 'The range for business customers' });
  await app
    .get(CatalogsService)
    .create(ctx, { name: 'Clearance', description: 'Last items at reduced prices', active: false });

  const attributeIds = new Map<string, string>();
  for (const [name, requiredBy] of attributes) {
    const created = await app
      .get(AttributesService)
      .create(ctx, { name, categoryIds: requiredBy.map((c) => categoryIds.get(c)!) });
    attributeIds.set(name, created.id);
  }

  await app.get(ProductFiltersService).replace(ctx, {
    data: [
      { attributeId: attributeIds.get('Colour')!, categoryId: null, kind: 'List', displayOrder: 0 },
      { attributeId: attributeIds.get('Material')!, categoryId: null, kind: 'List', displayOrder: 1 },
      {
        attributeId: attributeIds.get('Width (cm)')!,
        categoryId: categoryIds.get('Tables')!,
        kind: 'Range',
        displayOrder: 2,
        title: 'Width',
      },
      {
        attributeId: attributeIds.get('Wattage')!,
        categoryId: categoryIds.get('Lighting')!,
        kind: 'Range',
        displayOrder: 2,
      },
      {
        attributeId: attributeIds.get('Dimmable')!,
        categoryId: categoryIds.get('Lighting')!,
        kind: 'Boolean',
        displayOrder: 3,
      },
      {
        attributeId: attributeIds.get('Weatherproof')!,
        categoryId: categoryIds.get('Garden')!,
        kind: 'Boolean',
        displayOrder: 2,
      },
    ],
  });
}
