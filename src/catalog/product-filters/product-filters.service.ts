import { Injectable } from '@nestjs/common';
import { Db, Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { ScopedRepository } from '../../platform/database/scoped-repository';
import { badRequest, FieldErrors } from '../../platform/http/problem';
import { ProductAttributeEntity } from '../attributes/attribute.entity';
import { ProductCategoryEntity } from '../categories/category.entity';
import {
  ProductFilterCollection,
  ProductFilterItem,
  ProductFilterResponse,
  PutProductFiltersRequest,
} from './product-filter.dto';
import { ProductFilterEntity } from './product-filter.entity';
import { lockProductFilters } from './product-filters.queries';

const snapshot = (f: ProductFilterEntity) => ({
  attributeId: f.attributeId,
  categoryId: f.categoryId,
  kind: f.kind,
  displayOrder: f.displayOrder,
  title: f.title,
});

const keyOf = (attributeId: string, categoryId: string | null | undefined) =>
  `${attributeId}/${categoryId ?? '*'}`;

/**
 * The storefront filter configuration: which attributes are offered as filters on which
 * category's product lists (or on all), how and in which order. Read and replaced as a whole;
 * every added, changed or removed filter is recorded as a ProductFilter activity.
 */
@Injectable()
export class ProductFiltersService {
  constructor(private readonly db: Db) {}

  async get(ctx: RequestContext): Promise<ProductFilterCollection> {
    return this.read(this.db.repo(ctx, ProductFilterEntity, 'Product filter'));
  }

  async replace(ctx: RequestContext, body: PutProductFiltersRequest): Promise<ProductFilterCollection> {
    return this.db.transaction(ctx, async (tx) => {
      await lockProductFilters(tx);
      const repo = tx.repo(ProductFilterEntity, 'Product filter');
      const existing = await repo.find();
      await this.validate(tx, body.data, existing);

      const byId = new Map(existing.map((f) => [f.id, f]));
      const byKey = new Map(existing.map((f) => [keyOf(f.attributeId, f.categoryId), f]));
      const now = new Date();
      const next = body.data.map((item) => {
        const kept = item.id ? byId.get(item.id) : byKey.get(keyOf(item.attributeId, item.categoryId));
        const entity = repo.create({
          ...(kept ? { id: kept.id } : {}),
          attributeId: item.attributeId,
          categoryId: item.categoryId ?? null,
          kind: item.kind,
          displayOrder: item.displayOrder ?? 0,
          title: item.title ?? null,
        });
        const changed = !kept || JSON.stringify(snapshot(kept)) !== JSON.stringify(snapshot(entity));
        entity.createdAt = kept?.createdAt ?? now;
        entity.modifiedAt = changed ? now : kept.modifiedAt;
        entity.version = kept ? kept.version + (changed ? 1 : 0) : 1;
        return { entity, kept };
      });

      // Replace the rows wholesale, so swapping attributes between kept ids never trips the unique index midway.
      await repo.delete({});
      if (next.length) await repo.insertMany(next.map((n) => n.entity));

      const keptIds = new Set(next.flatMap((n) => (n.kept ? [n.kept.id] : [])));
      for (const gone of existing.filter((f) => !keptIds.has(f.id))) {
        await tx.activities.deleted('ProductFilter', gone.id, snapshot(gone));
      }
      for (const { entity, kept } of next) {
        if (kept) await tx.activities.updated('ProductFilter', entity.id, snapshot(kept), snapshot(entity));
        else await tx.activities.created('ProductFilter', entity.id, snapshot(entity));
      }
      return this.read(repo);
    });
  }

  /** Every bad item is named by its index (`data[2].attributeId`); nothing is stored on a 400. */
  private async validate(tx: Tx, items: ProductFilterItem[], existing: ProductFilterEntity[]): Promise<void> {
    const errors: FieldErrors = {};
    const add = (field: string, message: string) => (errors[field] ??= []).push(message);
    const attributes = new Set(
      (await tx.repo(ProductAttributeEntity).qb('a').select('a.id', 'id').getRawMany<{ id: string }>()).map(
        (r) => r.id,
      ),
    );
    const categories = new Set(
      (await tx.repo(ProductCategoryEntity).qb('c').select('c.id', 'id').getRawMany<{ id: string }>()).map(
        (r) => r.id,
      ),
    );
    const existingIds = new Set(existing.map((f) => f.id));
    const seenKeys = new Map<string, number>();
    const seenIds = new Map<string, number>();
    items.forEach((item, i) => {
      const at = `data[${i}]`;
      if (!attributes.has(item.attributeId))
        add(`${at}.attributeId`, `Product attribute ${item.attributeId} does not exist in this workspace.`);
      if (item.categoryId && !categories.has(item.categoryId))
        add(`${at}.categoryId`, `Product category ${item.categoryId} does not exist in this workspace.`);
      if (item.id) {
        if (!existingIds.has(item.id))
          add(`${at}.id`, `Product filter ${item.id} does not exist; omit the id to add a filter.`);
        else if (seenIds.has(item.id)) add(`${at}.id`, `Same id as data[${seenIds.get(item.id)}].`);
        else seenIds.set(item.id, i);
      }
      const key = keyOf(item.attributeId, item.categoryId);
      if (seenKeys.has(key))
        add(
          `${at}.attributeId`,
          `data[${seenKeys.get(key)}] already offers this attribute on this category.`,
        );
      else seenKeys.set(key, i);
    });
    if (Object.keys(errors).length) throw badRequest(errors);
  }

  private async read(repo: ScopedRepository<ProductFilterEntity>): Promise<ProductFilterCollection> {
    const rows = await repo
      .qb('f')
      .innerJoin(ProductAttributeEntity, 'a', 'a.id = f.attribute_id')
      .addSelect('a.name', 'attribute_name')
      .orderBy('f.category_id', 'ASC', 'NULLS FIRST')
      .addOrderBy('f.display_order', 'ASC')
      .addOrderBy('lower(a.name)', 'ASC')
      .addOrderBy('f.id', 'ASC')
      .getRawAndEntities();
    const names = new Map(
      rows.entities.map((e, i) => [e.id, (rows.raw[i] as { attribute_name: string }).attribute_name]),
    );
    const data = rows.entities.map<ProductFilterResponse>((f) => ({
      id: f.id,
      attributeId: f.attributeId,
      attributeName: names.get(f.id) ?? '',
      categoryId: f.categoryId,
      kind: f.kind,
      displayOrder: f.displayOrder,
      title: f.title,
    }));
    return { data, total: data.length };
  }
}
