import { exampleIds as ids } from '../example-values';
import type { RequestExample } from './request-example';

/** The request examples of the internationalization operations, by operationId. */
export const i18nExamples: Record<string, RequestExample> = {
  addSupportedLanguage: { summary: 'Offer German', body: { languageCode: 'de' } },
  removeSupportedLanguage: {
    summary: 'Stop offering German (its texts stay)',
    body: { languageCode: 'de' },
    after: [
      'createCategoryDisplayContent',
      'updateCategoryDisplayContent',
      'createProductDisplayContent',
      'updateProductDisplayContent',
      'translateMissingProductDisplayContents',
      'createContentPage',
      'updateContentPage',
    ],
  },
  createCurrency: {
    summary: 'Accept US dollars',
    body: { code: 'USD', symbol: '$', exchangeRate: 1.08, isDefault: false, externalReference: 'FX-USD' },
    yields: { [ids.currency]: 'id' },
  },
  updateCurrency: {
    summary: 'Update the exchange rate',
    body: {
      id: ids.currency,
      symbol: '$',
      exchangeRate: 1.09,
      isDefault: false,
      externalReference: 'FX-USD',
    },
    path: { id: ids.currency },
  },
  translateTexts: {
    summary: 'Translate product texts from English to German',
    body: {
      texts: ['Solid oak dining chair', 'Seat of woven paper cord'],
      sourceLanguage: 'en',
      targetLanguage: 'de',
    },
  },
};
