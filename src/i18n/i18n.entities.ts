import { CurrencyEntity } from './currencies/currency.entity';
import { SupportedLanguageEntity } from './languages/supported-language.entity';

export const i18nEntities = [SupportedLanguageEntity, CurrencyEntity];
