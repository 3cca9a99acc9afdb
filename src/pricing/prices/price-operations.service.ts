import { Injectable } from '@nestjs/common';
import type { ProductPricingInput } from '../../catalog/catalog.api';
import type { PricingAccount } from '../../crm/crm.api';
import { badRequest, notFound } from '../../platform/http/problem';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { exact, money, zero } from './money';
import type { PriceAccountKey, PriceInputs } from './price-inputs';
import type { CoreProductPrice, PriceTotalResponse, ProductPriceBase } from './price.dto';
import { PricingService, type PricedLine } from './pricing.service';
import { parseQuantity } from './quantity';

const num = (v: string | null): number | null => (v === null ? null : Number(v));

const vatOf = (l: PricedLine) => ({
  vatCodeId: l.vatCodeId,
  code: l.vatCode,
  rate: Number(l.vatRate),
  pricesIncludeVat: l.pricesIncludeVat,
  customerPriceVatAmount: num(l.unitVatAmount),
  customerPriceInclVat:
    l.unitPrice === null ? null : Number(exact(l.unitPrice).plus(l.unitVatAmount!).toFixed(2)),
});

const totalOf = (l: PricedLine) => ({
  quantity: Number(l.quantity),
  totalExclVat: num(l.lineTotal),
  vatAmount: num(l.vatAmount),
  totalInclVat: num(l.lineTotalInclVat),
});

/** The account's shoppers see no prices (commerceSettings.priceVisibility Hidden): every price on request. */
const hidden = (account: PricingAccount | null) => account?.commerceSettings.priceVisibility === 'Hidden';

const withoutPrices = (p: ProductPriceBase): ProductPriceBase => ({
  ...p,
  salesPrice: null,
  suggestedRetailPrice: null,
  customerPrice: null,
  shouldRequestPrice: true,
  vat: { ...p.vat, customerPriceVatAmount: null, customerPriceInclVat: null },
  total: { ...p.total, totalExclVat: null, vatAmount: null, totalInclVat: null },
});

const toCommercePrice = (l: PricedLine): ProductPriceBase => ({
  productId: l.productId,
  sku: l.sku,
  quantity: Number(l.quantity),
  salesPrice: num(l.salesPrice),
  suggestedRetailPrice: num(l.suggestedRetailPrice),
  customerPrice: num(l.unitPrice),
  shouldRequestPrice: l.shouldRequestPrice,
  messages: l.messages,
  vat: vatOf(l),
  total: totalOf(l),
});

const toCorePrice = (l: PricedLine, customerId: string | null): CoreProductPrice => ({
  ...toCommercePrice(l),
  purchasePrice: num(l.purchasePrice),
  listPrice: num(l.listPrice),
  discountPercentage: Number(l.discountPercentage),
  customerId,
});

const one = exact(1);
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The price operations of /core-api and /commerce-api: who the price is for, which products the
 * caller may see, and the answers' shapes. The engine itself is PricingService; every operation
 * reads its account, VAT codes and products in one statement (`PricingService.inputs`).
 */
@Injectable()
export class PriceOperationsService {
  constructor(private readonly pricing: PricingService) {}

  /** The inputs of a core price: the account `customerId` (400 naming it when unknown) and the products. */
  private async coreInputs(
    ctx: RequestContext,
    customerId: string | undefined,
    ids: string[],
  ): Promise<PriceInputs> {
    const inputs = await this.pricing.inputs(ctx, {
      account: customerId ? { accountId: customerId } : null,
      ids,
    });
    if (customerId && !inputs.account)
      throw badRequest({ customerId: [`Account ${customerId} does not exist in this workspace.`] });
    return inputs;
  }

  async corePrice(
    ctx: RequestContext,
    id: string,
    quantity?: string,
    customerId?: string,
  ): Promise<CoreProductPrice> {
    const inputs = await this.coreInputs(ctx, customerId, [id.toLowerCase()]);
    if (!inputs.products.length) throw notFound('Product', id);
    const [line] = await this.pricing.price(ctx, inputs, [
      { product: inputs.products[0], quantity: parseQuantity(quantity ?? '1')! },
    ]);
    return toCorePrice(line, inputs.account?.id ?? null);
  }

  async corePrices(
    ctx: RequestContext,
    ids: string[],
    quantity?: string,
    customerId?: string,
  ): Promise<CoreProductPrice[]> {
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const inputs = await this.coreInputs(ctx, customerId, unique);
    const byId = new Map(inputs.products.map((p) => [p.id, p]));
    const missing = unique.filter((id) => !byId.has(id));
    if (missing.length)
      throw badRequest({ ids: [`Product ${missing.join(', ')} does not exist in this workspace.`] });
    const q = parseQuantity(quantity ?? '1')!;
    const lines = await this.pricing.price(
      ctx,
      inputs,
      unique.map((id) => ({ product: byId.get(id)!, quantity: q })),
    );
    return lines.map((l) => toCorePrice(l, inputs.account?.id ?? null));
  }

