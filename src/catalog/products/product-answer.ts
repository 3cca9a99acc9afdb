import { In, type EntityTarget, type FindOptionsOrder } from 'typeorm';
import type { Scoped, ScopedRepository } from '../../platform/database/scoped-repository';
import { dateOnly, scopedFields, withoutScopedFields } from '../../platform/http/resource';
import type { ProductPriceTier } from './product-pricing.dto';
import type { ProductAttributeValues } from './product-request.dto';
import type { ProductComponent, ProductImage, ProductResponse } from './product-response.dto';
import { ProductAttributeValueEntity } from './product-attribute-value.entity';
import { ProductBarcodeEntity } from './product-barcode.entity';
import { ProductCatalogLinkEntity } from './product-catalog-link.entity';
import { ProductCategoryLinkEntity } from './product-category-link.entity';
import { ProductComponentEntity } from './product-component.entity';
import { ProductImageEntity } from './product-image.entity';
import { ProductPriceTierEntity } from './product-price-tier.entity';
import type { ProductEntity } from './product.entity';

/** A stored decimal (numeric(18,4) as text) as money at the edge: rounded half away from zero to 2 decimals, exactly. */
export function moneyOut(value: string | null | undefined): number | null {
  if (value == null) return null;
  const negative = value.startsWith('-');
  const [whole, fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const scaled = BigInt(whole + (fraction + '0000').slice(0, 4));
  const cents = (scaled + 50n) / 100n;
  return Number(negative ? -cents : cents) / 100;
}

/** A number of the API as the exact decimal text a numeric(18,4) column stores. */
export const decimalIn = (value: number | null | undefined): string | null =>
  value == null ? null : value.toFixed(4);

/** A stored quantity (numeric(18,4)) as a number, unrounded. */
export const quantityOut = (value: string): number => Number(value);

/** The rows a product owns, for a set of products, grouped by product id. */
export interface ProductParts {
  barcodes: Map<string, string[]>;
  categories: Map<string, string[]>;
  catalogs: Map<string, string[]>;
  attributes: Map<string, ProductAttributeValues[]>;
  images: Map<string, ProductImageEntity[]>;
  components: Map<string, ProductComponentEntity[]>;
  tiers: Map<string, ProductPriceTierEntity[]>;
}

/** Any scoped repository (a request's or a transaction's). */
export type RepoOf = <T extends Scoped>(target: EntityTarget<T>) => ScopedRepository<T>;

function group<R extends { productId: string }, V>(rows: R[], map: (r: R) => V): Map<string, V[]> {
  const out = new Map<string, V[]>();
  for (const row of rows) {
    const list = out.get(row.productId);
    if (list) list.push(map(row));
    else out.set(row.productId, [map(row)]);
  }
  return out;
}

/**
 * Loads the owned rows of a page of products: one query per relation, whatever the page size
 * (never one per product). `parallel` only outside a transaction: a transaction has one session.
 */
export async function loadProductParts(
  repo: RepoOf,
  productIds: string[],
  parallel: boolean,
): Promise<ProductParts> {
  const ids = [...new Set(productIds)];
  const find =
    <T extends Scoped & { productId: string }>(target: EntityTarget<T>, order: FindOptionsOrder<T>) =>
    () =>
      ids.length === 0
        ? Promise.resolve([] as T[])
        : repo(target).find({ where: { productId: In(ids) } as never, order });
  const loaders = [
    find(ProductBarcodeEntity, { barcode: 'ASC' }),
    find(ProductCategoryLinkEntity, { displayOrder: 'ASC', id: 'ASC' }),
    find(ProductCatalogLinkEntity, { catalogId: 'ASC' }),
    find(ProductAttributeValueEntity, { attributeId: 'ASC' }),
    find(ProductImageEntity, { displayOrder: 'ASC', createdAt: 'ASC', id: 'ASC' }),
    find(ProductComponentEntity, { displayOrder: 'ASC', id: 'ASC' }),
    find(ProductPriceTierEntity, { minQuantity: 'ASC' }),
  ] as const;
  const results: unknown[] = [];
  if (parallel) results.push(...(await Promise.all(loaders.map((load) => load()))));
  else for (const load of loaders) results.push(await load());
  const [barcodes, categories, catalogs, attributes, images, components, tiers] = results as [
    ProductBarcodeEntity[],
    ProductCategoryLinkEntity[],
    ProductCatalogLinkEntity[],
    ProductAttributeValueEntity[],
    ProductImageEntity[],
    ProductComponentEntity[],
    ProductPriceTierEntity[],
  ];
  return {
    barcodes: group(barcodes, (r) => r.barcode),
    categories: group(categories, (r) => r.categoryId),
    catalogs: group(catalogs, (r) => r.catalogId),
    attributes: group(attributes, (r) => ({ attributeId: r.attributeId, values: r.values })),
    images: group(images, (r) => r),
    components: group(components, (r) => r),
    tiers: group(tiers, (r) => r),
  };
}

const toPriceTier = (t: ProductPriceTierEntity): ProductPriceTier => ({
  minQuantity: quantityOut(t.minQuantity),
  salesPrice: moneyOut(t.salesPrice)!,
});
const toComponent = (c: ProductComponentEntity): ProductComponent => ({
  productId: c.componentProductId,
  quantity: quantityOut(c.quantity),
  displayOrder: c.displayOrder,
});

export const toProductImage = (i: ProductImageEntity): ProductImage => ({
  id: i.id,
  url: i.url,
  displayOrder: i.displayOrder,
  alt: i.alt,
});

/** The answer for a product: every field, links and owned rows from `parts` (empty lists when none). */
export function toProductResponse(p: ProductEntity, parts: ProductParts): ProductResponse {
  return {
    ...scopedFields(p),
    name: p.name,
    productType: p.productType,
    slug: p.slug,
    sku: p.sku,
    gtin: p.gtin,
    barcodes: parts.barcodes.get(p.id) ?? [],
    productCode: p.productCode,
    searchCode: p.searchCode,
    introducedAt: dateOnly(p.introducedAt),
    active: p.active,
    displayOrder: p.displayOrder,
    showStock: p.showStock,
    tags: p.tags ?? [],
    externalReferences: p.externalReferences ?? [],
    categories: parts.categories.get(p.id) ?? [],
    catalogs: parts.catalogs.get(p.id) ?? [],
    manufacturerId: p.manufacturerId,
    brandId: p.brandId,
    attributes: parts.attributes.get(p.id) ?? [],
    images: (parts.images.get(p.id) ?? []).map(toProductImage),
    pricing: {
      salesPrice: moneyOut(p.salesPrice),
      purchasePrice: moneyOut(p.purchasePrice),
      suggestedRetailPrice: moneyOut(p.suggestedRetailPrice),
      vatCodeId: p.vatCodeId,
      tiers: (parts.tiers.get(p.id) ?? []).map(toPriceTier),
    },
    components: (parts.components.get(p.id) ?? []).map(toComponent),
  };
}

/** What activities compare: the answer without bookkeeping; images by what a person sees of them. */
export function productSnapshot(r: ProductResponse): object {
  const { images, ...rest } = withoutScopedFields(r);
  return { ...rest, images: images.map((i) => ({ url: i.url, alt: i.alt, displayOrder: i.displayOrder })) };
}
