import { Injectable } from '@nestjs/common';
import { ProductsService } from '../../catalog/products/products.service';
import type { ProductPricingInput } from '../../catalog/products/product-pricing-inputs';
import { AccountsService } from '../../crm/accounts/accounts.service';
import type { PricingAccount } from '../../crm/accounts/account-pricing';
import { badRequest, notFound } from '../../platform/http/problem';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { Exact, exact, money } from './money';
import type {
  CommercePriceRequestItem,
  CommerceProductPrice,
  CommerceProductPriceResult,
  CoreProductPrice,
  PriceTotalResponse,
} from './price.dto';
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

const withoutPrices = (p: CommerceProductPrice): CommerceProductPrice => ({
  ...p,
  salesPrice: null,
  suggestedRetailPrice: null,
  customerPrice: null,
  shouldRequestPrice: true,
  vat: { ...p.vat, customerPriceVatAmount: null, customerPriceInclVat: null },
  total: { ...p.total, totalExclVat: null, vatAmount: null, totalInclVat: null },
});

const toCommercePrice = (l: PricedLine): CommerceProductPrice => ({
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

const one = new Exact(1);

/**
 * The price operations of /core-api and /commerce-api: who the price is for, which products the
 * caller may see, and the answers' shapes. The engine itself is PricingService.
 */
@Injectable()
export class PriceOperationsService {
  constructor(
    private readonly pricing: PricingService,
    private readonly products: ProductsService,
    private readonly accounts: AccountsService,
  ) {}

  /** The account a core price is for (`customerId`, 400 naming it when unknown). */
  private async coreAccount(
    ctx: RequestContext,
    customerId: string | undefined,
  ): Promise<PricingAccount | null> {
    if (!customerId) return null;
    const account = await this.accounts.pricingAccount(ctx, { accountId: customerId });
    if (!account)
      throw badRequest({ customerId: [`Account ${customerId} does not exist in this workspace.`] });
    return account;
  }

  async corePrice(
    ctx: RequestContext,
    id: string,
    quantity?: string,
    customerId?: string,
  ): Promise<CoreProductPrice> {
    const [account, products] = await Promise.all([
      this.coreAccount(ctx, customerId),
      this.products.pricingInputs(ctx, { ids: [id] }),
    ]);
    if (!products.length) throw notFound('Product', id);
    const [line] = await this.pricing.price(ctx, account, [
      { product: products[0], quantity: parseQuantity(quantity ?? '1')! },
    ]);
    return toCorePrice(line, account?.id ?? null);
  }

  async corePrices(
    ctx: RequestContext,
    ids: string[],
    quantity?: string,
    customerId?: string,
  ): Promise<CoreProductPrice[]> {
    const unique = [...new Set(ids)];
    const [account, products] = await Promise.all([
      this.coreAccount(ctx, customerId),
      this.products.pricingInputs(ctx, { ids: unique }),
    ]);
    const byId = new Map(products.map((p) => [p.id, p]));
    const missing = unique.filter((id) => !byId.has(id));
    if (missing.length)
      throw badRequest({ ids: [`Product ${missing.join(', ')} does not exist in this workspace.`] });
    const q = parseQuantity(quantity ?? '1')!;
    const lines = await this.pricing.price(
      ctx,
      account,
      unique.map((id) => ({ product: byId.get(id)!, quantity: q })),
    );
    return lines.map((l) => toCorePrice(l, account?.id ?? null));
  }

  /** `items` are `<productId>:<quantity>` (validated by the DTO). */
  async coreTotal(ctx: RequestContext, items: string[], customerId?: string): Promise<PriceTotalResponse> {
    const parsed = items.map((item) => {
      const at = item.lastIndexOf(':');
      return { productId: item.slice(0, at).toLowerCase(), quantity: parseQuantity(item.slice(at + 1)) };
    });
    const zero = parsed.findIndex((p) => !p.quantity);
    if (zero >= 0)
      throw badRequest({
        [`items[${zero}]`]: ['the quantity must be greater than 0 with at most 4 decimals'],
      });
    const [account, products] = await Promise.all([
      this.coreAccount(ctx, customerId),
      this.products.pricingInputs(ctx, { ids: parsed.map((p) => p.productId) }),
    ]);
    const byId = new Map(products.map((p) => [p.id, p]));
    const errors: Record<string, string[]> = {};
    parsed.forEach((p, i) => {
      if (!byId.has(p.productId))
        errors[`items[${i}]`] = [`Product ${p.productId} does not exist in this workspace.`];
    });
    if (Object.keys(errors).length) throw badRequest(errors);
    const lines = await this.pricing.price(
      ctx,
      account,
      parsed.map((p) => ({ product: byId.get(p.productId)!, quantity: p.quantity! })),
    );
    const onRequest = lines.some((l) => l.shouldRequestPrice);
    const sum = (pick: (l: PricedLine) => string | null) =>
      onRequest ? null : Number(money(lines.reduce((s, l) => s.plus(pick(l)!), new Exact(0))).toFixed(2));
    return {
      items: lines.map((l) => toCorePrice(l, account?.id ?? null)),
      totalExclVat: sum((l) => l.lineTotal),
      vatAmount: sum((l) => l.vatAmount),
      totalInclVat: sum((l) => l.lineTotalInclVat),
      shouldRequestPrice: onRequest,
      customerId: account?.id ?? null,
    };
  }

  /**
   * Who a storefront price is for: a client login → its contact's primary account (none: list
   * prices); a user → the `customerId` it names, else none. A client may not name another account.
   */
  private async commerceAccount(
    ctx: RequestContext,
    customerId: string | undefined,
  ): Promise<PricingAccount | null> {
    if (ctx.userType === 'Client') {
      if (customerId) throw badRequest({ customerId: ['a client login is priced for its own account'] });
      return this.accounts.pricingAccount(ctx, { clientLoginId: ctx.actor.id! });
    }
    return this.coreAccount(ctx, customerId);
  }

  /** Whether the storefront may offer the product to this account: active, and in its catalog if it has one. */
  private offered = (p: ProductPricingInput) => p.active && p.inCatalog;

  async commercePrice(
    ctx: RequestContext,
    id: string,
    quantity?: string,
    customerId?: string,
  ): Promise<CommerceProductPrice> {
    const account = await this.commerceAccount(ctx, customerId);
    const [product] = await this.products.pricingInputs(ctx, {
      ids: [id],
      catalogId: account?.productCatalogId,
    });
    if (!product || !this.offered(product)) throw notFound('Product', id);
    const [line] = await this.pricing.price(ctx, account, [
      { product, quantity: parseQuantity(quantity ?? '1')! },
    ]);
    return hidden(account) ? withoutPrices(toCommercePrice(line)) : toCommercePrice(line);
  }

  /** Per item: a price, or a 404 error for that item alone (unknown, inactive, outside the catalog). */
  async commercePrices(
    ctx: RequestContext,
    items: CommercePriceRequestItem[],
    customerId?: string,
  ): Promise<CommerceProductPriceResult[]> {
    const account = await this.commerceAccount(ctx, customerId);
    const identifiers = items.map((i) => i.identifier);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const products = await this.products.pricingInputs(ctx, {
      ids: identifiers.filter((i) => uuid.test(i)).map((i) => i.toLowerCase()),
      skus: identifiers,
      catalogId: account?.productCatalogId,
    });
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
      account,
      resolved.flatMap((r) =>
        r.product ? [{ product: r.product, quantity: parseQuantity(r.item.quantity ?? 1) ?? one }] : [],
      ),
    );
    let next = 0;
    return resolved.map(({ item, product }) => {
      if (!product)
        return {
          identifier: item.identifier,
          productId: null,
          sku: null,
          quantity: Number(item.quantity ?? 1),
          salesPrice: null,
          suggestedRetailPrice: null,
          customerPrice: null,
          shouldRequestPrice: false,
          messages: [],
          vat: null,
          total: null,
          error: { status: 404, detail: 'No active product with this id or sku is offered to the caller.' },
        };
      const price = toCommercePrice(priced[next++]);
      return {
        identifier: item.identifier,
        ...(hidden(account) ? withoutPrices(price) : price),
        error: null,
      };
    });
  }
}
