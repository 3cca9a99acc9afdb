import { seedDemoImages } from './demo-images';
import type { INestApplicationContext } from '@nestjs/common';
import {
  AttributesService,
  BrandListQuery,
  BrandsService,
  CatalogListQuery,
  CatalogsService,
  CategoriesService,
  type CreateProductRequest,
  ManufacturerListQuery,
  ManufacturersService,
  ProductAttributeListQuery,
  ProductCategoryListQuery,
  ProductsService,
} from '../catalog/catalog.api';
import type { RequestContext } from '../platform/tenancy/request-context';

const all = <T extends object>(Query: new () => T): T => Object.assign(new Query(), { Take: 1000 });

/** What the products of a (leaf) category are called, and what they cost roughly. */
const kinds: Record<string, { nouns: string[]; price: number; tags: string[] }> = {
  'Office chairs': {
    nouns: ['Office Chair', 'Task Chair', 'Executive Chair'],
    price: 189,
    tags: ['office', 'ergonomic'],
  },
  Sofas: { nouns: ['Two-Seater Sofa', 'Corner Sofa', 'Loveseat'], price: 899, tags: ['living room'] },
  Stools: { nouns: ['Bar Stool', 'Step Stool', 'Counter Stool'], price: 59, tags: ['kitchen'] },
  Desks: { nouns: ['Writing Desk', 'Standing Desk', 'Corner Desk'], price: 349, tags: ['office'] },
  'Dining tables': {
    nouns: ['Dining Table', 'Extending Table', 'Bistro Table'],
    price: 499,
    tags: ['dining'],
  },
  Storage: { nouns: ['Bookcase', 'Sideboard', 'Chest of Drawers'], price: 279, tags: ['storage'] },
  'Ceiling lamps': { nouns: ['Pendant Lamp', 'Ceiling Light', 'Chandelier'], price: 129, tags: ['lighting'] },
  'Desk lamps': {
    nouns: ['Desk Lamp', 'Reading Lamp', 'Task Light'],
    price: 49,
    tags: ['lighting', 'office'],
  },
  'Outdoor lighting': {
    nouns: ['Wall Lantern', 'Path Light', 'Floodlight'],
    price: 69,
    tags: ['lighting', 'outdoor'],
  },
  'Garden furniture': {
    nouns: ['Garden Chair', 'Garden Bench', 'Lounger'],
    price: 149,
    tags: ['outdoor', 'summer'],
  },
  Tools: { nouns: ['Spade', 'Pruning Shears', 'Rake'], price: 29, tags: ['garden'] },
  'Plant pots': { nouns: ['Plant Pot', 'Planter', 'Window Box'], price: 19, tags: ['garden', 'indoor'] },
  Rugs: { nouns: ['Area Rug', 'Runner', 'Round Rug'], price: 199, tags: ['living room'] },
  Cushions: { nouns: ['Cushion', 'Floor Cushion', 'Seat Pad'], price: 24, tags: ['living room'] },
};
const styles = [
  'Oak',
  'Walnut',
  'Nordic',
  'Classic',
  'Compact',
  'Loft',
  'Harbour',
  'Alpine',
  'Riviera',
  'Studio',
];
const colours = ['black', 'white', 'grey', 'natural', 'green', 'blue'];
const materials = ['oak', 'steel', 'linen', 'ceramic', 'rattan', 'wool'];

/** A GTIN-13 with its check digit. */
function gtin13(n: number): string {
  const digits = `871${String(n).padStart(9, '0')}`;
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return digits + ((10 - (sum % 10)) % 10);
}

/** A plausible value of an attribute for the i-th product. */
function valueOf(attribute: string, i: number): string[] {
  if (attribute === 'Colour')
    return [colours[i % colours.length], ...(i % 5 === 0 ? [colours[(i + 2) % colours.length]] : [])];
  if (attribute === 'Material') return [materials[i % materials.length]];
  if (/^(Dimmable|Weatherproof|Washable)$/.test(attribute)) return [i % 2 ? 'true' : 'false'];
  if (attribute === 'IP rating') return ['IP44'];
  return [String(20 + ((i * 17) % 180))];
}

/**
 * Demo products (about 300) through ProductsService: about 20 per leaf category of the demo
 * taxonomy, with skus, GTINs, barcodes, brands, manufacturers, catalogs, tags, attribute values
 * (every seventh product misses one, so the product issues view has something to show), images
 * for two thirds of them, prices with quantity tiers, and a few bundles made of other products.
 * Runs after the taxonomy seeder; without a taxonomy it still creates uncategorised products.
 */
