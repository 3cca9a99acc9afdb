import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { registerEntityType } from '../platform/database/entity-types';
import { AccountEntity } from './accounts/account.entity';
import { ContactEntity } from './contacts/contact.entity';

registerEntityType({ type: 'Account', target: AccountEntity, tags: { table: 'accounts', column: 'tags' } });
registerEntityType({ type: 'Contact', target: ContactEntity, tags: { table: 'contacts', column: 'tags' } });

/** Customer relations: accounts, contacts, the company register (and deals, pipelines, comments). */
@Module({
  imports: [IdentityModule],
  controllers: [],
  providers: [],
  exports: [],
})
export class CrmModule {}
