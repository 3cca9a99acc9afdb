import { Module } from '@nestjs/common';
import { Env } from '../config/env';
import { CurrenciesCoreController } from './currencies/currencies.core.controller';
import { CurrenciesService } from './currencies/currencies.service';
import { DefaultCurrencyCache } from './currencies/default-currency-cache';
import { ActivityTypes } from '../platform/activity/activity-types';
import { i18nActivityTypes } from './i18n.activity-types';
import { LanguagesController } from './languages/languages.controller';
import { LanguagesService } from './languages/languages.service';
import { WorkspaceLanguagesCache } from './languages/workspace-languages-cache';
import { OpenAiTranslationProvider } from './translations/openai-translation-provider';
import { TRANSLATION_PROVIDER } from './translations/translation-provider';
import { TranslationsCoreController } from './translations/translations.core.controller';
import { TranslationsService } from './translations/translations.service';

@Module({
  controllers: [LanguagesController, CurrenciesCoreController, TranslationsCoreController],
  providers: [
    LanguagesService,
    WorkspaceLanguagesCache,
    CurrenciesService,
    DefaultCurrencyCache,
    TranslationsService,
    {
      provide: TRANSLATION_PROVIDER,
      inject: [Env],
      useFactory: (env: Env) => new OpenAiTranslationProvider(env),
    },
  ],
  exports: [LanguagesService, CurrenciesService, TranslationsService],
})
export class I18nModule {
  constructor(activityTypes: ActivityTypes) {
    activityTypes.declare(...i18nActivityTypes);
  }
}
