import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { LanguagesService } from '../../i18n/i18n.api';
import { Db, type Tx } from '../../platform/database/db';
import { sanitizeHtmlBody } from '../../platform/http/html-sanitizer';
import { withoutScopedFields } from '../../platform/http/resource';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { firstFreeSlug, slugify } from '../categories/category-slug';
import { lockCategoryTree } from '../categories/categories.queries';
import { toProductCategoryResponse } from '../categories/categories.service';
import { ProductCategoryEntity } from '../categories/category.entity';
import { toProductDisplayContentResponse } from '../product-contents/product-contents.service';
import { ProductDisplayContentEntity } from '../product-contents/product-display-content.entity';
import { productSnapshot } from '../products/product-answer';
import type { ProductResponse } from '../products/product-response.dto';
import { CategoryPaths, type NewCategory } from './category-paths';
import {
  batchNeeds,
  type BatchPlan,
  currentCells,
  currentContentCell,
  ImportState,
  keyColumnOf,
  planBatch,
  type PlannedRow,
  type ProductWrite,
  type RowError,
  type SheetRowInput,
  currentAttributeCell,
  takenSlugsFor,
} from './product-import';
import {
  attributesNamed,
  attributesOf,
  barcodeHolders,
  lockReferenceImports,
  manufacturersNamed,
  replaceAttributeValues,
  replaceBarcodes,
  replacePriceTiers,
  writeUrlImages,
} from './product-sheet-parts.queries';
import { headerOf, productSheetColumns, type SheetColumn, sheetColumnOf } from './product-sheet-cells';
import {
  brandsNamed,
  categoryNodes,
  insertCategories,
  insertContents,
  insertProducts,
  lockSheetProductsByReference,
  lockSheetProductsBySku,
  type ProductColumns,
  productAnswersById,
  type SheetProductRow,
  productsHolding,
  replaceCategoryLinks,
  sheetProductsById,
  takenCategorySlugs,
  touchProducts,
  updateContents,
  updateProducts,
  vatCodesOf,
} from './product-sheet.queries';
import { variantOfSkus } from './product-variants';
import { lockVariantParents, replaceVariantLinks, variantParentsTouched } from './product-variants.queries';

export { ImportState, type PlannedRow, type RowError, type SheetRowInput };
export type { SheetColumn };

/** What a batch did (or, in a dry run, would do). */
export interface BatchOutcome {
  planned: PlannedRow[];
  errors: RowError[];
}

const columnsOf = (writes: ProductWrite[]): ProductColumns => ({
  ids: writes.map((w) => w.id),
  names: writes.map((w) => w.name),
  types: writes.map((w) => w.productType),
  slugs: writes.map((w) => w.slug),
  skus: writes.map((w) => w.sku),
  gtins: writes.map((w) => w.gtin),
  actives: writes.map((w) => w.active),
  tags: writes.map((w) => JSON.stringify(w.tags)),
  brandIds: writes.map((w) => w.brandId),
  salesPrices: writes.map((w) => w.salesPrice),
  purchasePrices: writes.map((w) => w.purchasePrice),
  retailPrices: writes.map((w) => w.retailPrice),
  vatCodeIds: writes.map((w) => w.vatCodeId),
  manufacturerIds: writes.map((w) => w.manufacturerId),
  externalReferences: writes.map((w) => JSON.stringify(w.externalReferences)),
});

/** Attribute names that name exactly one attribute → its id; the names of several apart. */
function attributeNames(found: Array<{ id: string; name: string }>) {
  const ids = new Map<string, string>();
  const ambiguous = new Set<string>();
  for (const a of found) {
    if (ids.has(a.name)) ambiguous.add(a.name);
    ids.set(a.name, a.id);
  }
  for (const name of ambiguous) ids.delete(name);
  return { ids, ambiguous };
}

