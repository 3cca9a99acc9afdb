/*
 * The storefront's display content of one product or category as a SQL expression: the row in
 * the request's language, else in the workspace's default language, else null.
 */

/** Placeholders (`$3`, `:__language`, …) of the request's language and of its fallback (the workspace default). */
export interface LanguagePlaceholders {
  language: string;
  fallback: string;
}

/**
 * The content (title, excerpt, description, descriptionFormat, seo, language) of the owner whose
 * rows in `table` have `ownerColumn = owner`, as one correlated subquery on the table's unique
 * `(workspace_id, <owner>, language)` index: the request's language first, else the fallback.
 */
export const displayContentSql = (
  table: 'product_display_contents' | 'category_display_contents',
  ownerColumn: string,
  owner: string,
  workspace: string,
  lang: LanguagePlaceholders,
): string => `(SELECT json_build_object('title', dc.title, 'excerpt', dc.excerpt, 'description', dc.description,
      'descriptionFormat', dc.description_format, 'seo', json_build_object('metaTitle', dc.seo_meta_title,
      'metaDescription', dc.seo_meta_description, 'keywords', dc.seo_keywords), 'language', dc.language)
    FROM ${table} dc WHERE dc.workspace_id = ${workspace} AND dc.${ownerColumn} = ${owner}
     AND dc.language IN (CAST(${lang.language} AS varchar), CAST(${lang.fallback} AS varchar))
    ORDER BY dc.language = CAST(${lang.language} AS varchar) DESC LIMIT 1)`;
