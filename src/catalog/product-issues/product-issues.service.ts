import { Injectable } from '@nestjs/common';
import { Brackets, FindManyOptions, FindOptionsWhere, In, SelectQueryBuilder } from 'typeorm';
import { Db } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Scoped, ScopedRepository } from '../../platform/database/scoped-repository';
import { listParams, Page } from '../../platform/http/list-query';
import { paginate } from '../../platform/http/paginate';
import { badRequest, FieldErrors } from '../../platform/http/problem';
import { ProductAttributeEntity } from '../attributes/attribute.entity';
import { productIssueKinds, type ProductIssueKind } from '../products/product-issue-rules';
import { ProductEntity } from '../products/product.entity';
import {
  IgnoredProductIssue,
  IgnoredProductIssuesResponse,
  ProductIssuesListQuery,
  ProductIssuesResponse,
  ProductIssueStatisticsQuery,
  ProductIssueStatisticsResponse,
  UpdateIgnoredProductIssuesRequest,
} from './product-issue.dto';
import { ProductIssueIgnoreEntity } from './product-issue-ignore.entity';
import { openIssueSql, openMissingAttributeIdsSql } from './product-issue-view';

const column: Record<ProductIssueKind, string> = {
  MissingImages: 'missing_images',
  MissingDescription: 'missing_description',
  MissingAttributes: 'missing_attributes',
};

const ignoreKey = (i: IgnoredProductIssue) => `${i.productId}/${i.issue}/${i.attributeId ?? ''}`;

/** Products in one of `categoryIds` (when given). */
function inCategories(qb: SelectQueryBuilder<ProductEntity>, categoryIds: string[] | undefined): void {
  if (!categoryIds?.length) return;
  qb.andWhere(
    'EXISTS (SELECT 1 FROM product_category_links pcl WHERE pcl.product_id = p.id AND pcl.category_id IN (:...categoryIds))',
    { categoryIds },
  );
}

/**
 * The data-quality view of the catalog: which products miss images, a description or values of
 * attributes their categories require (rules: products/product-issue-rules.ts), and the issues
 * the workspace chose to ignore. PUT ignored replaces the whole set of ignored issues.
 */
@Injectable()
export class ProductIssuesService {
  constructor(private readonly db: Db) {}

  async list(ctx: RequestContext, q: ProductIssuesListQuery): Promise<Page<ProductIssuesResponse>> {
    const kinds = q.types?.length ? [...new Set(q.types)] : [...productIssueKinds];
    const qb = this.db.repo(ctx, ProductEntity, 'Product').qb('p');
    inCategories(qb, q.category_ids);
    qb.andWhere(new Brackets((w) => kinds.forEach((k) => w.orWhere(openIssueSql[k]('p')))));
    const page = await paginate(qb, listParams(q), { sort: { Name: 'p.name' }, search: ['p.name', 'p.sku'] });
    if (page.data.length === 0) return { data: [], total: page.total };

    // The issues of the page's products, in one query.
    const details = this.db.repo(ctx, ProductEntity, 'Product').qb('p').select('p.id', 'id');
    for (const k of productIssueKinds) details.addSelect(openIssueSql[k]('p'), column[k]);
    details
      .addSelect(
        `CASE WHEN ${openIssueSql.MissingAttributes('p')} THEN (SELECT coalesce(json_agg(view_open.attribute_id ORDER BY view_open.attribute_id), '[]'::json) ` +
          `FROM (${openMissingAttributeIdsSql('p')}) view_open) ELSE '[]'::json END`,
        'missing_attribute_ids',
      )
      .andWhere('p.id IN (:...pageIds)', { pageIds: page.data.map((p) => p.id) });
    const rows = await details.getRawMany<Record<string, unknown>>();
    const byId = new Map(rows.map((r) => [r.id as string, r]));
    return {
      data: page.data.map((p) => {
        const row = byId.get(p.id)!;
        const ids = row.missing_attribute_ids;
        return {
          productId: p.id,
          name: p.name,
          sku: p.sku,
          issues: productIssueKinds.filter((k) => row[column[k]] === true),
          missingAttributeIds: (typeof ids === 'string' ? JSON.parse(ids) : ids) as string[],
        };
      }),
      total: page.total,
    };
  }

