import { Module } from '@nestjs/common';
import { LanguagesController } from './languages/languages.controller';
import { LanguagesService } from './languages/languages.service';

@Module({ controllers: [LanguagesController], providers: [LanguagesService], exports: [LanguagesService] })
export class I18nModule {}
