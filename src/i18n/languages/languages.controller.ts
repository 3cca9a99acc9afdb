import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx, Roles } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems } from '../../platform/http/openapi';
import type { Language } from './language-catalogue';
import { LanguageCodeRequest, LanguagePage } from './language.dto';
import { LanguagesService } from './languages.service';

@ApiTags('Languages')
@ApiBearerAuth()
@Controller('core-api/internationalization/languages')
export class LanguagesController {
  constructor(private readonly languages: LanguagesService) {}

  @Get('available')
  @ApiOperation({ summary: 'Languages a workspace can add' })
  @ApiOkResponse({ type: LanguagePage })
  @ApiProblems(401, 403)
  available(): Page<Language> {
    return this.languages.available();
  }

  @Get('supported')
  @ApiOperation({ summary: 'Languages the workspace supports' })
  @ApiOkResponse({ type: LanguagePage })
  @ApiProblems(401, 403)
  supported(@Ctx() ctx: RequestContext): Promise<Page<Language>> {
    return this.languages.supported(ctx);
  }

  @Post('supported')
  @HttpCode(200)
  @Roles('Admin')
  @ApiOperation({ summary: 'Add a supported language' })
  @ApiOkResponse({ description: 'Added (empty body)' })
  @ApiProblems(400, 401, 403, 409)
  async add(@Ctx() ctx: RequestContext, @Body() body: LanguageCodeRequest): Promise<void> {
    await this.languages.add(ctx, body.languageCode);
  }

  @Delete('supported')
  @Roles('Admin')
  @ApiOperation({ summary: 'Remove a supported language' })
  @ApiBody({ type: LanguageCodeRequest })
  @ApiOkResponse({ description: 'Removed (empty body)' })
  @ApiProblems(400, 401, 403, 404)
  async remove(@Ctx() ctx: RequestContext, @Body() body: LanguageCodeRequest): Promise<void> {
    await this.languages.remove(ctx, body.languageCode);
  }
}
