import ISO6391 from 'iso-639-1';

/**
 * The content languages a workspace can add: every ISO 639-1 code, with its English and native
 * name, from the maintained `iso-639-1` package (no hand list to keep up to date).
 */
export interface Language {
  languageCode: string;
  name: string;
  nativeName: string;
}

export const availableLanguages: Language[] = ISO6391.getLanguages(ISO6391.getAllCodes())
  .map((l) => ({ languageCode: l.code, name: l.name, nativeName: l.nativeName }))
  .sort((a, b) => a.languageCode.localeCompare(b.languageCode));

export const availableLanguageCodes: readonly string[] = availableLanguages.map((l) => l.languageCode);

/** Whether `code` is an ISO 639-1 language code (lower case, as the catalogue lists it). */
export const isAvailableLanguage = (code: string): boolean => ISO6391.validate(code);