export async function seedCatalogDemo(app: INestApplicationContext, ctx: RequestContext): Promise<void> {
  const products = app.get(ProductsService);
  const categories = (await app.get(CategoriesService).list(ctx, all(ProductCategoryListQuery))).data;
  const brands = (await app.get(BrandsService).list(ctx, all(BrandListQuery))).data;
  const manufacturers = (await app.get(ManufacturersService).list(ctx, all(ManufacturerListQuery))).data;
  const catalogs = (await app.get(CatalogsService).list(ctx, all(CatalogListQuery))).data;
  const attributes = (await app.get(AttributesService).list(ctx, all(ProductAttributeListQuery))).data;

  // Served by the service itself (its file storage), so the demo's images load.
  const images = await seedDemoImages(app, ctx);

  const parents = new Set(categories.map((c) => c.parentId).filter(Boolean));
  const ancestors = (id: string): string[] => {
    const c = categories.find((x) => x.id === id);
    return c?.parentId ? [c.parentId, ...ancestors(c.parentId)] : [];
  };
  const leaves = categories.filter((c) => !parents.has(c.id) && kinds[c.name]);
  const groups = leaves.length
    ? leaves.map((c) => ({ category: c, kind: kinds[c.name] }))
    : [{ category: undefined, kind: kinds['Stools'] }];
  const perGroup = Math.ceil(300 / groups.length);

  let n = 0;
  const created: Array<{ id: string; group: number }> = [];
  for (const [g, { category, kind }] of groups.entries()) {
    const required = category
      ? attributes.filter((a) =>
          a.categoryIds.some((id) => id === category.id || ancestors(category.id).includes(id)),
        )
      : [];
    for (let i = 0; i < perGroup; i++, n++) {
      const noun = kind.nouns[i % kind.nouns.length];
      const style = styles[(i + g) % styles.length];
      const sku = `${noun.replace(/[^A-Z]/g, '').padEnd(2, 'X')}-${String(1000 + n)}`;
      const price = Math.round(kind.price * (0.6 + ((i * 37) % 80) / 100) * 100) / 100 - 0.01;
      const body: CreateProductRequest = {
        name: `${style} ${noun}${i >= kind.nouns.length * styles.length ? ` ${i}` : ''}`,
        sku,
        gtin: gtin13(n + 1),
        barcodes: [gtin13(n + 1), `DEMO${String(n).padStart(6, '0')}`],
        productCode: `P${String(n).padStart(5, '0')}`,
        searchCode: noun.toLowerCase(),
        introducedAt: `2025-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
        active: n % 23 !== 0,
        displayOrder: i,
        showStock: n % 3 !== 0,
        tags: [...kind.tags, ...(n % 9 === 0 ? ['sale'] : []), ...(n % 11 === 0 ? ['new'] : [])],
        externalReferences: [`erp:${100000 + n}`],
        categories: category ? [category.id] : [],
        catalogs: catalogs.filter((_, k) => k === 0 || (k === 1 && n % 2 === 0)).map((c) => c.id),
        brandId: brands.length ? brands[(g + i) % brands.length].id : null,
        manufacturerId: manufacturers.length ? manufacturers[g % manufacturers.length].id : null,
        attributes: required
          .filter((_, k) => n % 7 !== 0 || k > 0)
          .map((a) => ({ attributeId: a.id, values: valueOf(a.name, n) })),
        images: n % 3 === 2 ? [] : [{ url: images[n % images.length], alt: noun }],
        pricing: {
          salesPrice: price,
          purchasePrice: Math.round(price * 55) / 100,
          suggestedRetailPrice: Math.round(price * 120) / 100,
          tiers:
            n % 4 === 0
              ? [
                  { minQuantity: 10, salesPrice: Math.round(price * 95) / 100 },
                  { minQuantity: 50, salesPrice: Math.round(price * 90) / 100 },
                ]
              : [],
        },
      };
      created.push({ id: (await products.create(ctx, body)).id, group: g });
    }
  }

  // A few bundles: three products of one category sold together.
  for (let b = 0; b < Math.min(6, groups.length); b++) {
    const parts = created.filter((c) => c.group === b).slice(0, 3);
    await products.create(ctx, {
      name: `${groups[b].kind.nouns[0]} Set`,
      productType: 'BundledProduct',
      sku: `SET-${b + 1}`,
      tags: ['bundle'],
      categories: groups[b].category ? [groups[b].category!.id] : [],
      components: parts.map((p, k) => ({ productId: p.id, quantity: k === 0 ? 2 : 1 })),
      pricing: { salesPrice: 99 + b * 50 },
    });
  }
}
