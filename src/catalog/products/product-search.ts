import { likePattern } from '../../platform/http/paginate';

/**
 * The words of a search as a prefix tsquery for the `simple` configuration: `red chair 12` →
 * `red:* & chair:* & 12:*`. Only letters and digits reach the tsquery, so no operator of the
 * caller's text can change its meaning. Empty when the text has no word.
 */
export function prefixTsQuery(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 16)
    .map((word) => `${word}:*`)
    .join(' & ');
}

/**
 * One token without spaces that holds a digit or joins letters with a separator (`AX-1200`,
 * `STL-2`, `12345`, `ch.oak`): what a person types when they look for a code, often a part of it.
 */
export const looksLikeCode = (text: string): boolean =>
  !/\s/.test(text) && (/\p{N}/u.test(text) || /[\p{L}\p{N}][-_./#][\p{L}\p{N}]/u.test(text));

/** Substring matching needs 3 characters: below that trigrams narrow nothing down. */
const minSubstring = 3;

/**
 * How a product `query` is answered (see docs/catalog-reads.md for the plans):
 * - `words`: every word as a prefix of a word of the product (name, sku, gtin, codes), one GIN
 *   index path on the stored tsvector. If that finds nothing, `fallback` (a substring of name or
 *   sku, through the trigram indexes) is tried instead, so `ining` still finds "Dining chair".
 * - `code`: a code-like token matches words by prefix OR name/sku by any part (`X-12` in
 *   `AX-1200`): the trigram indexes join in only for such a query.
 * - `substring`: text without a letter or digit (`%`, `--`) can only match as a substring.
 */
export type ProductSearch =
  | { kind: 'words'; tsquery: string; fallback: string | null }
  | { kind: 'code'; tsquery: string; pattern: string }
  | { kind: 'substring'; pattern: string };

export function productSearch(query: string): ProductSearch {
  const text = query.trim();
  const tsquery = prefixTsQuery(text);
  if (!tsquery) return { kind: 'substring', pattern: likePattern(text) };
  if (text.length >= minSubstring && looksLikeCode(text))
    return { kind: 'code', tsquery, pattern: likePattern(text) };
  return { kind: 'words', tsquery, fallback: text.length >= minSubstring ? likePattern(text) : null };
}
