/**
 * The CRM's door: what other contexts may use of accounts, contacts, deals, pipelines and
 * comments. Everything else under src/crm is the CRM's own: other contexts import this file or
 * `crm.module`, never another file of this folder (eslint.config.mjs).
 */

// Services other contexts call (the customer of an order, the storefront's shopper)
export { AccountsService } from './accounts/accounts.service';
export { ContactsService } from './contacts/contacts.service';

// The account inputs the price engine reads
export type { PricingAccount, Shopper } from './accounts/account-pricing';

// What the demo seed fills the CRM with
export type { AccountType } from './accounts/account.entity';
export { CommentsService } from './comments/comments.service';
export type { Gender } from './contacts/contact.entity';
export { DealsService } from './deals/deals.service';
export { PipelinesService } from './pipelines/pipelines.service';

// What imports and exports of accounts use (the transfer context, docs/imports.md)
export {
  AccountImportState,
  type AccountSheetColumn,
  AccountSheetService,
} from './sheets/account-sheet.service';
export {
  ContactImportState,
  type ContactSheetColumn,
  ContactSheetService,
} from './sheets/contact-sheet.service';
export { accountTypes } from './accounts/account.entity';
export { AccountListQuery } from './accounts/account.dto';
export { ContactListQuery } from './contacts/contact.dto';
