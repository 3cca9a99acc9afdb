import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx, Roles } from '../../platform/auth/decorators';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { AvailableCurrency } from './currency-catalogue';
import {
  AvailableCurrencyPage,
  CreateCurrencyRequest,
  CurrencyListQuery,
  CurrencyPage,
  CurrencyResponse,
  UpdateCurrencyRequest,
} from './currency.dto';
import { CurrenciesService } from './currencies.service';
import { CurrencyEntity } from './currency.entity';
import { ExistingMember } from '../../platform/http/existing-member';

@ApiTags('Currencies')
@ApiBearerAuth()
@Controller('core-api/internationalization/currencies')
export class CurrenciesCoreController {
  constructor(private readonly currencies: CurrenciesService) {}

  @Get('available')
  @ApiOperation({
    operationId: 'listAvailableCurrencies',
    summary: 'List available currencies',
    description: 'Every ISO 4217 currency a workspace can add, with its name, minor-unit digits and symbol.',
  })
  @ApiOkResponse({ description: 'A page of currencies: `data` and `total`', type: AvailableCurrencyPage })
  @ApiProblems(401, 403)
  available(): Page<AvailableCurrency> {
    return this.currencies.available();
  }

  @Get()
  @ApiOperation({
    operationId: 'listCurrencies',
    summary: 'List the workspace currencies',
    description:
      'The currencies the workspace supports, with their exchange rates to the default (base) currency. ' +
      '`Query` searches the code.',
  })
  @ApiOkResponse({ description: 'A page of currencies: `data` and `total`', type: CurrencyPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: CurrencyListQuery): Promise<Page<CurrencyResponse>> {
    return this.currencies.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @Roles('Admin')
  @ApiOperation({
    operationId: 'createCurrency',
    summary: 'Add a currency',
    description:
      'Add an ISO 4217 currency to the workspace (once per code: 409) with its exchange rate to the default ' +
      'currency. A second default is a 409: switch the default with PUT.',
  })
  @ApiOkResponse({ description: 'The added currency', type: CurrencyResponse })
  @ApiProblems(400, 401, 403, 409)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateCurrencyRequest): Promise<CurrencyResponse> {
    return this.currencies.create(ctx, body);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getCurrency',
    summary: 'Get a workspace currency',
    description: 'One currency of the workspace.',
  })
  @ApiOkResponse({ description: 'The currency', type: CurrencyResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<CurrencyResponse> {
    return this.currencies.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(CurrencyEntity, 'Currency')
  @Roles('Admin')
  @ApiOperation({
    operationId: 'updateCurrency',
    summary: 'Update a workspace currency',
    description:
      'Replace the symbol, exchange rate and default flag (the code stays). `isDefault: true` moves the default ' +
      'here (its rate must be 1); the default cannot be unset (409).',
  })
  @ApiOkResponse({ description: 'The currency as stored', type: CurrencyResponse })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateCurrencyRequest,
  ): Promise<CurrencyResponse> {
    assertSameId(id, body.id);
    return this.currencies.update(ctx, id, body);
  }
}
