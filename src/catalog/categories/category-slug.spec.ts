import { describe, expect, it } from '@jest/globals';
import { firstFreeSlug, slugify, slugPattern } from './category-slug';

describe('category slugs', () => {
  it('folds accents, lower-cases and joins words with single hyphens', async () => {
    expect(await slugify('Garden & Outdoor')).toBe('garden-outdoor');
    expect(await slugify('  Crème Brûlée -- 2024 ')).toBe('creme-brulee-2024');
    expect(await slugify('***')).toBe('category');
    expect(slugPattern.test(await slugify('Ça va? Très bien!'))).toBe(true);
  });

  it('transliterates letters of other scripts instead of dropping them', async () => {
    expect(await slugify('Straße Stühle')).toBe('strasse-stuhle');
    expect(await slugify('Кресло', 'product')).toBe('kreslo');
    expect(await slugify('Größe XL Öl Ärger')).toBe('grosse-xl-ol-arger');
    expect(await slugify('Ελληνικά')).toBe('ellinika');
    expect(await slugify('北京 椅子')).toBe('bei-jing-yi-zi');
    expect(await slugify('Łódź Æsir')).toBe('lodz-aesir');
    // Composed and decomposed forms of the same name give the same slug.
    expect(await slugify('Stu\u0308hle')).toBe(await slugify('St\u00fchle'));
    expect(await slugify('🙂🙂', 'product')).toBe('product');
  });

  it('keeps slugs within the column length', async () => {
    const slug = await slugify('word '.repeat(100));
    expect(slug.length).toBeLessThanOrEqual(200);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('suffixes a taken slug with the first free number', () => {
    expect(firstFreeSlug('shoes', [])).toBe('shoes');
    expect(firstFreeSlug('shoes', ['shoes'])).toBe('shoes-2');
    expect(firstFreeSlug('shoes', ['shoes', 'shoes-2', 'shoes-4'])).toBe('shoes-3');
  });
});
