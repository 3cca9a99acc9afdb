import { Injectable } from '@nestjs/common';
import { Db, Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { ScopedRepository } from '../../platform/database/scoped-repository';
import { listParams, Page } from '../../platform/http/list-query';
import { paginate, filterByIds } from '../../platform/http/paginate';
import { respond, scopedFields } from '../../platform/http/resource';
import { ProductCategoryEntity } from '../categories/category.entity';
import { ProductAttributeValueEntity } from '../products/product-attribute-value.entity';
import {
  CreateProductAttributeRequest,
  ProductAttributeListQuery,
  ProductAttributeResponse,
  UpdateProductAttributeRequest,
} from './attribute.dto';
import { ProductAttributeCategoryEntity, ProductAttributeEntity } from './attribute.entity';

interface Extras {
  categoryIds: string[];
  productCount: number;
}

const toResponse = (e: ProductAttributeEntity, extras: Extras): ProductAttributeResponse => ({
  ...scopedFields(e),
  name: e.name,
  categoryIds: extras.categoryIds,
  productCount: extras.productCount,
});

/** The changes a person makes (productCount follows from products, not from this resource). */
const snapshot = (r: ProductAttributeResponse) => ({
  name: r.name,
  categoryIds: r.categoryIds,
  externalReference: r.externalReference,
});

const label = 'Product attribute';

/** Product attributes, the categories that require them, and how many products use them. */
@Injectable()
export class AttributesService {
  constructor(private readonly db: Db) {}

  async list(ctx: RequestContext, q: ProductAttributeListQuery): Promise<Page<ProductAttributeResponse>> {
    const qb = this.db.repo(ctx, ProductAttributeEntity, label).qb('a');
    filterByIds(qb, q);
    const page = await paginate(qb, listParams(q), { sort: { Name: 'lower(a.name)' }, search: ['a.name'] });
    const extras = await this.extras(
      this.db.repo(ctx, ProductAttributeCategoryEntity),
      this.db.repo(ctx, ProductAttributeValueEntity),
      page.data,
    );
    return { data: page.data.map((e) => toResponse(e, extras.get(e.id)!)), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<ProductAttributeResponse> {
    const entity = await this.db.repo(ctx, ProductAttributeEntity, label).get(id);
    const extras = await this.extras(
      this.db.repo(ctx, ProductAttributeCategoryEntity),
      this.db.repo(ctx, ProductAttributeValueEntity),
      [entity],
    );
    return respond(entity, (e) => toResponse(e, extras.get(e.id)!));
  }

  async create(ctx: RequestContext, body: CreateProductAttributeRequest): Promise<ProductAttributeResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const categoryIds = await this.checkedCategoryIds(tx, body.categoryIds);
      const saved = await tx
        .repo(ProductAttributeEntity, label)
        .insert({ name: body.name, externalReference: body.externalReference ?? null });
      await this.setCategories(tx, saved.id, categoryIds);
      const answer = toResponse(saved, { categoryIds, productCount: 0 });
      await tx.activities.created('ProductAttribute', saved.id, snapshot(answer));
      return respond(saved, () => answer);
    });
  }

  async update(
    ctx: RequestContext,
    id: string,
    body: UpdateProductAttributeRequest,
  ): Promise<ProductAttributeResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(ProductAttributeEntity, label);
      const entity = await repo.getForWrite(id);
      const links = tx.repo(ProductAttributeCategoryEntity);
      const values = tx.repo(ProductAttributeValueEntity);
      const before = toResponse(entity, (await this.extras(links, values, [entity])).get(id)!);
      const categoryIds = await this.checkedCategoryIds(tx, body.categoryIds);
      Object.assign(entity, { name: body.name, externalReference: body.externalReference ?? null });
      // Saving bumps the version even when only the category links change, so the ETag moves.
      entity.modifiedAt = new Date();
      const saved = await repo.save(entity);
      await links.delete({ attributeId: id });
      await this.setCategories(tx, id, categoryIds);
      const after = toResponse(saved, { categoryIds, productCount: before.productCount });
      await tx.activities.updated('ProductAttribute', id, snapshot(before), snapshot(after));
      return respond(saved, () => after);
    });
  }

  /** Deletes the attribute with its category links, product values and storefront filters. */
  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(ProductAttributeEntity, label);
      const entity = await repo.getForWrite(id);
      const before = toResponse(
        entity,
        (
          await this.extras(tx.repo(ProductAttributeCategoryEntity), tx.repo(ProductAttributeValueEntity), [
            entity,
          ])
        ).get(id)!,
      );
      await repo.remove(entity);
      await tx.activities.deleted('ProductAttribute', id, snapshot(before));
    });
  }

  /** Distinct, sorted, and every one a category of this workspace (else 400 naming categoryIds). */
  private async checkedCategoryIds(tx: Tx, ids: string[] | undefined): Promise<string[]> {
    const unique = [...new Set(ids ?? [])].sort();
    await tx.repo(ProductCategoryEntity, 'Product category').assertReferences('categoryIds', unique);
    return unique;
  }

  private async setCategories(tx: Tx, attributeId: string, categoryIds: string[]): Promise<void> {
    if (categoryIds.length === 0) return;
    const links = tx.repo(ProductAttributeCategoryEntity);
    await links.save(categoryIds.map((categoryId) => links.create({ attributeId, categoryId })));
  }

  /** Category links and product counts of a page of attributes: two grouped queries, whatever the page size. */
  private async extras(
    links: ScopedRepository<ProductAttributeCategoryEntity>,
    values: ScopedRepository<ProductAttributeValueEntity>,
    attributes: ProductAttributeEntity[],
  ): Promise<Map<string, Extras>> {
    const result = new Map<string, Extras>(
      attributes.map((a) => [a.id, { categoryIds: [], productCount: 0 }]),
    );
    if (attributes.length === 0) return result;
    const ids = attributes.map((a) => a.id);
    const linkRows = await links
      .qb('l')
      .select('l.attribute_id', 'attributeId')
      .addSelect('array_agg(l.category_id::text ORDER BY l.category_id)', 'categoryIds')
      .andWhere('l.attribute_id IN (:...ids)', { ids })
      .groupBy('l.attribute_id')
      .getRawMany<{ attributeId: string; categoryIds: string[] }>();
    for (const row of linkRows) result.get(row.attributeId)!.categoryIds = row.categoryIds;
    const countRows = await values
      .qb('v')
      .select('v.attribute_id', 'attributeId')
      .addSelect('count(DISTINCT v.product_id)', 'productCount')
      .andWhere('v.attribute_id IN (:...ids)', { ids })
      .andWhere('cardinality(v.values) > 0')
      .groupBy('v.attribute_id')
      .getRawMany<{ attributeId: string; productCount: string }>();
    for (const row of countRows) result.get(row.attributeId)!.productCount = Number(row.productCount);
    return result;
  }
}
