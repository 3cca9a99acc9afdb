import { transliterate } from 'transliteration';

/**
 * A URL slug from a name: lower case ASCII letters and digits separated by single hyphens
 * ("Garden & Outdoor" → "garden-outdoor"). Letters of other scripts are transliterated
 * ("Straße Stühle" → "strasse-stuhle": ß is "ss", umlauts and accents lose their marks;
 * "Кресло" → "kreslo", "北京" → "bei-jing") by `transliteration`, a maintained table of every script;
 * a name with nothing usable becomes the fallback ("category").
 */
export function slugify(name: string, fallback = 'category'): string {
  const slug = transliterate(name.normalize('NFC'), { unknown: ' ' })
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

/** The first of `base`, `base-2`, `base-3`, … that is not in `taken`. */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
