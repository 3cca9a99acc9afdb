/**
 * The data-quality rules of the catalog, in one place: the `isMissing*` filters of POST
 * products/list and the product issues view (GET products/issues, statistics) both use these
 * fragments, so a product counts as "missing images" by exactly one definition.
 *
 * Each fragment is a SQL condition on a product row aliased `p` (pass another alias if needed),
 * true when the product HAS the issue. They are correlated subqueries on indexed `product_id`
 * columns, so they stay cheap inside a filtered, paged list.
 */
export const productIssueKinds = ['MissingImages', 'MissingDescription', 'MissingAttributes'] as const;
export type ProductIssueKind = (typeof productIssueKinds)[number];

/** No row in `product_images`. */
export const missingImagesSql = (p = 'p') =>
  `NOT EXISTS (SELECT 1 FROM product_images issue_pi WHERE issue_pi.product_id = ${p}.id)`;

/** No display content (any language) whose description holds more than whitespace. */
export const missingDescriptionSql = (p = 'p') =>
  `NOT EXISTS (SELECT 1 FROM product_display_contents issue_pdc WHERE issue_pdc.product_id = ${p}.id ` +
  `AND issue_pdc.description IS NOT NULL AND btrim(issue_pdc.description) <> '')`;

/**
 * FROM/WHERE of the attributes a product lacks: those linked (`product_attribute_categories`) to
 * one of its categories (`product_category_links`) for which it has no value, or only an empty
 * list of values (`product_attribute_values`). The workspace conditions let the lookups use the
 * unique (workspace_id, product_id, …) indexes per product, so the rule stays correlated.
 */
const missingAttributesFrom = (p: string) =>
  `FROM product_category_links issue_pcl ` +
  `JOIN product_attribute_categories issue_pac ON issue_pac.workspace_id = issue_pcl.workspace_id ` +
  `AND issue_pac.category_id = issue_pcl.category_id ` +
  `WHERE issue_pcl.workspace_id = ${p}.workspace_id AND issue_pcl.product_id = ${p}.id ` +
  `AND NOT EXISTS (SELECT 1 FROM product_attribute_values issue_pav WHERE issue_pav.workspace_id = ${p}.workspace_id ` +
  `AND issue_pav.product_id = ${p}.id AND issue_pav.attribute_id = issue_pac.attribute_id AND cardinality(issue_pav.values) > 0)`;

/** The attributes a product lacks (see missingAttributesFrom): one column, `attribute_id`, distinct. */
export const missingAttributeIdsSql = (p = 'p') =>
  // eslint-disable-next-line no-restricted-syntax -- a subquery fragment of the issue conditions, not a statement
  `SELECT DISTINCT issue_pac.attribute_id ${missingAttributesFrom(p)}`;

/** At least one attribute of its categories without a value. */
export const missingAttributesSql = (p = 'p') => `EXISTS (SELECT 1 ${missingAttributesFrom(p)})`;

/** The condition of each issue kind, true when the product has it. */
export const productIssueSql: Record<ProductIssueKind, (p?: string) => string> = {
  MissingImages: missingImagesSql,
  MissingDescription: missingDescriptionSql,
  MissingAttributes: missingAttributesSql,
};
