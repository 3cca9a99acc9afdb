/**
 * The pricing door: the price engine and its money arithmetic (sales prices its order lines).
 * Other contexts import this file or `pricing.module`, never another file of this folder
 * (eslint.config.mjs).
 */
export { exact, moneyString } from './prices/money';
export { PricingService } from './prices/pricing.service';

// What the storefront wing uses: its price DTOs are built on these
export { maxPriceItems, PriceTotal, PriceVat, priceQuantityDoc, ProductPriceBase } from './prices/price.dto';
export { type PriceAccountKey, type PriceInputs, type PriceInputsQuery } from './prices/price-inputs';
export { PriceOperationsService } from './prices/price-operations.service';
export { IsQuantity, lineQuantities } from './prices/quantity';
