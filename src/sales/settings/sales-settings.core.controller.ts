import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx, Roles } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { ApiProblems } from '../../platform/http/openapi';
import { SalesSettingsResponse, UpdateSalesSettingsRequest } from './sales-settings.dto';
import { SalesSettingsService } from './sales-settings.service';

@ApiTags('Sales orders')
@ApiBearerAuth()
@Controller('core-api/salesorders/settings')
export class SalesSettingsCoreController {
  constructor(private readonly settings: SalesSettingsService) {}

  @Get()
  @ApiOperation({
    operationId: 'getSalesSettings',
    summary: 'Get the sales settings',
    description:
      'Order-number prefix and padding, the next number, backorders and the default stock location.',
  })
  @ApiOkResponse({ description: 'The workspace’s sales settings', type: SalesSettingsResponse })
  @ApiProblems(401, 403)
  get(@Ctx() ctx: RequestContext): Promise<SalesSettingsResponse> {
    return this.settings.get(ctx);
  }

  @Put()
  @Roles('Admin')
  @ApiOperation({
    operationId: 'updateSalesSettings',
    summary: 'Update the sales settings',
    description:
      'Replace the sales settings (Admin). A new prefix or padding applies to the next order number; the counter itself never goes back.',
  })
  @ApiOkResponse({ description: 'The settings as stored', type: SalesSettingsResponse })
  @ApiProblems(400, 401, 403, 412)
  update(
    @Ctx() ctx: RequestContext,
    @Body() body: UpdateSalesSettingsRequest,
  ): Promise<SalesSettingsResponse> {
    return this.settings.update(ctx, body);
  }
}
