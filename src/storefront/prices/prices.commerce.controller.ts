import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx, ReadOperation } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { ArrayBody } from '../../platform/http/array-body';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { maxPriceItems } from '../../pricing/pricing.api';
import {
  CommercePriceQuery,
  CommercePricesQuery,
  CommercePriceRequestItem,
  CommerceProductPrice,
  CommerceProductPriceResult,
} from './commerce-price.dto';
import { StorefrontPricesService } from './storefront-prices.service';

/**
 * Storefront prices: for a client login, its account's prices (and only its catalog's active
 * products); for a user, list prices or the account named by `customerId`.
 */
@ApiTags('Commerce')
@ApiBearerAuth()
@Controller('commerce-api/catalog/products')
export class PricesCommerceController {
  constructor(private readonly prices: StorefrontPricesService) {}

  @Get('price/:id')
  @ApiOperation({
    operationId: 'getCommerceProductPrice',
    summary: 'Get the price of a product for the caller',
    description:
      'The customer price at `quantity` (default 1) for the caller’s account, with the atomic scripts’ messages. 404 for a product that is unknown, inactive or outside the caller’s catalog.',
  })
  @ApiOkResponse({ description: 'The product’s price', type: CommerceProductPrice })
  @ApiProblems(400, 401, 403, 404, 503)
  get(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Query() q: CommercePriceQuery,
  ): Promise<CommerceProductPrice> {
    return this.prices.price(ctx, id, q.quantity, q.customerId);
  }

  @Post('prices')
  @HttpCode(200)
  @ReadOperation()
  @ApiOperation({
    operationId: 'getCommerceProductPrices',
    summary: 'Get the prices of several products for the caller',
    description: `Body: an array (at most ${maxPriceItems}) of \`{ identifier, quantity }\`, identifier a product id or sku. One answer per item in order; an item that cannot be priced (unknown, inactive, outside the caller’s catalog) carries \`error\` (404) and the others are priced. More than ${maxPriceItems} items is a 400.`,
  })
  @ApiOkResponse({ description: 'One result per item, in order', type: [CommerceProductPriceResult] })
  @ApiProblems(400, 401, 403, 503)
  list(
    @Ctx() ctx: RequestContext,
    @ArrayBody(CommercePriceRequestItem, maxPriceItems, 'The products and quantities to price')
    items: CommercePriceRequestItem[],
    @Query() q: CommercePricesQuery,
  ): Promise<CommerceProductPriceResult[]> {
    return this.prices.prices(ctx, items, q.customerId);
  }
}
