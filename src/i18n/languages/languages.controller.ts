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
  @ApiOperation({
    operationId: 'listAvailableLanguages',
    summary: 'List available languages',
    description: 'Languages a workspace can add.',
  })
  @ApiOkResponse({ description: 'A page of languages: `data` and `total`', type: LanguagePage })
  @ApiProblems(401, 403)
  available(): Page<Language> {
    return this.languages.available();
  }

  @Get('supported')
  @ApiOperation({
    operationId: 'listSupportedLanguages',
    summary: 'List supported languages',
    description: 'Languages the workspace supports.',
  })
  @ApiOkResponse({ description: 'A page of languages: `data` and `total`', type: LanguagePage })
  @ApiProblems(401, 403)
  supported(@Ctx() ctx: RequestContext): Promise<Page<Language>> {
    return this.languages.supported(ctx);
  }

  @Post('supported')
  @HttpCode(200)
  @Roles('Admin')
  @ApiOperation({
    operationId: 'addSupportedLanguage',
    summary: 'Add a supported language',
    description: 'Add a supported language.',
  })
  @ApiOkResponse({ description: 'Added; the answer has no body' })
  @ApiProblems(400, 401, 403, 409)
  async add(@Ctx() ctx: RequestContext, @Body() body: LanguageCodeRequest): Promise<void> {
    await this.languages.add(ctx, body.languageCode);
  }

  @Delete('supported')
  @Roles('Admin')
  @ApiOperation({
    operationId: 'removeSupportedLanguage',
    summary: 'Remove a supported language',
    description: 'Remove a supported language. The workspace’s default language cannot be removed (409).',
  })
  @ApiBody({ type: LanguageCodeRequest })
  @ApiOkResponse({ description: 'Removed; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 409)
  async remove(@Ctx() ctx: RequestContext, @Body() body: LanguageCodeRequest): Promise<void> {
    await this.languages.remove(ctx, body.languageCode);
  }
}
