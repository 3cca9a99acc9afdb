import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import { DailySalesOrderStats, DayRangeQuery } from '../statistics/sales-order-statistics.dto';
import { SalesOrderStatisticsService } from '../statistics/sales-order-statistics.service';
import { CreateSalesOrderLineRequest } from './sales-order-line.dto';
import {
  CreateSalesOrderRequest,
  SalesOrderListQuery,
  SalesOrderPage,
  SalesOrderResponse,
  UpdateSalesOrderRequest,
} from './sales-order.dto';
import { SalesOrdersService } from './sales-orders.service';
import { SalesOrderReadsService } from './sales-order-reads.service';
import { SalesOrderLineChangesService } from './sales-order-line-changes.service';
import { SalesOrderEntity } from './sales-order.entity';
import { ExistingMember } from '../../platform/http/existing-member';

@ApiTags('Sales orders')
@ApiBearerAuth()
@Controller('core-api/salesorders')
export class SalesOrdersCoreController {
  constructor(
    private readonly orders: SalesOrdersService,
    private readonly reads: SalesOrderReadsService,
    private readonly lineChanges: SalesOrderLineChangesService,
    private readonly statistics: SalesOrderStatisticsService,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listSalesOrders',
    summary: 'List sales orders',
    description:
      'Sales orders with their lines, paged; `Query` matches the start of the order number, external reference or channel.',
  })
  @ApiOkResponse({ description: 'A page of sales orders: `data` and `total`', type: SalesOrderPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: SalesOrderListQuery): Promise<Page<SalesOrderResponse>> {
    return this.reads.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createSalesOrder',
    summary: 'Create a sales order',
    description:
      'Create an order (optionally with lines, priced by the engine for the debtor unless unitPrice is given). It gets the next order number of the workspace; created Completed, it takes its lines from stock.',
  })
  @ApiOkResponse({ description: 'The created sales order', type: SalesOrderResponse })
  @ApiProblems(400, 401, 403, 409, 503)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateSalesOrderRequest): Promise<SalesOrderResponse> {
    return this.orders.create(ctx, body);
  }

  @Get('stats/daily')
  @ApiOperation({
    operationId: 'getDailySalesOrderStats',
    summary: 'Daily sales order figures',
    description: 'Orders placed and their revenue (excluding VAT) per day (UTC), Canceled orders left out.',
  })
  @ApiOkResponse({ description: 'One entry per day of the range', type: DailySalesOrderStats })
  @ApiProblems(400, 401, 403)
  daily(@Ctx() ctx: RequestContext, @Query() q: DayRangeQuery): Promise<DailySalesOrderStats> {
    return this.statistics.daily(ctx, q);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getSalesOrder',
    summary: 'Get a sales order',
    description: 'One order with its lines.',
  })
  @ApiOkResponse({ description: 'The sales order', type: SalesOrderResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<SalesOrderResponse> {
    return this.reads.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(SalesOrderEntity, 'Sales order')
  @ApiOperation({
    operationId: 'updateSalesOrder',
    summary: 'Update a sales order',
    description:
      'Replace the order’s header (lines change through /lines). orderingStatus follows Draft → Completed (takes stock), Draft → Canceled, Completed → Canceled (returns stock); another change is a 409.',
  })
  @ApiOkResponse({ description: 'The sales order as stored', type: SalesOrderResponse })
  @ApiProblems(400, 401, 403, 404, 409, 412, 503)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateSalesOrderRequest,
  ): Promise<SalesOrderResponse> {
    assertSameId(id, body.id);
    return this.orders.update(ctx, id, body);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'deleteSalesOrder',
    summary: 'Delete a sales order',
    description:
      'Delete a Draft or Canceled order with its lines; a Completed one is a 409 (cancel it first).',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.orders.remove(ctx, id);
  }

  @Post(':id/lines')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'addSalesOrderLine',
    summary: 'Add a line to a sales order',
    description:
      'Add a product line to a Draft order (409 otherwise): sku and name are copied, the unit price comes from the pricing engine for the debtor unless given; totals are recomputed.',
  })
  @ApiOkResponse({ description: 'The sales order with the new line', type: SalesOrderResponse })
  @ApiProblems(400, 401, 403, 404, 409, 412, 503)
  addLine(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: CreateSalesOrderLineRequest,
  ): Promise<SalesOrderResponse> {
    return this.lineChanges.addLine(ctx, id, body);
  }

  @Delete(':id/lines/:lineId')
  @ApiOperation({
    operationId: 'deleteSalesOrderLine',
    summary: 'Delete a line of a sales order',
    description: 'Remove a line from a Draft order (409 otherwise); totals are recomputed.',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  async removeLine(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @IdParam('lineId') lineId: string,
  ): Promise<void> {
    await this.lineChanges.removeLine(ctx, id, lineId);
  }
}
