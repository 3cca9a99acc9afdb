import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import {
  CreateStockRequest,
  StockAdjustmentRequest,
  StockListQuery,
  StockPage,
  StockResponse,
  UpdateStockRequest,
} from './stock.dto';
import { StocksService } from './stocks.service';
import { StockEntity } from './stock.entity';
import { ExistingMember } from '../../platform/http/existing-member';

@ApiTags('Stocks')
@ApiBearerAuth()
@Controller('core-api/inventory/stocks')
export class StocksCoreController {
  constructor(private readonly stocks: StocksService) {}

  @Get()
  @ApiOperation({
    operationId: 'listStocks',
    summary: 'List stocks',
    description: 'Quantities per product and location, paged; filters product_ids and location_ids.',
  })
  @ApiOkResponse({ description: 'A page of stocks: `data` and `total`', type: StockPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: StockListQuery): Promise<Page<StockResponse>> {
    return this.stocks.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createStock',
    summary: 'Create a stock',
    description:
      'The quantity of a product at a stock location; one per product and location (a second is a 409).',
  })
  @ApiOkResponse({ description: 'The created stock', type: StockResponse })
  @ApiProblems(400, 401, 403, 409)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateStockRequest): Promise<StockResponse> {
    return this.stocks.create(ctx, body);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getStock',
    summary: 'Get a stock',
    description: 'One stock of the workspace.',
  })
  @ApiOkResponse({ description: 'The stock', type: StockResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<StockResponse> {
    return this.stocks.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(StockEntity, 'Stock')
  @ApiOperation({
    operationId: 'updateStock',
    summary: 'Set a stock quantity',
    description: 'Set the quantity on hand (one UPDATE statement; records StockQuantityUpdated).',
  })
  @ApiOkResponse({ description: 'The stock as stored', type: StockResponse })
  @ApiProblems(400, 401, 403, 404, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateStockRequest,
  ): Promise<StockResponse> {
    assertSameId(id, body.id);
    return this.stocks.update(ctx, id, body);
  }

  @Post(':id/adjustments')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'adjustStock',
    summary: 'Change a stock quantity by an amount',
    description:
      'Add `change` (negative to take away) to the quantity atomically in the database, so concurrent changes all count; 409 when the result would be below zero.',
  })
  @ApiOkResponse({ description: 'The stock after the change', type: StockResponse })
  @ApiProblems(400, 401, 403, 404, 409)
  adjust(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: StockAdjustmentRequest,
  ): Promise<StockResponse> {
    return this.stocks.adjust(ctx, id, body);
  }

  @Delete(':id')
  @ApiOperation({ operationId: 'deleteStock', summary: 'Delete a stock', description: 'Delete a stock row.' })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.stocks.remove(ctx, id);
  }
}
