import { isDeepStrictEqual } from 'node:util';
import { In } from 'typeorm';
import type { Tx } from '../../platform/database/db';
import type { Scoped } from '../../platform/database/scoped-repository';
import { badRequest, type FieldErrors } from '../../platform/http/problem';
import { ProductAttributeEntity } from '../attributes/attribute.entity';
import { BrandEntity } from '../brands/brand.entity';
import { CatalogEntity } from '../catalogs/catalog.entity';
import { firstFreeSlug, slugify } from '../categories/category-slug';
import { ProductCategoryEntity } from '../categories/category.entity';
import { ManufacturerEntity } from '../manufacturers/manufacturer.entity';
import type { CreateProductRequest } from './product-request.dto';
import { decimalIn, type ProductParts } from './product-answer';
import { ProductAttributeValueEntity } from './product-attribute-value.entity';
import { ProductBarcodeEntity } from './product-barcode.entity';
import { ProductCatalogLinkEntity } from './product-catalog-link.entity';
import { ProductCategoryLinkEntity } from './product-category-link.entity';
import { ProductComponentEntity } from './product-component.entity';
import { ProductImageEntity } from './product-image.entity';
import { ProductPriceTierEntity } from './product-price-tier.entity';
import { ProductEntity } from './product.entity';
import { lockProductSlug } from './products.queries';

const duplicates = <T>(values: T[]): T[] => values.filter((v, i) => values.indexOf(v) !== i);
const unique = <T>(values: T[]): T[] => [...new Set(values)];

/**
 * The rules of a product body that need no database, all reported at once (400 naming each
 * field): repeated barcodes, attributes, components or tiers; components on a SimpleProduct;
 * new images without a URL.
 */