/**
 * The product sheet of imports and exports (docs/imports.md): the columns a file may have, a batch
 * of rows planned and (unless a dry run) written set-based in the caller's transaction with the
 * activities a PUT would record, and the rows of an export.
 */
@Injectable()
export class ProductSheetService {
  constructor(
    private readonly db: Db,
    private readonly languages: LanguagesService,
  ) {}

  /**
   * The columns of a file's header (after mapping), or what is wrong with it: no sku column, a
   * column the sheet does not know, a column twice, a language the workspace does not support.
   */
  async columns(
    ctx: RequestContext,
    headers: string[],
  ): Promise<{ columns: SheetColumn[] } | { error: string }> {
    if (!headers.includes('sku') && !headers.includes('externalReference'))
      return {
        error: `The file has no sku column (its columns: ${headers.join(', ') || 'none'}); sku (or, in a file without sku, externalReference) is the key of every row.`,
      };
    const repeated = headers.filter((h, i) => headers.indexOf(h) !== i);
    if (repeated.length) return { error: `The file has the column ${repeated[0]} twice.` };
    const unknown = headers.filter((h) => !sheetColumnOf(h));
    if (unknown.length)
      return {
        error:
          `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')}: a products file has ` +
          `${productSheetColumns.join(', ')}, title:<language>, description:<language> and attribute:<name> (map or ignore other columns with mapping).`,
      };
    const columns = headers.map((h) => sheetColumnOf(h)!);
    const attributeColumns = columns.flatMap((c) => (c.kind === 'attribute' ? [c.name] : []));
    if (attributeColumns.length) {
      const { ids, ambiguous } = attributeNames(await attributesNamed(this.db.sql(ctx), attributeColumns));
      const unknownAttributes = attributeColumns.filter((n) => !ids.has(n) && !ambiguous.has(n));
      if (unknownAttributes.length)
        return {
          error: `Unknown attribute${unknownAttributes.length > 1 ? 's' : ''} ${unknownAttributes.map((n) => `"${n}"`).join(', ')} in column${unknownAttributes.length > 1 ? 's' : ''} ${unknownAttributes.map((n) => `attribute:${n}`).join(', ')}: the workspace has no attribute of that name (names are matched exactly; create the attribute first, or map or ignore the column).`,
        };
      const twice = attributeColumns.find((n) => ambiguous.has(n));
      if (twice)
        return {
          error: `Column attribute:${twice}: several attributes are named "${twice}"; give them different names first.`,
        };
    }
    const { supported } = await this.languages.languagesOf(ctx);
    const bad = columns.find((c) => c.kind === 'content' && !supported.includes(c.language));
    if (bad)
      return {
        error: `Column ${headerOf(bad)}: ${bad.kind === 'content' ? bad.language : ''} is not a supported language of this workspace (supported: ${supported.join(', ')}).`,
      };
    return { columns };
  }

