import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { ClientLoginListQuery, ClientLoginsService } from '../../identity/identity.api';
import { Db } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { paginate, filterByIds } from '../../platform/http/paginate';
import { badRequest, FieldErrors } from '../../platform/http/problem';
import { respond, scopedFields } from '../../platform/http/resource';
import { ProductEntity } from '../products/product.entity';
import {
  BulkCreateFavouriteProductsRequest,
  BulkCreateFavouriteProductsResponse,
  CreateFavouriteProductRequest,
  FavouriteClientLoginSummary,
  FavouriteProductListQuery,
  FavouriteProductResponse,
  FavouriteProductSummary,
} from './favourite-product.dto';
import { FavouriteProductEntity } from './favourite-product.entity';

const label = 'Favourite product';
type Summaries = {
  products: Map<string, FavouriteProductSummary>;
  clientLogins: Map<string, FavouriteClientLoginSummary>;
};

const toResponse = (e: FavouriteProductEntity, s: Summaries): FavouriteProductResponse => ({
  ...scopedFields(e),
  origin: e.origin,
  product: s.products.get(e.productId)!,
  clientLogin: s.clientLogins.get(e.clientLoginId)!,
});

const snapshot = (e: FavouriteProductEntity) => ({
  clientLoginId: e.clientLoginId,
  productId: e.productId,
  origin: e.origin,
  externalReference: e.externalReference,
});

const pairKey = (clientLoginId: string, productId: string) => `${clientLoginId}/${productId}`;

/**
 * Favourite products of client logins. One per (client login, product); a single create of an
 * existing pair is a 409, a bulk create skips existing pairs (and repeats within its body) and
 * says which it skipped. Answers carry a product and a client login summary, loaded for a whole
 * page in one query each.
 */
@Injectable()
export class FavouriteProductsService {
  constructor(
    private readonly db: Db,
    private readonly clientLogins: ClientLoginsService,
  ) {}

