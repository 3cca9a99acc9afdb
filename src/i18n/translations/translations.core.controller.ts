import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { NotACreate } from '../../platform/http/idempotent.decorator';
import { ApiProblems } from '../../platform/http/openapi';
import { TranslateTextsRequest, TranslationsResponse } from './translation.dto';
import { TranslationsService } from './translations.service';

@ApiTags('AI translations')
@ApiBearerAuth()
@Controller('core-api/ai/translations')
export class TranslationsCoreController {
  constructor(private readonly translations: TranslationsService) {}

  @Post()
  @HttpCode(200)
  @NotACreate()
  @ApiOperation({
    operationId: 'translateTexts',
    summary: 'Translate texts',
    description:
      'Translate up to 100 texts from one language into another with the configured AI translation service ' +
      '(an OpenAI-compatible chat completions API). 503 when it is not configured (the answer says how), not ' +
      'reachable or refusing the credentials; 502 when its answer cannot be used.',
  })
  @ApiOkResponse({ description: 'The translations, in order', type: TranslationsResponse })
  @ApiProblems(400, 401, 403, 502, 503)
  async translate(@Body() body: TranslateTextsRequest): Promise<TranslationsResponse> {
    return {
      sourceLanguage: body.sourceLanguage,
      targetLanguage: body.targetLanguage,
      translations: await this.translations.translate(body.texts, body.sourceLanguage, body.targetLanguage),
    };
  }
}
