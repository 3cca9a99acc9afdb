/**
 * `transliteration` (maintained; CommonJS and ESM) spells the letters of every script in ASCII. Its
 * table costs 3.5 MB of heap and 7–18 MB of resident memory, so it is loaded on the first name that
 * needs it, not at start-up: the embedded service's memory is budgeted (docs/operations.md).
 */
let table: Promise<typeof import('transliteration')> | undefined;

/**
 * A URL slug from a name: lower case ASCII letters and digits separated by single hyphens
 * ("Garden & Outdoor" → "garden-outdoor"). Letters of other scripts are transliterated
 * ("Straße Stühle" → "strasse-stuhle": ß is "ss", umlauts and accents lose their marks;
 * "Кресло" → "kreslo", "北京" → "bei-jing"); a name with nothing usable becomes the fallback
 * ("category").
 */
export async function slugify(name: string, fallback = 'category'): Promise<string> {
  let ascii = name.normalize('NFC');
  // eslint-disable-next-line no-control-regex
  if (/[^\u0000-\u007f]/.test(ascii)) {
    table ??= import('transliteration');
    ascii = (await table).transliterate(ascii, { unknown: ' ' });
  }
  const slug = ascii
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** What a slug may look like when a caller chooses it. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The first of `base`, `base-2`, `base-3`, … that is not in `taken` (a set, or a lookup: an import
 * asks its growing sets per row without copying them).
 */
export function firstFreeSlug(
  base: string,
  taken: Iterable<string> | { has(slug: string): boolean },
): string {
  const used = 'has' in taken ? taken : new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
