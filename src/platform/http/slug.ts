/**
 * A URL slug from a name: lower case ASCII letters and digits separated by single hyphens
 * ("Garden & Outdoor" → "garden-outdoor"). Accents are folded; a name with nothing usable
 * becomes "category".
 */
export function slugify(name: string, fallback = 'category'): string {
  const slug = name
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
