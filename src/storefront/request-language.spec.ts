import { describe, expect, it } from '@jest/globals';
import { acceptedLanguages, pickLanguage } from './request-language';

const workspace = { defaultLanguage: 'en', supported: ['de', 'en', 'nl'] };

describe('the request language', () => {
  it('orders Accept-Language ranges by q, then by position, without q=0 and *', () => {
    expect(acceptedLanguages('fr;q=0.9, nl-BE, de;q=0.95, *;q=0.5, en;q=0')).toEqual(['nl-be', 'de', 'fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('prefers an explicit language, then Accept-Language, then the default', () => {
    expect(pickLanguage(workspace, 'NL', 'de')).toBe('nl');
    expect(pickLanguage(workspace, undefined, 'fr;q=1, nl-BE;q=0.8, de;q=0.5')).toBe('nl');
    expect(pickLanguage(workspace, undefined, 'fr, es')).toBe('en');
    expect(pickLanguage({ ...workspace, defaultLanguage: 'de' }, undefined, undefined)).toBe('de');
  });

  it('refuses an explicit language the workspace does not support, naming `language`', () => {
    expect(() => pickLanguage(workspace, 'fr', undefined)).toThrow(
      expect.objectContaining({ errors: { language: [expect.any(String)] } }),
    );
  });
});
