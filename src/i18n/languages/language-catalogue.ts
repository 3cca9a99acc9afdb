/** ISO 639-1 codes offered as content languages; names come from ICU (Intl.DisplayNames). */
const codes = [
  'ar',
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'et',
  'fi',
  'fr',
  'ga',
  'hr',
  'hu',
  'is',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'mt',
  'nb',
  'nl',
  'pl',
  'pt',
  'ro',
  'ru',
  'sk',
  'sl',
  'sr',
  'sv',
  'tr',
  'uk',
  'zh',
] as const;

const english = new Intl.DisplayNames(['en'], { type: 'language' });

export interface Language {
  languageCode: string;
  name: string;
  nativeName: string;
}

export const availableLanguages: Language[] = codes.map((code) => ({
  languageCode: code,
  name: english.of(code) ?? code,
  nativeName: new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code,
}));

export const availableLanguageCodes = codes as readonly string[];