  /**
   * Plans a batch of rows and, when `write`, applies it in `tx`: new categories (if allowed),
   * products inserted and updated, category links and display contents replaced where they
   * changed, and for each change the activities a PUT records. An unchanged row writes nothing.
   */
  async importBatch(
    tx: Tx,
    rows: SheetRowInput[],
    columns: SheetColumn[],
    state: ImportState,
    options: { write: boolean; createMissingCategories: boolean },
  ): Promise<BatchOutcome> {
    if (options.write && columns.some((c) => c.kind === 'product' && c.column === 'categories'))
      await lockCategoryTree(tx);
    const needs = batchNeeds(rows);
    const keyColumn = keyColumnOf(columns);
    const keys = [...new Set(rows.map((r) => (r.cells.get(keyColumn) ?? '').trim()).filter(Boolean))];
    const byKey = new Map<string, SheetProductRow>();
    const ambiguous = new Map<string, Array<string | null>>();
    if (keyColumn === 'sku') {
      for (const p of await lockSheetProductsBySku(tx, keys)) if (p.sku) byKey.set(p.sku, p);
    } else {
      // No unique constraint holds references: concurrent imports keyed by them take turns.
      if (options.write) await lockReferenceImports(tx);
      const wanted = new Set(keys);
      for (const p of await lockSheetProductsByReference(tx, keys))
        for (const reference of new Set(p.external_references)) {
          if (!wanted.has(reference)) continue;
          const other = byKey.get(reference);
          if (other) ambiguous.set(reference, [...(ambiguous.get(reference) ?? [other.sku]), p.sku]);
          byKey.set(reference, p);
        }
    }
    const attributeColumns = columns.flatMap((c) => (c.kind === 'attribute' ? [c.name] : []));
    const parents = await lockVariantParents(tx, variantOfSkus(rows));
    const taken = await takenSlugsFor(rows, state, async (slugs) =>
      (await productsHolding(tx, 'slug', slugs)).map((h) => h.value),
    );
    const [brands, vatCodes, gtinHolders, slugHolders, manufacturers, attributes, barcodes] = [
      await brandsNamed(tx, needs.brands),
      await vatCodesOf(tx),
      await productsHolding(tx, 'gtin', needs.gtins),
      await productsHolding(tx, 'slug', needs.slugs),
      await manufacturersNamed(tx, needs.manufacturers),
      await attributesNamed(tx, attributeColumns),
      await barcodeHolders(tx, needs.barcodes),
    ];
    const categories = new CategoryPaths(
      await categoryNodes(tx),
      options.write ? [] : state.plannedCategories,
    );
    const plan = await planBatch(
      rows,
      columns,
      {
        current: byKey,
        categories,
        brands: new Map(brands.map((b) => [b.name, b.id])),
        vatCodes: new Map(vatCodes.map((v) => [v.code, v.id])),
        gtinHolders: new Map(gtinHolders.map((h) => [h.value, h])),
        slugHolders: new Map(slugHolders.map((h) => [h.value, h])),
        takenSlugs: taken,
        parents: new Map(parents.map((p) => [p.sku, p])),
        keyColumn,
        ambiguous,
        manufacturers: new Map(manufacturers.map((m) => [m.name, m.id])),
        attributes: attributeNames(attributes).ids,
        barcodeHolders: new Map(barcodes.map((h) => [h.value, h])),
      },
      state,
      options.createMissingCategories,
    );
    // New categories only those a planned (error-free) row uses are created.
    const used = new Set([...plan.categoryLinks.values()].flat());
    const created = this.neededCategories(categories.created, used);
    if (!options.write) state.plannedCategories.push(...created);
    else await this.write(tx, plan, created);
    return { planned: plan.planned, errors: plan.errors };
  }

  /** The new categories the used ones need (their new ancestors included), parents first. */
  private neededCategories(created: NewCategory[], used: Set<string>): NewCategory[] {
    const byId = new Map(created.map((c) => [c.id, c]));
    const needed = new Set<string>();
    for (const id of used) {
      for (let at: string | null = id; at && byId.has(at); at = byId.get(at)!.parentId) needed.add(at);
    }
    return created.filter((c) => needed.has(c.id));
  }

