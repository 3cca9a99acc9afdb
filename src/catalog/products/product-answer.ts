import { In, type EntityTarget, type FindOptionsOrder } from 'typeorm';
import type { Scoped, ScopedRepository } from '../../platform/database/scoped-repository';
import { withoutScopedFields } from '../../platform/http/resource';
import type { ProductAttributeValues } from './product-request.dto';
import type { ProductImage, ProductResponse } from './product-response.dto';
import { ProductAttributeValueEntity } from './product-attribute-value.entity';
import { ProductBarcodeEntity } from './product-barcode.entity';
import { ProductCatalogLinkEntity } from './product-catalog-link.entity';
import { ProductCategoryLinkEntity } from './product-category-link.entity';
import { ProductComponentEntity } from './product-component.entity';
import { ProductImageEntity } from './product-image.entity';
import { ProductPriceTierEntity } from './product-price-tier.entity';

/**
 * A stored decimal (numeric(18,4) as text) as money at the edge: rounded half away from zero to 2
 * decimals, exactly. The read path (product-reads.ts) applies the same rule in SQL (`round(x, 2)`).
 */
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

export const toProductImage = (i: ProductImageEntity): ProductImage => ({
  id: i.id,
  url: i.url,
  displayOrder: i.displayOrder,
  alt: i.alt,
});

/** What activities compare: the answer without bookkeeping; images by what a person sees of them. */
export function productSnapshot(r: ProductResponse): object {
  const { images, ...rest } = withoutScopedFields(r);
  return { ...rest, images: images.map((i) => ({ url: i.url, alt: i.alt, displayOrder: i.displayOrder })) };
}