  async list(ctx: RequestContext, q: FavouriteProductListQuery): Promise<Page<FavouriteProductResponse>> {
    const qb = this.db.repo(ctx, FavouriteProductEntity, label).qb('f');
    filterByIds(qb, q);
    if (q.client_login_ids?.length)
      qb.andWhere('f.client_login_id IN (:...clientLoginIds)', { clientLoginIds: q.client_login_ids });
    if (q.product_ids?.length) qb.andWhere('f.product_id IN (:...productIds)', { productIds: q.product_ids });
    const page = await paginate(qb, listParams(q), {
      sort: { CreatedAt: 'f.created_at' },
      // Query: the favourite product's name or sku.
      search: [
        '(SELECT p.name FROM products p WHERE p.id = f.product_id)',
        '(SELECT p.sku FROM products p WHERE p.id = f.product_id)',
      ],
    });
    const summaries = await this.summaries(ctx, page.data);
    return { data: page.data.map((f) => toResponse(f, summaries)), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<FavouriteProductResponse> {
    const found = await this.db.repo(ctx, FavouriteProductEntity, label).get(id);
    const summaries = await this.summaries(ctx, [found]);
    return respond(found, (f) => toResponse(f, summaries));
  }

  async create(ctx: RequestContext, body: CreateFavouriteProductRequest): Promise<FavouriteProductResponse> {
    const summaries = await this.assertReferences(ctx, [body], (_, field) => field);
    return this.db.transaction(ctx, async (tx) => {
      const saved = await tx.repo(FavouriteProductEntity, label).insert(this.fromBody(body));
      await tx.activities.created('FavouriteProduct', saved.id, snapshot(saved));
      return respond(saved, (f) => toResponse(f, summaries));
    });
  }

  async bulkCreate(
    ctx: RequestContext,
    body: BulkCreateFavouriteProductsRequest,
  ): Promise<BulkCreateFavouriteProductsResponse> {
    const items = body.favourites;
    const summaries = await this.assertReferences(ctx, items, (i, field) => `favourites[${i}].${field}`);
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(FavouriteProductEntity, label);
      const existing = await repo
        .qb('f')
        .andWhere('f.client_login_id IN (:...clientLoginIds)', {
          clientLoginIds: [...new Set(items.map((x) => x.clientLoginId))],
        })
        .andWhere('f.product_id IN (:...productIds)', {
          productIds: [...new Set(items.map((x) => x.productId))],
        })
        .getMany();
      const byPair = new Map(existing.map((f) => [pairKey(f.clientLoginId, f.productId), f]));
      const fresh: FavouriteProductEntity[] = [];
      const outcome: Array<{ entity: FavouriteProductEntity; created: boolean }> = [];
      for (const item of items) {
        const key = pairKey(item.clientLoginId, item.productId);
        const known = byPair.get(key);
        if (known) {
          outcome.push({ entity: known, created: false });
          continue;
        }
        const entity = repo.create(this.fromBody(item));
        byPair.set(key, entity);
        fresh.push(entity);
        outcome.push({ entity, created: true });
      }
      if (fresh.length) await repo.save(fresh);
      for (const f of fresh) await tx.activities.created('FavouriteProduct', f.id, snapshot(f));
      const answer = ({ entity }: { entity: FavouriteProductEntity }) => toResponse(entity, summaries);
      return {
        created: outcome.filter((o) => o.created).map(answer),
        skipped: outcome.filter((o) => !o.created).map(answer),
      };
    });
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(FavouriteProductEntity, label);
      const entity = await repo.getForWrite(id);
      await repo.remove(entity);
      await tx.activities.deleted('FavouriteProduct', id, snapshot(entity));
    });
  }

  private fromBody(body: CreateFavouriteProductRequest): Partial<FavouriteProductEntity> {
    return {
      clientLoginId: body.clientLoginId,
      productId: body.productId,
      origin: body.origin ?? 'Personal',
      externalReference: body.externalReference ?? null,
    };
  }

  /**
   * Checks that every client login and product named exists in the workspace (400 naming each
   * bad field, `field(index, name)`), and returns their summaries for the answer. Runs before the
   * write transaction (client logins are read through the identity context's service); the
   * foreign keys catch one deleted in between.
   */
  private async assertReferences(
    ctx: RequestContext,
    items: CreateFavouriteProductRequest[],
    field: (index: number, name: 'clientLoginId' | 'productId') => string,
  ): Promise<Summaries> {
    const summaries = await this.load(
      ctx,
      items.map((x) => x.productId),
      items.map((x) => x.clientLoginId),
    );
    const errors: FieldErrors = {};
    items.forEach((item, i) => {
      if (!summaries.clientLogins.has(item.clientLoginId))
        errors[field(i, 'clientLoginId')] = [
          `Client login ${item.clientLoginId} does not exist in this workspace.`,
        ];
      if (!summaries.products.has(item.productId))
        errors[field(i, 'productId')] = [`Product ${item.productId} does not exist in this workspace.`];
    });
    if (Object.keys(errors).length) throw badRequest(errors);
    return summaries;
  }

  private summaries(ctx: RequestContext, favourites: FavouriteProductEntity[]): Promise<Summaries> {
    return this.load(
      ctx,
      favourites.map((f) => f.productId),
      favourites.map((f) => f.clientLoginId),
    );
  }

  /** One query for the products, one for the client logins (never one per favourite). */
  private async load(
    ctx: RequestContext,
    productIds: string[],
    clientLoginIds: string[],
  ): Promise<Summaries> {
    const products = new Map<string, FavouriteProductSummary>();
    const clientLogins = new Map<string, FavouriteClientLoginSummary>();
    const pIds = [...new Set(productIds)];
    const cIds = [...new Set(clientLoginIds)];
    if (pIds.length) {
      const rows = await this.db.repo(ctx, ProductEntity, 'Product').find({
        select: { id: true, name: true, sku: true, slug: true },
        where: { id: In(pIds) },
      });
      for (const p of rows) products.set(p.id, { id: p.id, name: p.name, sku: p.sku, slug: p.slug });
    }
    if (cIds.length) {
      const query = Object.assign(new ClientLoginListQuery(), { ids: cIds, Take: cIds.length, Skip: 0 });
      const page = await this.clientLogins.list(ctx, query);
      for (const c of page.data)
        clientLogins.set(c.id, { id: c.id, username: c.username, displayName: c.displayName });
    }
    return { products, clientLogins };
  }
}
