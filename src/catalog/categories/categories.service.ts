import { Injectable } from '@nestjs/common';
import { Db, Tx } from '../../platform/database/db';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { listParams, Page } from '../../platform/http/list-query';
import { paginate, filterByIds } from '../../platform/http/paginate';
import { conflict, invalidField, notFound } from '../../platform/http/problem';
import { respond, scopedFields, withoutScopedFields } from '../../platform/http/resource';
import { checkImage, UploadedImage } from '../../platform/storage/image-upload';
import { type FileReference, Uploads } from '../../platform/storage/uploads';
import {
  CategoryImagesResponse,
  CreateProductCategoryRequest,
  ProductCategoryHierarchy,
  ProductCategoryListQuery,
  ProductCategoryNode,
  ProductCategoryResponse,
  UpdateProductCategoryRequest,
} from './category.dto';
import { lockCategoryTree } from './categories.queries';
import { ProductCategoryEntity } from './category.entity';
import { firstFreeSlug, slugify } from './category-slug';

export const toProductCategoryResponse = (e: ProductCategoryEntity): ProductCategoryResponse => ({
  ...scopedFields(e),
  name: e.name,
  slug: e.slug,
  active: e.active,
  displayOrder: e.displayOrder,
  image: e.image,
  images: e.images ?? [],
  parentId: e.parentId,
  visibility: { showInMenu: e.showInMenu, showInSearch: e.showInSearch },
});

const snapshot = (r: ProductCategoryResponse) => withoutScopedFields(r);

const label = 'Product category';

/** Columns of categories that name uploaded files (registered by CatalogModule). */
export const categoryFileReferences: readonly FileReference[] = [
  { table: 'product_categories', column: 'image' },
  { table: 'product_categories', column: 'images', array: true },
];

const picturesOf = (c: ProductCategoryEntity): Array<string | null> => [c.image, ...(c.images ?? [])];

/** The product category tree: CRUD, slug lookup, the whole hierarchy, image upload. */
@Injectable()
export class CategoriesService {
  constructor(
    private readonly db: Db,
    private readonly uploads: Uploads,
  ) {}

  async list(ctx: RequestContext, q: ProductCategoryListQuery): Promise<Page<ProductCategoryResponse>> {
    const qb = this.db.repo(ctx, ProductCategoryEntity, label).qb('c');
    filterByIds(qb, q);
    if (q.parent_ids?.length) qb.andWhere('c.parent_id IN (:...parentIds)', { parentIds: q.parent_ids });
    if (q.visibility_show_in_menu !== undefined)
      qb.andWhere('c.show_in_menu = :showInMenu', { showInMenu: q.visibility_show_in_menu });
    const page = await paginate(qb, listParams(q), {
      sort: { Name: 'lower(c.name)', DisplayOrder: 'c.display_order' },
      search: ['c.name', 'c.slug'],
    });
    return { data: page.data.map(toProductCategoryResponse), total: page.total };
  }

  async get(ctx: RequestContext, id: string): Promise<ProductCategoryResponse> {
    return respond(await this.db.repo(ctx, ProductCategoryEntity, label).get(id), toProductCategoryResponse);
  }

  async getBySlug(ctx: RequestContext, slug: string): Promise<ProductCategoryResponse> {
    const found = await this.db.repo(ctx, ProductCategoryEntity, label).findOne({ slug });
    if (!found) throw notFound('Product category with slug', slug);
    return respond(found, toProductCategoryResponse);
  }

  /** The whole tree from one query: rows are read once, then linked in memory. */
  async hierarchy(ctx: RequestContext): Promise<ProductCategoryHierarchy> {
    const rows = await this.db
      .repo(ctx, ProductCategoryEntity, label)
      .qb('c')
      .orderBy('c.display_order', 'ASC')
      .addOrderBy('lower(c.name)', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .getMany();
    const nodes = new Map<string, ProductCategoryNode>(
      rows.map((r) => [r.id, { ...toProductCategoryResponse(r), children: [] }]),
    );
    const roots: ProductCategoryNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId ? nodes.get(node.parentId) : undefined;
      (parent ? parent.children : roots).push(node);
    }
    return { data: roots, total: rows.length };
  }

