import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import {
  CorePriceQuery,
  CorePricesQuery,
  CorePriceTotalQuery,
  CoreProductPrice,
  maxPriceQueryItems,
  PriceTotalResponse,
} from './price.dto';
import { PriceOperationsService } from './price-operations.service';

/**
 * Prices of products for a customer (core). Static paths (`prices`, `prices/total`) and the
 * two-segment `price/{id}` never reach the catalog's `products/{id}` route: the router prefers a
 * static segment over a parameter, whatever the registration order.
 */
@ApiTags('Products')
@ApiBearerAuth()
@Controller('core-api/catalog/products')
export class PricesCoreController {
  constructor(private readonly prices: PriceOperationsService) {}

  @Get('prices/total')
  @ApiOperation({
    operationId: 'getProductsTotalPrice',
    summary: 'Get the total price of several products',
    description: `Prices \`items\` (\`<productId>:<quantity>\`, at most ${maxPriceQueryItems}) for \`customerId\` and adds them up (excl. VAT, VAT, incl. VAT). An unknown product is a 400 naming \`items[i]\`.`,
  })
  @ApiOkResponse({ description: 'Each item priced and the totals', type: PriceTotalResponse })
  @ApiProblems(400, 401, 403, 503)
  total(@Ctx() ctx: RequestContext, @Query() q: CorePriceTotalQuery): Promise<PriceTotalResponse> {
    return this.prices.coreTotal(ctx, q.items, q.customerId);
  }

  @Get('prices')
  @ApiOperation({
    operationId: 'getProductPrices',
    summary: 'Get the prices of several products',
    description: `The prices of \`ids\` (at most ${maxPriceQueryItems}) at one \`quantity\` (default 1) for \`customerId\` (an account; none: list prices). An unknown product is a 400 naming \`ids\`.`,
  })
  @ApiOkResponse({ description: 'One price per distinct id, in the order given', type: [CoreProductPrice] })
  @ApiProblems(400, 401, 403, 503)
  list(@Ctx() ctx: RequestContext, @Query() q: CorePricesQuery): Promise<CoreProductPrice[]> {
    return this.prices.corePrices(ctx, q.ids, q.quantity, q.customerId);
  }

  @Get('price/:id')
  @ApiOperation({
    operationId: 'getProductPrice',
    summary: 'Get the price of a product',
    description:
      'The price of one product at `quantity` (default 1) for `customerId` (an account): sales price → quantity tier → account discount → atomic scripts, with VAT. Inactive products are priced too (core).',
  })
  @ApiOkResponse({ description: 'The product’s price', type: CoreProductPrice })
  @ApiProblems(400, 401, 403, 404, 503)
  get(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Query() q: CorePriceQuery,
  ): Promise<CoreProductPrice> {
    return this.prices.corePrice(ctx, id, q.quantity, q.customerId);
  }
}