  async statistics(
    ctx: RequestContext,
    q: ProductIssueStatisticsQuery,
  ): Promise<ProductIssueStatisticsResponse> {
    const qb = this.db.repo(ctx, ProductEntity, 'Product').qb('p').select('count(*)', 'total_products');
    inCategories(qb, q.category_ids);
    for (const k of productIssueKinds)
      qb.addSelect(`count(*) FILTER (WHERE ${openIssueSql[k]('p')})`, column[k]);
    qb.addSelect(
      `count(*) FILTER (WHERE ${productIssueKinds.map((k) => openIssueSql[k]('p')).join(' OR ')})`,
      'with_issues',
    );
    const row = (await qb.getRawOne<Record<string, string | number>>())!;
    return {
      totalProducts: Number(row.total_products),
      productsWithIssues: Number(row.with_issues),
      issues: productIssueKinds.map((issue) => ({ issue, productCount: Number(row[column[issue]]) })),
    };
  }

  async ignored(ctx: RequestContext): Promise<IgnoredProductIssuesResponse> {
    const rows = await this.db.repo(ctx, ProductIssueIgnoreEntity, 'Ignored product issue').find();
    return { ignored: sorted(rows.map(toIgnored)) };
  }

  /**
   * Replaces the whole set of ignored issues (repeats count once). Every product and attribute
   * must be of the workspace, and `attributeId` goes with MissingAttributes only (400 naming
   * `ignored[i].<field>`). Records `ProductIssueIgnored` / `ProductIssueUnignored` on each
   * product whose ignored issues changed.
   */
  async replaceIgnored(
    ctx: RequestContext,
    body: UpdateIgnoredProductIssuesRequest,
  ): Promise<IgnoredProductIssuesResponse> {
    const wanted = new Map<string, IgnoredProductIssue>();
    for (const i of body.ignored) {
      const item = { productId: i.productId, issue: i.issue, attributeId: i.attributeId ?? null };
      wanted.set(ignoreKey(item), item);
    }
    return this.db.transaction(ctx, async (tx) => {
      const errors: FieldErrors = {};
      const products = await existing(
        tx.repo(ProductEntity, 'Product'),
        body.ignored.map((i) => i.productId),
      );
      const attributes = await existing(
        tx.repo(ProductAttributeEntity, 'Attribute'),
        body.ignored.map((i) => i.attributeId),
      );
      body.ignored.forEach((i, n) => {
        if (!products.has(i.productId))
          errors[`ignored[${n}].productId`] = [`Product ${i.productId} does not exist in this workspace.`];
        if (i.attributeId && i.issue !== 'MissingAttributes')
          errors[`ignored[${n}].attributeId`] = [
            'attributeId may only be given for the MissingAttributes issue',
          ];
        else if (i.attributeId && !attributes.has(i.attributeId))
          errors[`ignored[${n}].attributeId`] = [
            `Attribute ${i.attributeId} does not exist in this workspace.`,
          ];
      });
      if (Object.keys(errors).length) throw badRequest(errors);

      const repo = tx.repo(ProductIssueIgnoreEntity, 'Ignored product issue');
      const before = (await repo.find()).map(toIgnored);
      const had = new Set(before.map(ignoreKey));
      await repo.delete({});
      const after = sorted([...wanted.values()]);
      if (after.length) await repo.save(after.map((i) => repo.create(i)));
      for (const i of after.filter((x) => !had.has(ignoreKey(x))))
        await tx.activities.event('Product', i.productId, 'ProductIssueIgnored', {
          newValue: { issue: i.issue, attributeId: i.attributeId },
        });
      for (const i of before.filter((x) => !wanted.has(ignoreKey(x))))
        await tx.activities.event('Product', i.productId, 'ProductIssueUnignored', {
          oldValue: { issue: i.issue, attributeId: i.attributeId },
        });
      return { ignored: after };
    });
  }
}

const toIgnored = (e: ProductIssueIgnoreEntity): IgnoredProductIssue => ({
  productId: e.productId,
  issue: e.issue,
  attributeId: e.attributeId,
});

const sorted = (items: IgnoredProductIssue[]) =>
  [...items].sort((a, b) => ignoreKey(a).localeCompare(ignoreKey(b)));

/** Which of `ids` name an entity of the workspace (one query). */
async function existing<T extends Scoped>(
  repo: ScopedRepository<T>,
  ids: Array<string | null | undefined>,
): Promise<Set<string>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  if (!wanted.length) return new Set();
  const found = await repo.find({
    select: { id: true },
    where: { id: In(wanted) } as FindOptionsWhere<T>,
  } as FindManyOptions<T>);
  return new Set(found.map((f) => f.id));
}