  async create(ctx: RequestContext, body: CreateProductCategoryRequest): Promise<ProductCategoryResponse> {
    return this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(ProductCategoryEntity, label);
      await repo.assertReferences('parentId', body.parentId);
      await lockCategoryTree(tx);
      const saved = await repo.insert({
        ...this.fields(body),
        slug: body.slug ?? (await this.freeSlug(tx, await slugify(body.name))),
      });
      await tx.activities.created('ProductCategory', saved.id, snapshot(toProductCategoryResponse(saved)));
      return respond(saved, toProductCategoryResponse);
    });
  }

  async update(
    ctx: RequestContext,
    id: string,
    body: UpdateProductCategoryRequest,
  ): Promise<ProductCategoryResponse> {
    const { answer, had } = await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(ProductCategoryEntity, label);
      await lockCategoryTree(tx);
      const entity = await repo.getForWrite(id);
      const had = picturesOf(entity);
      const before = toProductCategoryResponse(entity);
      const parentId = body.parentId ?? null;
      if (parentId && parentId !== entity.parentId) {
        await repo.assertReferences('parentId', parentId);
        await this.assertNoCycle(tx, id, parentId);
      }
      Object.assign(entity, this.fields(body), { slug: body.slug ?? entity.slug });
      const saved = await repo.save(entity);
      await tx.activities.updated(
        'ProductCategory',
        id,
        snapshot(before),
        snapshot(toProductCategoryResponse(saved)),
      );
      return { answer: respond(saved, toProductCategoryResponse), had };
    });
    const kept = new Set([answer.image, ...answer.images]);
    await this.uploads.release(
      ctx.workspaceId,
      had.filter((url) => !kept.has(url)),
    );
    return answer;
  }

  /** 409 while the category has sub-categories (the foreign key refuses it too). */
  async remove(ctx: RequestContext, id: string): Promise<void> {
    const pictures = await this.db.transaction(ctx, async (tx) => {
      const repo = tx.repo(ProductCategoryEntity, label);
      await lockCategoryTree(tx);
      const entity = await repo.getForWrite(id);
      const children = await repo.count({ parentId: id });
      if (children > 0) {
        throw conflict(
          `Product category ${id} still has ${children} sub-categories; move or delete them first.`,
        );
      }
      const last = toProductCategoryResponse(entity);
      await repo.remove(entity);
      await tx.activities.deleted('ProductCategory', id, snapshot(last));
      return picturesOf(entity);
    });
    await this.uploads.release(ctx.workspaceId, pictures);
  }

  /** Stores each image (checked by content: raster formats only) and answers their URLs. */
  async uploadImages(
    ctx: RequestContext,
    files: UploadedImage[] | undefined,
  ): Promise<CategoryImagesResponse> {
    if (!files?.length)
      throw invalidField('images', 'images must hold at least one image file (multipart/form-data)');
    const checked = [];
    for (const file of files)
      checked.push({ file, ...(await checkImage(file, 'images', ctx.workspaceId, 'categories')) });
    const fileUris = await this.uploads.store(
      ctx.workspaceId,
      checked.map(({ file, key, contentType }) => ({ key, file, contentType })),
    );
    return { fileUris };
  }

  private fields(
    body: CreateProductCategoryRequest | UpdateProductCategoryRequest,
  ): Partial<ProductCategoryEntity> {
    return {
      name: body.name,
      active: body.active ?? true,
      displayOrder: body.displayOrder ?? 0,
      image: body.image ?? null,
      images: body.images ?? [],
      parentId: body.parentId ?? null,
      showInMenu: body.visibility?.showInMenu ?? true,
      showInSearch: body.visibility?.showInSearch ?? true,
      externalReference: body.externalReference ?? null,
    };
  }

  /** `base`, or `base-N` with the first free N (the tree lock keeps concurrent creates apart). */
  private async freeSlug(tx: Tx, base: string): Promise<string> {
    const taken = await tx
      .repo(ProductCategoryEntity, label)
      .qb('c')
      .select('c.slug', 'slug')
      .andWhere("(c.slug = :base OR c.slug LIKE :prefix ESCAPE '\\')", {
        base,
        prefix: `${base.replace(/[\\%_]/g, (ch) => `\\${ch}`)}-%`,
      })
      .getRawMany<{ slug: string }>();
    return firstFreeSlug(
      base,
      taken.map((t) => t.slug),
    );
  }

  /** A 400 naming parentId when `parentId` is `id` itself or one of its descendants. */
  private async assertNoCycle(tx: Tx, id: string, parentId: string): Promise<void> {
    if (parentId === id) throw invalidField('parentId', 'A category cannot be its own parent.');
    const rows = await tx.repo(ProductCategoryEntity, label).qb('c').select(['c.id', 'c.parentId']).getMany();
    const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
    for (
      let at: string | null | undefined = parentId, steps = 0;
      at && steps <= rows.length;
      at = parentOf.get(at), steps++
    ) {
      if (at === id)
        throw invalidField(
          'parentId',
          `Category ${parentId} is a descendant of ${id}; moving ${id} under it would make a cycle.`,
        );
    }
  }
}