  private async write(tx: Tx, plan: BatchPlan, categories: NewCategory[]): Promise<void> {
    await this.createCategories(tx, categories);
    // A product whose variantOf changes changes its parents' components (what a PUT of the parent records).
    const variantParents = await variantParentsTouched(tx, plan.variantLinks);
    const createdIds = new Set(plan.creates.map((c) => c.id));
    const updatedIds = [
      ...new Set([
        ...plan.updates.map((u) => u.id),
        ...[
          ...plan.categoryLinks.keys(),
          ...variantParents,
          ...plan.barcodes.keys(),
          ...plan.tiers.keys(),
          ...plan.images.keys(),
          ...plan.attributes.map((a) => a.productId),
        ].filter((id) => !createdIds.has(id)),
      ]),
    ];
    const before = new Map((await productAnswersById(tx, updatedIds)).map((a) => [a.id, a.answer]));
    const contentIds = plan.contents.filter((c) => !c.isNew).map((c) => c.id);
    const contentRepo = tx.repo(ProductDisplayContentEntity, 'Product display content');
    const contentsBefore = contentIds.length ? await contentRepo.find({ where: { id: In(contentIds) } }) : [];

    await insertProducts(tx, columnsOf(plan.creates));
    await updateProducts(tx, columnsOf(plan.updates));
    const links = { productIds: [] as string[], categoryIds: [] as string[], orders: [] as number[] };
    for (const [productId, ids] of plan.categoryLinks)
      ids.forEach((categoryId, order) => {
        links.productIds.push(productId);
        links.categoryIds.push(categoryId);
        links.orders.push(order);
      });
    await replaceCategoryLinks(tx, [...plan.categoryLinks.keys()], links);
    await replaceVariantLinks(tx, plan.variantLinks);
    await this.writeParts(tx, plan);
    const updated = new Set(plan.updates.map((u) => u.id));
    await touchProducts(
      tx,
      updatedIds.filter((id) => !updated.has(id)),
    );
    const formats = new Map(contentsBefore.map((c) => [c.id, c.descriptionFormat]));
    const contents = plan.contents.map((c) => ({
      ...c,
      description:
        c.description != null && formats.get(c.id) === 'Html'
          ? sanitizeHtmlBody(c.description)
          : c.description,
    }));
    const contentColumns = (list: typeof contents) => ({
      ids: list.map((c) => c.id),
      productIds: list.map((c) => c.productId),
      languages: list.map((c) => c.language),
      titles: list.map((c) => c.title),
      descriptions: list.map((c) => c.description),
    });
    await insertContents(tx, contentColumns(contents.filter((c) => c.isNew)));
    await updateContents(tx, contentColumns(contents.filter((c) => !c.isNew)));

    // The activities a create or PUT records, from the API's answers before and after.
    const after = new Map(
      (await productAnswersById(tx, [...plan.creates.map((c) => c.id), ...updatedIds])).map((a) => [
        a.id,
        a.answer,
      ]),
    );
    const snapshot = (answer: Record<string, unknown> | undefined) =>
      productSnapshot(answer as unknown as ProductResponse);
    await tx.activities.changedMany('Product', [
      ...plan.creates.map((c) => ({ id: c.id, before: null, after: snapshot(after.get(c.id)) })),
      ...updatedIds.map((id) => ({ id, before: snapshot(before.get(id)), after: snapshot(after.get(id)) })),
    ]);
    if (plan.contents.length) {
      const oldById = new Map(contentsBefore.map((c) => [c.id, c]));
      const saved = await contentRepo.find({ where: { id: In(plan.contents.map((c) => c.id)) } });
      await tx.activities.changedMany(
        'ProductDisplayContent',
        saved.map((row) => {
          const old = oldById.get(row.id);
          return {
            id: row.id,
            before: old ? withoutScopedFields(toProductDisplayContentResponse(old)) : null,
            after: withoutScopedFields(toProductDisplayContentResponse(row)),
          };
        }),
      );
    }
  }

