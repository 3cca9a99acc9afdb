import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import { ApiProblems } from '../../platform/http/openapi';
import { Page, PageOf } from '../../platform/http/list-query';
import { appCatalogue } from './app-catalogue';
import { UsersService } from '../users/users.service';

export class AppResponse {
  @ApiProperty() name: string;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty({
    description:
      'Whether the calling user may open it (the `apps` of their membership in this workspace; Admins and Owners may open all)',
  })
  allowed: boolean;
}
export class AppPage extends PageOf(AppResponse) {}

@ApiTags('Apps')
@ApiBearerAuth()
@Controller('core-api/apps')
export class AppsCoreController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({
    operationId: 'listApps',
    summary: 'List apps',
    description: 'The app catalogue, marked with what the calling user may open.',
  })
  @ApiOkResponse({ description: 'A page of apps: `data` and `total`', type: AppPage })
  @ApiProblems(401, 403)
  async list(@Ctx() ctx: RequestContext): Promise<Page<AppResponse>> {
    const mine = new Set(await this.users.appsOf(ctx));
    const data = appCatalogue.map((a) => ({ ...a, allowed: ctx.isAdmin() || mine.has(a.name) }));
    return { data, total: data.length };
  }
}
