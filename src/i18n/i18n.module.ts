import { Module } from '@nestjs/common';
import { ActivityTypes } from '../platform/activity/activity-types';
import { i18nActivityTypes } from './i18n.activity-types';
import { LanguagesController } from './languages/languages.controller';
import { LanguagesService } from './languages/languages.service';

@Module({ controllers: [LanguagesController], providers: [LanguagesService], exports: [LanguagesService] })
export class I18nModule {
  constructor(activityTypes: ActivityTypes) {
    activityTypes.declare(...i18nActivityTypes);
  }
}
