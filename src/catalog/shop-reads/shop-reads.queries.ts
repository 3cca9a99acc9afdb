import type { WorkspaceSql } from '../../platform/database/db';
import { displayContentSql } from '../display-contents/display-contents.queries';
import { visibilitySql } from '../products/products.queries';
import type { ProductVisibility } from '../products/product-reads';

/*
 * The storefront's taxonomy reads, each ONE statement: the visible category tree (a recursive CTE)
 * with content and product counts, one category with its breadcrumb and children, the brands and the
 * attribute values of the visible products. `$1` is always the workspace; every count is over the
 * products the caller may see (visibilitySql on `p`).
 */

/** The request's language and its fallback, bound as `$2` and `$3` by the category reads. */
const categoryLanguage = { language: '$2', fallback: '$3' };

/**
 * The categories a shop shows: active and in the menu, from the roots down (a child of a hidden
 * category is hidden), each with the ids of its path from the root (`path`, itself last).
 */
const visibleCategories = `visible AS (
    SELECT c.id, c.parent_id, ARRAY[c.id] AS path FROM product_categories c
     WHERE c.workspace_id = $1 AND c.parent_id IS NULL AND c.active AND c.show_in_menu
    UNION ALL
    SELECT c.id, c.parent_id, v.path || c.id FROM visible v
      JOIN product_categories c ON c.workspace_id = $1 AND c.parent_id = v.id
     WHERE c.active AND c.show_in_menu)`;

/** The visible products directly in the category aliased `c` (an index path on the links, then products by key). */
const productCount = (c: string, visibility: string) =>
  `(SELECT count(*) FROM product_category_links k
      JOIN products p ON p.workspace_id = k.workspace_id AND p.id = k.product_id
     WHERE k.workspace_id = ${c}.workspace_id AND k.category_id = ${c}.id${visibility})`;

/** The CommerceCategory of the category aliased `c`. */
const categorySql = (c: string, visibility: string) => `json_build_object(
    'id', ${c}.id, 'name', ${c}.name, 'slug', ${c}.slug, 'parentId', ${c}.parent_id,
    'displayOrder', ${c}.display_order, 'image', ${c}.image, 'images', ${c}.images,
    'content', ${displayContentSql('category_display_contents', 'product_category_id', `${c}.id`, `${c}.workspace_id`, categoryLanguage)},
    'productCount', ${productCount(c, visibility)})`;

const categoryOrder = (c: string) => `${c}.display_order, ${c}.name, ${c}.id`;

export interface CategoryLanguage {
  language: string;
  defaultLanguage: string;
}

/**
 * Every visible category (CommerceCategory) by displayOrder then name. The tree's counts are one
 * grouped join of the workspace's links with its visible products (a hash join: at 100,000
 * products a per-category count probes every product by key, ten times slower); the tree is
 * kept by the CategoryTreeCache between changes.
 */
export async function visibleCategoryRows<C>(
  on: WorkspaceSql,
  language: CategoryLanguage,
  visibility: ProductVisibility,
): Promise<C[]> {
  const vis = visibilitySql(visibility, 4);
  const rows = await on.query<{ category: C }>(
    `WITH RECURSIVE ${visibleCategories},
       counts AS (SELECT k.category_id, count(*) AS n FROM product_category_links k
                    JOIN products p ON p.workspace_id = k.workspace_id AND p.id = k.product_id
                   WHERE k.workspace_id = $1 AND k.category_id IN (SELECT v.id FROM visible v)${vis.sql}
                   GROUP BY k.category_id)
     SELECT json_build_object(
         'id', c.id, 'name', c.name, 'slug', c.slug, 'parentId', c.parent_id,
         'displayOrder', c.display_order, 'image', c.image, 'images', c.images,
         'content', ${displayContentSql('category_display_contents', 'product_category_id', 'c.id', 'c.workspace_id', categoryLanguage)},
         'productCount', coalesce(n.n, 0)) AS category
       FROM visible v JOIN product_categories c ON c.workspace_id = $1 AND c.id = v.id
       LEFT JOIN counts n ON n.category_id = c.id
      ORDER BY ${categoryOrder('c')}`,
    [on.workspaceId, language.language, language.defaultLanguage, ...vis.values],
  );
  return rows.map((r) => r.category);
}

