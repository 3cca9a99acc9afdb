import { likePattern } from '../../platform/http/paginate';

/**
 * The words of a search as a prefix tsquery for the `simple` configuration: `red chair 12` →
 * `red:* & chair:* & 12:*`. Only letters and digits reach the tsquery, so no operator of the
 * caller's text can change its meaning. Empty when the text has no word.
 */
export function prefixTsQuery(text: string): string {
  return searchWords(text)
    .map((word) => `${word}:*`)
    .join(' & ');
}

/** The words of a search as a tsquery of whole words: `red chair` → `red & chair` (relevance's exact tier). */
export const exactTsQuery = (text: string): string => searchWords(text).join(' & ');

/** The words of a search, lower case (letters and digits only, at most 16). */
export const searchWords = (text: string): string[] =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 16);

/**
 * Edits between two words (optimal string alignment: insert, delete, substitute, or swap two
 * neighbours, so `chiar` → `chair` is 1), or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2] + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

/** How many edits a word of this length may be away from its correction: 1 up to 4 letters, else 2. */
const allowedEdits = (word: string) => (word.length <= 4 ? 1 : 2);

/** Whether `candidate` is near enough to the typed `word` to correct it (or is the word itself). */
export const isCorrection = (word: string, candidate: string): boolean =>
  editDistance(word, candidate, allowedEdits(word)) <= allowedEdits(word);

/**
 * "Did you mean": each word of `query` that is not itself among `vocabulary` (the name words
 * nearest to the query's words that the caller may see) replaced by the nearest word of it (fewest
 * edits, then the earlier one); digits-only words are kept. Null when no word changes.
 */
export function correctedQuery(query: string, vocabulary: string[]): string | null {
  const known = new Set(vocabulary);
  const words = searchWords(query);
  let changed = false;
  const corrected = words.map((word) => {
    if (known.has(word) || /^\p{N}+$/u.test(word)) return word;
    let best: string | null = null;
    let bestEdits = allowedEdits(word) + 1;
    for (const candidate of known) {
      const edits = editDistance(word, candidate, bestEdits - 1);
      if (edits < bestEdits) {
        best = candidate;
        bestEdits = edits;
      }
    }
    if (best === null) return word;
    changed = true;
    return best;
  });
  return changed ? corrected.join(' ') : null;
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
 * - `words`: every word as a prefix of a word of the product (name, sku, gtin, codes; the
 *   `simple` tsvector of products), or of a word of its display content in the content's own
 *   language, stemmed (`stoelen` finds "stoel"; the product's contents' tsvector). If that finds
 *   nothing, `fallback` is tried instead: a substring of name or sku (trigram indexes), or the
 *   query corrected to the nearest name words (`correctedQuery`: `chiar` finds "Dining chair" as
 *   `chair`).
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
