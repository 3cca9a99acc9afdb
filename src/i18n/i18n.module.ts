import { Module } from '@nestjs/common';
import { CurrenciesCoreController } from './currencies/currencies.core.controller';
import { CurrenciesService } from './currencies/currencies.service';
import { LanguagesController } from './languages/languages.controller';
import { LanguagesService } from './languages/languages.service';

@Module({
  controllers: [LanguagesController, CurrenciesCoreController],
  providers: [LanguagesService, CurrenciesService],
  exports: [LanguagesService, CurrenciesService],
})
export class I18nModule {}