export function checkProductBody(body: CreateProductRequest): void {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const barcodes = body.barcodes ?? [];
  if (duplicates(barcodes).length) add('barcodes', `repeats ${unique(duplicates(barcodes)).join(', ')}`);
  const attributeIds = (body.attributes ?? []).map((a) => a.attributeId);
  if (duplicates(attributeIds).length)
    add('attributes', `lists attribute ${unique(duplicates(attributeIds)).join(', ')} more than once`);
  const components = body.components ?? [];
  if (components.length && (body.productType ?? 'SimpleProduct') === 'SimpleProduct') {
    add('components', 'only ConfigurableProduct, GroupedProduct and BundledProduct have components');
  }
  const componentIds = components.map((c) => c.productId);
  if (duplicates(componentIds).length)
    add('components', `lists product ${unique(duplicates(componentIds)).join(', ')} more than once`);
  const tiers = (body.pricing?.tiers ?? []).map((t) => t.minQuantity);
  if (duplicates(tiers).length)
    add('pricing.tiers', `has more than one tier for minQuantity ${unique(duplicates(tiers)).join(', ')}`);
  const imageIds = (body.images ?? []).flatMap((i) => (i.id ? [i.id] : []));
  if (duplicates(imageIds).length) add('images', 'lists an image more than once');
  (body.images ?? []).forEach((image, index) => {
    if (!image.id && !image.url) add(`images[${index}].url`, 'url is required for an image without id');
  });
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** A free slug for `name` in the workspace: the name's slug, else the first of -2 … -50 not taken, else a random suffix. */
async function generateSlug(tx: Tx, name: string): Promise<string> {
  const base = await slugify(name, 'product');
  await lockProductSlug(tx, base);
  const candidates = [base, ...Array.from({ length: 49 }, (_, i) => `${base}-${i + 2}`)];
  const taken = await tx
    .repo(ProductEntity)
    .find({ select: { id: true, slug: true }, where: { slug: In(candidates) } });
  const free = firstFreeSlug(
    base,
    taken.map((p) => p.slug),
  );
  return candidates.includes(free) ? free : `${base}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Sets the columns of `entity` from a create/update body (PUT is a full replacement; the slug is kept when omitted). */
async function applyColumns(tx: Tx, entity: ProductEntity, body: CreateProductRequest): Promise<void> {
  Object.assign(entity, {
    name: body.name,
    productType: body.productType ?? 'SimpleProduct',
    sku: body.sku ?? null,
    gtin: body.gtin ?? null,
    productCode: body.productCode ?? null,
    searchCode: body.searchCode ?? null,
    introducedAt: body.introducedAt ?? null,
    active: body.active ?? true,
    displayOrder: body.displayOrder ?? 0,
    showStock: body.showStock ?? false,
    tags: unique(body.tags ?? []),
    externalReferences: unique(body.externalReferences ?? []),
    externalReference: body.externalReference ?? null,
    brandId: body.brandId ?? null,
    manufacturerId: body.manufacturerId ?? null,
    salesPrice: decimalIn(body.pricing?.salesPrice),
    purchasePrice: decimalIn(body.pricing?.purchasePrice),
    suggestedRetailPrice: decimalIn(body.pricing?.suggestedRetailPrice),
    vatCodeId: body.pricing?.vatCodeId ?? null,
  } satisfies Partial<ProductEntity>);
  if (body.slug) entity.slug = body.slug;
  else if (!entity.slug) entity.slug = await generateSlug(tx, body.name);
}

/** Every referenced entity must be of this workspace (else 400 naming the field); a product is not its own component. */
async function checkReferences(tx: Tx, productId: string, body: CreateProductRequest): Promise<void> {
  await tx.repo(BrandEntity, 'Brand').assertReferences('brandId', body.brandId);
  await tx.repo(ManufacturerEntity, 'Manufacturer').assertReferences('manufacturerId', body.manufacturerId);
  await tx.repo(ProductCategoryEntity, 'Category').assertReferences('categories', body.categories ?? []);
  await tx.repo(CatalogEntity, 'Catalog').assertReferences('catalogs', body.catalogs ?? []);
  await tx.repo(ProductAttributeEntity, 'Attribute').assertReferences(
    'attributes',
    (body.attributes ?? []).map((a) => a.attributeId),
  );
  const componentIds = (body.components ?? []).map((c) => c.productId);
  if (componentIds.includes(productId))
    throw badRequest({ components: ['a product cannot be a component of itself'] });
  await tx.repo(ProductEntity, 'Product').assertReferences('components', componentIds);
  // The pricing context's table, named as the foreign key names it (no import of its entity).
  await tx
    .repo<Scoped>('vat_codes', 'VatCode')
    .assertReferences('pricing.vatCodeId', body.pricing?.vatCodeId);
}

const none: ProductParts = {
  barcodes: new Map(),
  categories: new Map(),
  catalogs: new Map(),
  attributes: new Map(),
  images: new Map(),
  components: new Map(),
  tiers: new Map(),
};

/**
 * Writes the product's own rows as the body describes them, replacing only what differs from
 * `current` (nothing of an unchanged relation is rewritten). Returns whether any row changed and
 * the file keys of uploaded images no longer used (to delete from the store after the commit).
 */
async function writeParts(
  tx: Tx,
  productId: string,
  body: CreateProductRequest,
  current: ProductParts,
): Promise<{ changed: boolean; orphanedFiles: string[] }> {
  let changed = false;
  const where = { productId };
  const replace = async <T extends { productId: string; id: string; workspaceId: string }>(
    target: new () => T,
    wanted: unknown,
    had: unknown,
    rows: Array<Partial<T>>,
  ) => {
    if (isDeepStrictEqual(wanted, had)) return;
    changed = true;
    const repo = tx.repo(target);
    await repo.delete(where as never);
    await repo.insertMany(rows.map((r) => ({ ...r, productId })));
  };

  const barcodes = [...(body.barcodes ?? [])].sort();
  await replace(
    ProductBarcodeEntity,
    barcodes,
    current.barcodes.get(productId) ?? [],
    barcodes.map((barcode) => ({ barcode })),
  );

  const categories = unique(body.categories ?? []);
  await replace(
    ProductCategoryLinkEntity,
    categories,
    current.categories.get(productId) ?? [],
    categories.map((categoryId, displayOrder) => ({ categoryId, displayOrder })),
  );

  const catalogs = unique(body.catalogs ?? []).sort();
  await replace(
    ProductCatalogLinkEntity,
    catalogs,
    current.catalogs.get(productId) ?? [],
    catalogs.map((catalogId) => ({ catalogId })),
  );

  const byId = (a: { attributeId: string }, b: { attributeId: string }) =>
    a.attributeId < b.attributeId ? -1 : a.attributeId > b.attributeId ? 1 : 0;
  const attributes = (body.attributes ?? [])
    .map((a) => ({ attributeId: a.attributeId, values: a.values }))
    .sort(byId);
  await replace(ProductAttributeValueEntity, attributes, current.attributes.get(productId) ?? [], attributes);

  // Components and tiers compare in their stored form (exact decimals), so 1.001 → 1.002 is a change.
  const components = (body.components ?? [])
    .map((c, i) => ({
      componentProductId: c.productId,
      quantity: decimalIn(c.quantity ?? 1)!,
      displayOrder: c.displayOrder ?? i,
    }))
    .sort((a, b) => a.displayOrder - b.displayOrder);
  const hadComponents = (current.components.get(productId) ?? []).map((c) => ({
    componentProductId: c.componentProductId,
    quantity: c.quantity,
    displayOrder: c.displayOrder,
  }));
  await replace(ProductComponentEntity, components, hadComponents, components);

  const tiers = (body.pricing?.tiers ?? [])
    .map((t) => ({
      minQuantity: decimalIn(t.minQuantity)!,
      salesPrice: decimalIn(t.salesPrice)!,
      sort: t.minQuantity,
    }))
    .sort((a, b) => a.sort - b.sort)
    .map(({ minQuantity, salesPrice }) => ({ minQuantity, salesPrice }));
  const hadTiers = (current.tiers.get(productId) ?? []).map((t) => ({
    minQuantity: t.minQuantity,
    salesPrice: t.salesPrice,
  }));
  await replace(ProductPriceTierEntity, tiers, hadTiers, tiers);

  const images = await writeImages(tx, productId, body, current.images.get(productId) ?? []);
  return { changed: changed || images.changed, orphanedFiles: images.orphanedFiles };
}

/** Images: listed ids are kept (alt and order updated), new entries add external URLs, the rest go. */
async function writeImages(tx: Tx, productId: string, body: CreateProductRequest, had: ProductImageEntity[]) {
  const repo = tx.repo(ProductImageEntity);
  const byId = new Map(had.map((i) => [i.id, i]));
  const wanted = body.images ?? [];
  const errors: FieldErrors = {};
  wanted.forEach((w, index) => {
    if (w.id && !byId.has(w.id))
      errors[`images[${index}].id`] = [`image ${w.id} is not an image of this product`];
  });
  if (Object.keys(errors).length) throw badRequest(errors);
  let changed = false;
  const keep = new Set(wanted.flatMap((w) => (w.id ? [w.id] : [])));
  const removed = had.filter((i) => !keep.has(i.id));
  if (removed.length) {
    changed = true;
    await repo.delete({ id: In(removed.map((i) => i.id)) });
  }
  const added: Array<Partial<ProductImageEntity>> = [];
  for (const [index, w] of wanted.entries()) {
    const displayOrder = w.displayOrder ?? index;
    const alt = w.alt ?? null;
    const existing = w.id ? byId.get(w.id) : undefined;
    if (existing) {
      if (existing.displayOrder !== displayOrder || existing.alt !== alt) {
        changed = true;
        await repo.update(existing.id, { displayOrder, alt });
      }
    } else {
      added.push({ productId, url: w.url!, fileKey: null, displayOrder, alt });
    }
  }
  if (added.length) {
    changed = true;
    await repo.insertMany(added);
  }
  return { changed, orphanedFiles: removed.flatMap((i) => (i.fileKey ? [i.fileKey] : [])) };
}

/**
 * Stores a product as the body describes it, in the caller's transaction: checks references,
 * sets the columns (generating a slug when needed), saves, and writes the owned rows. The entity
 * is new (create) or locked for writing (update), with its current rows in `current`.
 */
export async function writeProduct(
  tx: Tx,
  entity: ProductEntity,
  body: CreateProductRequest,
  current: ProductParts = none,
): Promise<{ entity: ProductEntity; orphanedFiles: string[] }> {
  await checkReferences(tx, entity.id, body);
  const versionBefore = entity.version;
  await applyColumns(tx, entity, body);
  const repo = tx.repo(ProductEntity, 'Product');
  let saved = await repo.save(entity);
  const parts = await writeParts(tx, saved.id, body, current);
  if (parts.changed && versionBefore !== undefined && saved.version === versionBefore) {
    // Only owned rows changed: the product's version (its ETag) and modifiedAt still move on.
    await repo.update(saved.id, { version: () => 'version + 1', modifiedAt: () => 'now()' });
    saved = await repo.get(saved.id);
  }
  return { entity: saved, orphanedFiles: parts.orphanedFiles };
}