  /** `items` are `<productId>:<quantity>` (validated by the DTO). */
  async coreTotal(ctx: RequestContext, items: string[], customerId?: string): Promise<PriceTotalResponse> {
    const parsed = items.map((item) => {
      const at = item.lastIndexOf(':');
      return { productId: item.slice(0, at).toLowerCase(), quantity: parseQuantity(item.slice(at + 1)) };
    });
    const zeroAt = parsed.findIndex((p) => !p.quantity);
    if (zeroAt >= 0)
      throw badRequest({
        [`items[${zeroAt}]`]: ['the quantity must be greater than 0 with at most 4 decimals'],
      });
    const inputs = await this.coreInputs(ctx, customerId, [...new Set(parsed.map((p) => p.productId))]);
    const byId = new Map(inputs.products.map((p) => [p.id, p]));
    const errors: Record<string, string[]> = {};
    parsed.forEach((p, i) => {
      if (!byId.has(p.productId))
        errors[`items[${i}]`] = [`Product ${p.productId} does not exist in this workspace.`];
    });
    if (Object.keys(errors).length) throw badRequest(errors);
    const lines = await this.pricing.price(
      ctx,
      inputs,
      parsed.map((p) => ({ product: byId.get(p.productId)!, quantity: p.quantity! })),
    );
    const customer = inputs.account?.id ?? null;
    const onRequest = lines.some((l) => l.shouldRequestPrice);
    const sum = (pick: (l: PricedLine) => string | null) =>
      onRequest ? null : money(lines.reduce((s, l) => s.plus(pick(l)!), zero)).toNumber();
    return {
      items: lines.map((l) => toCorePrice(l, customer)),
      totalExclVat: sum((l) => l.lineTotal),
      vatAmount: sum((l) => l.vatAmount),
      totalInclVat: sum((l) => l.lineTotalInclVat),
      shouldRequestPrice: onRequest,
      customerId: customer,
    };
  }

  /** The inputs of a storefront price: the caller's account and the products, with their catalog membership. */
  private async commerceInputs(
    ctx: RequestContext,
    who: PriceAccountKey,
    customerId: string | undefined,
    ids: string[],
    skus?: string[],
  ): Promise<PriceInputs> {
    const inputs = await this.pricing.inputs(ctx, {
      account: who,
      ids,
      skus,
      accountCatalog: true,
    });
    if (customerId && !inputs.account)
      throw badRequest({ customerId: [`Account ${customerId} does not exist in this workspace.`] });
    return inputs;
  }

  /** Whether the storefront may offer the product to this account: active, and in its catalog if it has one. */
  private offered = (p: ProductPricingInput) => p.active && p.inCatalog;

  /**
   * A storefront price for `who` (the storefront decides: a shopper's account, the account a user
   * names as `customerId`, or none).
   */
  async commercePrice(
    ctx: RequestContext,
    who: PriceAccountKey,
    id: string,
    quantity?: string,
    customerId?: string,
  ): Promise<ProductPriceBase> {
    const inputs = await this.commerceInputs(ctx, who, customerId, [id.toLowerCase()]);
    const [product] = inputs.products;
    if (!product || !this.offered(product)) throw notFound('Product', id);
    const [line] = await this.pricing.price(ctx, inputs, [
      { product, quantity: parseQuantity(quantity ?? '1')! },
    ]);
    return hidden(inputs.account) ? withoutPrices(toCommercePrice(line)) : toCommercePrice(line);
  }

  /**
   * The price of one unit of each of these products (their inputs read by the caller, already
   * limited to what `who` is offered), in order.
   */
  async commerceUnitPrices(
    ctx: RequestContext,
    who: PriceAccountKey,
    products: ProductPricingInput[],
  ): Promise<ProductPriceBase[]> {
    const inputs = await this.pricing.inputs(ctx, { account: who, ids: [], products });
    const priced = await this.pricing.price(
      ctx,
      inputs,
      products.map((product) => ({ product, quantity: one })),
    );
    const hide = hidden(inputs.account);
    return priced.map((line) => (hide ? withoutPrices(toCommercePrice(line)) : toCommercePrice(line)));
  }

  /**
   * Per item, in order: its price, or null when its product is not offered to `who` (unknown,
   * inactive, outside the catalog); the storefront answers that item alone with a 404.
   */
  async commercePrices(
    ctx: RequestContext,
    who: PriceAccountKey,
    items: Array<{ identifier: string; quantity?: number }>,
    customerId?: string,
  ): Promise<Array<ProductPriceBase | null>> {
    const identifiers = items.map((i) => i.identifier);
    const ids = [...new Set(identifiers.filter((i) => uuid.test(i)).map((i) => i.toLowerCase()))];
    const inputs = await this.commerceInputs(ctx, who, customerId, ids, [...new Set(identifiers)]);
    const { account, products } = inputs;
    const byId = new Map(products.map((p) => [p.id, p]));
    const bySku = new Map(products.flatMap((p) => (p.sku === null ? [] : [[p.sku, p] as const])));
    const resolved = items.map((item) => {
      const product =
        (uuid.test(item.identifier) ? byId.get(item.identifier.toLowerCase()) : undefined) ??
        bySku.get(item.identifier);
      return { item, product: product && this.offered(product) ? product : undefined };
    });
    const priced = await this.pricing.price(
      ctx,
      inputs,
      resolved.flatMap((r) =>
        r.product ? [{ product: r.product, quantity: parseQuantity(r.item.quantity ?? 1) ?? one }] : [],
      ),
    );
    const hide = hidden(account);
    let next = 0;
    return resolved.map(({ product }) => {
      if (!product) return null;
      const price = toCommercePrice(priced[next++]);
      return hide ? withoutPrices(price) : price;
    });
  }
}