  /** The rows the products own, replaced set-based where the plan changes them. */
  private async writeParts(tx: Tx, plan: BatchPlan): Promise<void> {
    const barcodes = [...plan.barcodes].flatMap(([productId, list]) =>
      list.map((barcode) => ({ productId, barcode })),
    );
    await replaceBarcodes(tx, [...plan.barcodes.keys()], {
      productIds: barcodes.map((b) => b.productId),
      barcodes: barcodes.map((b) => b.barcode),
    });
    const tiers = [...plan.tiers].flatMap(([productId, list]) => list.map((t) => ({ productId, ...t })));
    await replacePriceTiers(tx, [...plan.tiers.keys()], {
      productIds: tiers.map((t) => t.productId),
      quantities: tiers.map((t) => t.minQuantity),
      prices: tiers.map((t) => t.salesPrice),
    });
    await replaceAttributeValues(tx, {
      productIds: plan.attributes.map((a) => a.productId),
      attributeIds: plan.attributes.map((a) => a.attributeId),
      values: plan.attributes.map((a) => JSON.stringify(a.values)),
    });
    // URL images: the same URL keeps its image (id, alt); the rest of the old ones go.
    const images = {
      removed: [] as string[],
      kept: { ids: [] as string[], orders: [] as number[] },
      added: { productIds: [] as string[], urls: [] as string[], orders: [] as number[] },
    };
    for (const [productId, write] of plan.images) {
      const left = [...write.had];
      write.urls.forEach((url, index) => {
        const at = left.findIndex((i) => i.url === url);
        if (at >= 0) {
          images.kept.ids.push(left[at].id);
          images.kept.orders.push(write.from + index);
          left.splice(at, 1);
        } else {
          images.added.productIds.push(productId);
          images.added.urls.push(url);
          images.added.orders.push(write.from + index);
        }
      });
      images.removed.push(...left.map((i) => i.id));
    }
    await writeUrlImages(tx, images);
  }

  /** Inserts new categories (free slugs from their names) with their ProductCategoryCreated. */
  private async createCategories(tx: Tx, categories: NewCategory[]): Promise<void> {
    if (!categories.length) return;
    const bases = await Promise.all(categories.map((c) => slugify(c.name)));
    const taken = new Set(
      await takenCategorySlugs(
        tx,
        bases.flatMap((b) => [b, ...Array.from({ length: 49 }, (_, i) => `${b}-${i + 2}`)]),
      ),
    );
    const slugs = bases.map((base) => {
      let slug = firstFreeSlug(base, taken);
      if (slug !== base && !/-([2-9]|[1-4]\d|50)$/.test(slug))
        slug = `${base}-${Math.random().toString(36).slice(2, 8)}`;
      taken.add(slug);
      return slug;
    });
    await insertCategories(tx, {
      ids: categories.map((c) => c.id),
      names: categories.map((c) => c.name),
      slugs,
      parentIds: categories.map((c) => c.parentId),
    });
    const saved = await tx
      .repo(ProductCategoryEntity, 'Product category')
      .find({ where: { id: In(categories.map((c) => c.id)) } });
    await tx.activities.changedMany(
      'ProductCategory',
      saved.map((row) => ({
        id: row.id,
        before: null,
        after: withoutScopedFields(toProductCategoryResponse(row)),
      })),
    );
  }

  /** The header of an export: every product column, then title and description per supported language. */
  async exportHeader(ctx: RequestContext): Promise<string[]> {
    const { supported } = await this.languages.languagesOf(ctx);
    const { ids } = attributeNames(await attributesOf(this.db.sql(ctx)));
    return [
      ...productSheetColumns,
      ...[...supported].sort().flatMap((l) => [`title:${l}`, `description:${l}`]),
      ...[...ids.keys()].map((name) => `attribute:${name}`),
    ];
  }

  /** The export's rows of these products (in this order), each cell as the import reads it back. */
  async exportRows(ctx: RequestContext, ids: string[], header: string[]): Promise<string[][]> {
    const on = this.db.sql(ctx);
    const products = await sheetProductsById(on, ids);
    const categories = new CategoryPaths(await categoryNodes(on));
    const { ids: attributes } = attributeNames(await attributesOf(on));
    return products.map((p) => {
      const cells = currentCells(p, categories);
      return header.map((h) => {
        const c = sheetColumnOf(h)!;
        if (c.kind === 'attribute') return currentAttributeCell(p, attributes.get(c.name) ?? '');
        return c.kind === 'product' ? cells[c.column] : currentContentCell(p, c.field, c.language);
      });
    });
  }
}
