import { Module } from '@nestjs/common';
import { Env } from '../config/env';
import { CatalogModule } from '../catalog/catalog.module';
import { IdentityModule } from '../identity/identity.module';
import { EntityTypes } from '../platform/database/entity-types';
import { ActivityTypes } from '../platform/activity/activity-types';
import { crmActivityTypes } from './crm.activity-types';
import { AccountEntity } from './accounts/account.entity';
import { AccountsCoreController } from './accounts/accounts.core.controller';
import { AccountsService } from './accounts/accounts.service';
import { AccountSheetService } from './sheets/account-sheet.service';
import { ContactSheetService } from './sheets/contact-sheet.service';
import { ShopperCache } from './accounts/shopper-cache';
import { CompanyRegisterController } from './company-register/company-register.controller';
import { COMPANY_REGISTER } from './company-register/company-register.provider';
import { CompanyRegisterService } from './company-register/company-register.service';
import { KvkCompanyRegister } from './company-register/kvk-company-register';
import { ContactEntity } from './contacts/contact.entity';
import { ContactsCoreController } from './contacts/contacts.core.controller';
import { ContactsService } from './contacts/contacts.service';
import { DealsModule } from './deals/deals.module';

/** Customer relations: accounts, contacts, the company register (and deals, pipelines, comments). */
@Module({
  imports: [IdentityModule, CatalogModule, DealsModule],
  // sub-path controllers before the `{id}` routes of their parent path
  controllers: [CompanyRegisterController, AccountsCoreController, ContactsCoreController],
  providers: [
    AccountsService,
    AccountSheetService,
    ContactSheetService,
    ShopperCache,
    ContactsService,
    CompanyRegisterService,
    { provide: COMPANY_REGISTER, inject: [Env], useFactory: (env: Env) => new KvkCompanyRegister(env) },
  ],
  exports: [AccountsService, ContactsService, AccountSheetService, ContactSheetService],
})
export class CrmModule {
  constructor(entityTypes: EntityTypes, activityTypes: ActivityTypes) {
    activityTypes.declare(...crmActivityTypes);
    entityTypes.register(
      { type: 'Account', target: AccountEntity, tags: { table: 'accounts', column: 'tags' } },
      { type: 'Contact', target: ContactEntity, tags: { table: 'contacts', column: 'tags' } },
    );
  }
}
