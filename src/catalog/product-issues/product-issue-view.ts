import {
  missingAttributeIdsSql,
  productIssueSql,
  type ProductIssueKind,
} from '../products/product-issue-rules';

/**
 * The product issues VIEW: the catalog's rules (products/product-issue-rules.ts, shared with the
 * `isMissing*` list filters) minus what the workspace chose to ignore (`product_issue_ignores`).
 * The list filters describe the data as it is; ignoring only changes what this view reports.
 * Each fragment is a SQL condition on a product row aliased `p`.
 */
const wholeIssueIgnored = (kind: ProductIssueKind, p: string) =>
  `EXISTS (SELECT 1 FROM product_issue_ignores view_pii WHERE view_pii.product_id = ${p}.id ` +
  `AND view_pii.issue = '${kind}' AND view_pii.attribute_id IS NULL)`;

/** The missing attribute ids of a product that are not ignored one by one (column `attribute_id`). */
export const openMissingAttributeIdsSql = (p = 'p') =>
  /* eslint-disable no-restricted-syntax -- a subquery fragment of the issue conditions, not a statement */
  `SELECT view_m.attribute_id FROM (${missingAttributeIdsSql(p)}) view_m WHERE NOT EXISTS (` +
  `SELECT 1 FROM product_issue_ignores view_pia WHERE view_pia.product_id = ${p}.id ` +
  /* eslint-enable no-restricted-syntax */
  `AND view_pia.issue = 'MissingAttributes' AND view_pia.attribute_id = view_m.attribute_id)`;

/** True when the product has the issue and it is not ignored. */
export const openIssueSql: Record<ProductIssueKind, (p?: string) => string> = {
  MissingImages: (p = 'p') =>
    `(${productIssueSql.MissingImages(p)} AND NOT ${wholeIssueIgnored('MissingImages', p)})`,
  MissingDescription: (p = 'p') =>
    `(${productIssueSql.MissingDescription(p)} AND NOT ${wholeIssueIgnored('MissingDescription', p)})`,
  MissingAttributes: (p = 'p') =>
    `(NOT ${wholeIssueIgnored('MissingAttributes', p)} AND EXISTS (${openMissingAttributeIdsSql(p)}))`,
};
