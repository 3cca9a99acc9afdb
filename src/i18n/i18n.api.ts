/**
 * The i18n door: languages, currencies and the translations provider other contexts call.
 * Other contexts import this file or `i18n.module`, never another file of this folder
 * (eslint.config.mjs).
 */
export { CurrenciesService } from './currencies/currencies.service';
export { availableCurrencyCodes } from './currencies/currency-catalogue';
export { availableLanguageCodes } from './languages/language-catalogue';
export { LanguagesService, type WorkspaceLanguages } from './languages/languages.service';
export { TranslationsService } from './translations/translations.service';