/** One visible category by id or slug with its breadcrumb (`path`, root first) and visible children; null: not visible. */
export async function visibleCategory<C>(
  on: WorkspaceSql,
  key: 'id' | 'slug',
  value: string,
  language: CategoryLanguage,
  visibility: ProductVisibility,
): Promise<C | null> {
  const vis = visibilitySql(visibility, 5);
  const [row] = await on.query<{ category: C }>(
    `WITH RECURSIVE ${visibleCategories}
     SELECT (${categorySql('c', vis.sql)}::jsonb || jsonb_build_object(
         'path', coalesce((SELECT jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name, 'slug', a.slug)
             ORDER BY array_position(v.path, a.id))
             FROM product_categories a WHERE a.workspace_id = $1 AND a.id = ANY(v.path) AND a.id <> c.id), '[]'),
         'children', coalesce((SELECT jsonb_agg(${categorySql('ch', vis.sql)} ORDER BY ${categoryOrder('ch')})
             FROM visible cv JOIN product_categories ch ON ch.workspace_id = $1 AND ch.id = cv.id
            WHERE cv.parent_id = c.id), '[]'))) AS category
       FROM visible v JOIN product_categories c ON c.workspace_id = $1 AND c.id = v.id
      WHERE ${key === 'id' ? 'c.id = $4::uuid' : 'c.slug = $4'}`,
    [on.workspaceId, language.language, language.defaultLanguage, value, ...vis.values],
  );
  return row?.category ?? null;
}

/** How a page of brands is cut. */
export interface BrandPageSpec {
  /** ILIKE pattern on the name. */
  pattern?: string;
  descending: boolean;
  take: number;
  skip: number;
  /** One brand only. */
  id?: string;
}

/**
 * The brands of the visible products (CommerceBrand with productCount), by name: the page and the
 * total of every match in one row.
 */
export async function visibleBrands<B>(
  on: WorkspaceSql,
  spec: BrandPageSpec,
  visibility: ProductVisibility,
): Promise<{ total: number; data: B[] }> {
  const values: unknown[] = [on.workspaceId];
  const bind = (value: unknown) => `$${values.push(value)}`;
  const byId = spec.id !== undefined ? ` AND p.brand_id = ${bind(spec.id)}::uuid` : '';
  const byName = spec.pattern !== undefined ? ` AND br.name ILIKE ${bind(spec.pattern)}` : '';
  const vis = visibilitySql(visibility, values.length + 1);
  values.push(...vis.values);
  const direction = spec.descending ? 'DESC' : 'ASC';
  const [row] = await on.query<{ total: string; data: B[] }>(
    `WITH b AS (SELECT p.brand_id AS id, count(*) AS n FROM products p
                 WHERE p.workspace_id = $1 AND p.brand_id IS NOT NULL${byId}${vis.sql} GROUP BY p.brand_id),
          m AS MATERIALIZED (SELECT br.id, br.name, br.image_url, br.description, br.website, b.n
                 FROM b JOIN brands br ON br.workspace_id = $1 AND br.id = b.id WHERE true${byName})
     SELECT (SELECT count(*) FROM m) AS total,
            coalesce((SELECT json_agg(json_build_object('id', x.id, 'name', x.name, 'imageUrl', x.image_url,
                'description', x.description, 'website', x.website, 'productCount', x.n)
                ORDER BY x.name ${direction}, x.id ${direction})
              FROM (SELECT * FROM m ORDER BY m.name ${direction}, m.id ${direction}
                    LIMIT ${spec.take} OFFSET ${spec.skip}) x), '[]') AS data`,
    values,
  );
  return { total: Number(row.total), data: row.data };
}

/**
 * The attributes the visible products (of one category when `categoryId` is given, directly in
 * it) have values for, by name, each with its values and how many of those products have each.
 */
export async function usedAttributeValues<A>(
  on: WorkspaceSql,
  categoryId: string | undefined,
  visibility: ProductVisibility,
): Promise<A[]> {
  const values: unknown[] = [on.workspaceId];
  const inCategory =
    categoryId !== undefined
      ? ` AND av.product_id = ANY(ARRAY(SELECT k.product_id FROM product_category_links k
             WHERE k.workspace_id = $1 AND k.category_id = $${values.push(categoryId)}::uuid))`
      : '';
  const vis = visibilitySql(visibility, values.length + 1);
  values.push(...vis.values);
  const [row] = await on.query<{ attributes: A[] }>(
    `WITH v AS (SELECT av.attribute_id, x.value, count(DISTINCT p.id) AS n
                  FROM product_attribute_values av
                  JOIN products p ON p.workspace_id = av.workspace_id AND p.id = av.product_id
                 CROSS JOIN LATERAL unnest(av.values) AS x(value)
                 WHERE av.workspace_id = $1${inCategory}${vis.sql}
                 GROUP BY av.attribute_id, x.value)
     SELECT coalesce(json_agg(json_build_object('id', a.id, 'name', a.name,
              'values', (SELECT json_agg(json_build_object('value', v.value, 'label', v.value, 'count', v.n)
                          ORDER BY v.n DESC, v.value) FROM v WHERE v.attribute_id = a.id))
              ORDER BY a.name, a.id), '[]') AS attributes
       FROM product_attributes a
      WHERE a.workspace_id = $1 AND a.id IN (SELECT v.attribute_id FROM v)`,
    values,
  );
  return row.attributes;
}
