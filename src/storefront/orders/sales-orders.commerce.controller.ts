import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { badRequest } from '../../platform/http/problem';
import { CommerceSalesOrdersService } from './commerce-sales-orders.service';
import {
  CommerceSalesOrderListQuery,
  CommerceSalesOrderPage,
  CommerceSalesOrderResponse,
  CreateCommerceSalesOrderRequest,
  CreatedSalesOrderResponse,
} from './sales-order-commerce.dto';

@ApiTags('Commerce sales orders')
@ApiBearerAuth()
@Controller('commerce-api/salesorders')
export class SalesOrdersCommerceController {
  constructor(private readonly orders: CommerceSalesOrdersService) {}

  @Get()
  @ApiOperation({
    operationId: 'listCommerceSalesOrders',
    summary: 'List my sales orders',
    description:
      'The caller’s orders (a client login sees only the orders it placed), take 100 / skip 0 / ascending by default; `q` matches the start of the order number or external reference.',
  })
  @ApiOkResponse({ description: 'A page of orders: `data` and `total`', type: CommerceSalesOrderPage })
  @ApiProblems(400, 401, 403)
  list(
    @Ctx() ctx: RequestContext,
    @Query() q: CommerceSalesOrderListQuery,
  ): Promise<Page<CommerceSalesOrderResponse>> {
    return this.orders.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createCommerceSalesOrder',
    summary: 'Place a sales order',
    description:
      'Place an order of products and quantities, priced by the pricing engine for the caller’s account (prices sent by the client are never read). Answers the id and the order number. Send an `Idempotency-Key` to retry safely: a retry gets the first answer and creates nothing.\n\n' +
      'A client login orders for its customer: a client login without a linked contact, or whose contact has no account, gets a 409 and nothing is written. Only `channel` is required. An order without `lines` (omitted or `[]`) is a **request for a quotation**: it is stored as a `Draft` with the next order number, `lines: []` and totals 0, takes no stock, records `SalesOrderCreated` (and its webhook deliveries) like any order, and the shopper sees it in its orders. Staff then price it: `POST /core-api/salesorders/{id}/lines` adds lines at the engine’s prices for the debtor (or a quoted `unitPrice`), and `PUT /core-api/salesorders/{id}` with `orderingStatus: Completed` confirms it (taking the lines from stock) or `Canceled` declines it.',
  })
  @ApiOkResponse({ description: 'The new order’s id and number', type: CreatedSalesOrderResponse })
  @ApiProblems(400, 401, 403, 409, 503)
  create(
    @Ctx() ctx: RequestContext,
    @Body() body: CreateCommerceSalesOrderRequest,
  ): Promise<CreatedSalesOrderResponse> {
    return this.orders.create(ctx, body);
  }

  @Get('order-number/:orderNumber')
  @ApiOperation({
    operationId: 'getCommerceSalesOrderByOrderNumber',
    summary: 'Get a sales order by its number',
    description: 'One of the caller’s orders by its order number (another’s is a 404).',
  })
  @ApiParam({ name: 'orderNumber', type: 'string', example: 'SO-000001' })
  @ApiOkResponse({ description: 'The order', type: CommerceSalesOrderResponse })
  @ApiProblems(400, 401, 403, 404)
  getByOrderNumber(
    @Ctx() ctx: RequestContext,
    @Param('orderNumber') orderNumber: string,
  ): Promise<CommerceSalesOrderResponse> {
    if (orderNumber.length > 64) throw badRequest({ orderNumber: ['must be at most 64 characters'] });
    return this.orders.getByOrderNumber(ctx, orderNumber);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getCommerceSalesOrder',
    summary: 'Get a sales order',
    description: 'One of the caller’s orders (another’s is a 404).',
  })
  @ApiOkResponse({ description: 'The order', type: CommerceSalesOrderResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<CommerceSalesOrderResponse> {
    return this.orders.get(ctx, id);
  }
}
