import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems } from '../../platform/http/openapi';
import { MasterdataTag, MasterdataTagListQuery, MasterdataTagPage } from './tag.dto';
import { MasterdataTagsService } from './masterdata-tags.service';

@ApiTags('Masterdata')
@ApiBearerAuth()
@Controller('core-api/masterdata/tags')
export class MasterdataTagsController {
  constructor(private readonly tags: MasterdataTagsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listTags',
    summary: 'List tags in use',
    description:
      'Every tag in use (products, accounts, contacts, deals, sales orders, …) with counts per tag and per entity type. `Query` matches the start of a tag (case-insensitive). SortBy Tag (default) or Count.',
  })
  @ApiOkResponse({
    description: 'A page of tags with their counts: `data` and `total`',
    type: MasterdataTagPage,
  })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: MasterdataTagListQuery): Promise<Page<MasterdataTag>> {
    return this.tags.list(ctx, q);
  }
}
