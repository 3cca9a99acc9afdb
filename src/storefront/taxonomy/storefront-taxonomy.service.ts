import { Injectable } from '@nestjs/common';
import { type AnswerLanguage, ShopReads } from '../../catalog/catalog.api';
import { listParams, type Page } from '../../platform/http/list-query';
import { likePattern } from '../../platform/http/paginate';
import { notFound } from '../../platform/http/problem';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { StorefrontProductsService } from '../products/storefront-products.service';
import type {
  CommerceAttribute,
  CommerceBrand,
  CommerceBrandListQuery,
  CommerceCategory,
  CommerceCategoryDetail,
  CommerceCategoryNode,
} from './taxonomy.dto';

/**
 * The storefront's categories, brands and attributes: the catalog's one-statement shop reads with
 * the caller's visibility (the same as the product reads'), so counts never include a product the
 * caller may not see.
 */
@Injectable()
export class StorefrontTaxonomyService {
  constructor(
    private readonly reads: ShopReads,
    private readonly products: StorefrontProductsService,
  ) {}

  /** The visible category tree: roots by displayOrder then name, each with its children. */
  async tree(ctx: RequestContext, language: AnswerLanguage): Promise<CommerceCategoryNode[]> {
    const rows = await this.reads.categories<CommerceCategory>(
      ctx,
      language,
      await this.products.visibility(ctx),
    );
    // Rows come ordered: appending keeps every node's children in order.
    const nodes = new Map(rows.map((c) => [c.id, { ...c, children: [] as CommerceCategoryNode[] }]));
    const roots: CommerceCategoryNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId ? nodes.get(node.parentId) : undefined;
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  }

  async category(
    ctx: RequestContext,
    key: 'id' | 'slug',
    value: string,
    language: AnswerLanguage,
  ): Promise<CommerceCategoryDetail> {
    const found = await this.reads.category<CommerceCategoryDetail>(
      ctx,
      key,
      value,
      language,
      await this.products.visibility(ctx),
    );
    if (!found) throw notFound(key === 'id' ? 'Category' : 'Category with slug', value);
    return found;
  }

  async brands(ctx: RequestContext, q: CommerceBrandListQuery): Promise<Page<CommerceBrand>> {
    const params = listParams(q);
    return this.reads.brands<CommerceBrand>(
      ctx,
      {
        pattern: params.query ? likePattern(params.query) : undefined,
        descending: params.sortOrder === 'Desc',
        take: params.take,
        skip: params.skip,
      },
      await this.products.visibility(ctx),
    );
  }

  /** A brand with visible products (else 404). */
  async brand(ctx: RequestContext, id: string): Promise<CommerceBrand> {
    const page = await this.reads.brands<CommerceBrand>(
      ctx,
      { id, descending: false, take: 1, skip: 0 },
      await this.products.visibility(ctx),
    );
    if (!page.data.length) throw notFound('Brand', id);
    return page.data[0];
  }

  async attributes(ctx: RequestContext, categoryId: string | undefined): Promise<CommerceAttribute[]> {
    return this.reads.attributes<CommerceAttribute>(ctx, categoryId, await this.products.visibility(ctx));
  }
}
