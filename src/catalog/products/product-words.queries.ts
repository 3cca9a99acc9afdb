import type { WorkspaceSql } from '../../platform/database/db';

/** How many words of the workspace's names, nearest to each word of a query, are weighed. */
const nearestWords = 10;

/**
 * For each of `words` (a query's words, in order), the words of the workspace's product names
 * nearest to it by trigram distance (`product_name_words`, migration ProductNameWords: an ordered
 * scan of its GiST index that stops after `nearestWords`). Rows in the order of `words`, then
 * nearest first. Whether a product the caller may see holds them is `visibleNameWords`' question.
 */
export function nearestNameWords(
  on: WorkspaceSql,
  words: string[],
): Promise<Array<{ typed: string; word: string }>> {
  return on.query(
    `SELECT q.typed, nw.word FROM unnest(CAST($2 AS text[])) WITH ORDINALITY AS q(typed, position) ` +
      `CROSS JOIN LATERAL (SELECT w.word, w.word <-> q.typed AS distance FROM product_name_words w ` +
      `WHERE w.workspace_id = $1 ORDER BY w.word <-> q.typed LIMIT ${nearestWords}) nw ` +
      `ORDER BY q.position, nw.distance, nw.word`,
    [on.workspaceId, words],
  );
}

/**
 * Those of `words` that one of the products of `visible` holds as a word (name, sku, codes):
 * `visible` is a statement `SELECT … FROM products p WHERE …` (the list's filters and the caller's
 * visibility, with its own `$1…$n` in `params`) to which the check on each word is added.
 */
export async function visibleNameWords(
  on: WorkspaceSql,
  words: string[],
  visible: { sql: string; params: readonly unknown[] },
): Promise<string[]> {
  if (!words.length) return [];
  const rows = await on.query<{ word: string }>(
    `SELECT v.word FROM unnest(CAST($${visible.params.length + 1} AS text[])) AS v(word) ` +
      `WHERE EXISTS (${visible.sql} AND p.search_vector @@ to_tsquery('simple', v.word))`,
    [...visible.params, words],
  );
  return rows.map((row) => row.word);
}
