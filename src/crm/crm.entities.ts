import { AccountEntity } from './accounts/account.entity';
import { ContactAccountEntity, ContactEntity } from './contacts/contact.entity';

/** Every entity of the CRM context (listed in src/config/entities.ts). */
export const crmEntities = [
  // accounts and contacts (engineer C)
  AccountEntity,
  ContactEntity,
  ContactAccountEntity,
];
