/**
 * The pricing door: the price engine and its money arithmetic (sales prices its order lines).
 * Other contexts import this file or `pricing.module`, never another file of this folder
 * (eslint.config.mjs).
 */
export { exact, moneyString } from './prices/money';
export { PricingService } from './prices/pricing.service';
