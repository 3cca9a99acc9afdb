/**
 * The CRM's door: the account, contact, deal, pipeline and comment services other contexts call,
 * the pricing account read, and the types the demo seed names.
 * Other contexts import this file or `crm.module`, never another file of this folder
 * (eslint.config.mjs).
 */
export { type PricingAccount, pricingAccountSql, toPricingAccount } from './accounts/account-pricing';
export type { AccountType } from './accounts/account.entity';
export { AccountsService } from './accounts/accounts.service';
export { CommentsService } from './comments/comments.service';
export type { Gender } from './contacts/contact.entity';
export { ContactsService } from './contacts/contacts.service';
export { DealsService } from './deals/deals.service';
export { PipelinesService } from './pipelines/pipelines.service';
