import {
  applyDecorators,
  createParamDecorator,
  Injectable,
  type ExecutionContext,
  type PipeTransform,
} from '@nestjs/common';
import { ApiOkResponse, ApiPropertyOptional, ApiQuery, type ApiResponseOptions } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import type { AnswerLanguage } from '../catalog/catalog.api';
import { LanguagesService, type WorkspaceLanguages } from '../i18n/i18n.api';
import type { AuthenticatedRequest } from '../platform/auth/decorators';
import { badRequest } from '../platform/http/problem';
import type { RequestContext } from '../platform/tenancy/request-context';

const languageDescription =
  'ISO 639-1 code of the content language (one the workspace supports, else 400). Without it the ' +
  'best supported language of `Accept-Language`, else the workspace’s default language.';

/** The `language` query parameter of a storefront GET read, in the document (`@InLanguage()` reads it). */
export const ApiLanguageQuery = () =>
  ApiQuery({
    name: 'language',
    required: false,
    description: languageDescription,
    schema: { type: 'string', maxLength: 10, example: 'nl' },
  });

/** The `language` member of the storefront's POST reads (a class to extend or copy the member from). */
export const languageMember = () =>
  applyDecorators(
    ApiPropertyOptional({ example: 'nl', maxLength: 10, description: languageDescription }),
    IsOptional(),
    IsString(),
    MaxLength(10),
  );

/** A 200 of a storefront read in a language: the answer and its `Content-Language` header. */
export const ApiOkInLanguage = (options: ApiResponseOptions) =>
  ApiOkResponse({
    ...options,
    headers: {
      'Content-Language': {
        required: true,
        description: 'The language the answer’s content is in (see `language`)',
        schema: { type: 'string', example: 'en' },
      },
    },
  } as ApiResponseOptions);

/** The language ranges of an `Accept-Language` header, best first (q=0 and `*` left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.tag && r.tag !== '*' && r.weight > 0);
  ranges.sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranges.map((r) => r.tag);
}

/**
 * The request's content language: an explicit `language` (400 naming `language` unless the
 * workspace supports it), else the best supported language of `Accept-Language` (`nl-BE`
 * matches `nl`), else the workspace's default language.
 */
export function pickLanguage(
  workspace: WorkspaceLanguages,
  explicit: string | undefined,
  acceptLanguage: string | undefined,
): string {
  if (explicit !== undefined) {
    const code = explicit.trim().toLowerCase();
    if (!workspace.supported.includes(code))
      throw badRequest({ language: [`${explicit} is not a supported language of this workspace`] });
    return code;
  }
  for (const tag of acceptedLanguages(acceptLanguage)) {
    const primary = tag.split('-')[0];
    if (workspace.supported.includes(primary)) return primary;
  }
  return workspace.defaultLanguage;
}

/**
 * The one way every storefront read learns its language: from the workspace's languages (cached,
 * kept exact by notifications: no statement of its own once warm) and the request; the answer's
 * `Content-Language` header is set here.
 */
@Injectable()
export class RequestLanguages {
  constructor(private readonly languages: LanguagesService) {}

  async of(
    ctx: RequestContext,
    explicit: string | undefined,
    acceptLanguage: string | undefined,
    reply: FastifyReply,
  ): Promise<AnswerLanguage> {
    const workspace = await this.languages.languagesOf(ctx);
    const language = pickLanguage(workspace, explicit, acceptLanguage);
    void reply.header('Content-Language', language);
    return { language, defaultLanguage: workspace.defaultLanguage };
  }
}

/** What a request's language is learnt from (`languageSource`), before it is resolved. */
interface LanguageSource {
  ctx: RequestContext;
  explicit: unknown;
  accept: string | undefined;
  reply: FastifyReply;
}

const languageSource = createParamDecorator(
  (from: 'query' | 'body', host: ExecutionContext): LanguageSource => {
    const http = host.switchToHttp();
    const req = http.getRequest<AuthenticatedRequest>();
    const source = (from === 'body' ? req.body : req.query) as { language?: unknown } | undefined;
    const accept = req.headers['accept-language'];
    return {
      ctx: req.context!,
      explicit: source && typeof source === 'object' ? source.language : undefined,
      accept: typeof accept === 'string' ? accept : undefined,
      reply: http.getResponse<FastifyReply>(),
    };
  },
);

/** Resolves a `languageSource` with `RequestLanguages` (a string `language` of at most 10 characters, else 400). */
@Injectable()
export class RequestLanguagePipe implements PipeTransform<LanguageSource, Promise<AnswerLanguage>> {
  constructor(private readonly languages: RequestLanguages) {}

  transform({ ctx, explicit, accept, reply }: LanguageSource): Promise<AnswerLanguage> {
    if (explicit !== undefined && (typeof explicit !== 'string' || explicit.length > 10))
      throw badRequest({ language: ['must be a language code (a string of at most 10 characters)'] });
    return this.languages.of(ctx, explicit, accept, reply);
  }
}

/**
 * The content language of a storefront read, as a handler parameter: the `language` of the query
 * string (GET, documented by `@ApiLanguageQuery()`) or of the body (POST, a member of its DTO),
 * else `Accept-Language`, else the workspace's default; sets `Content-Language`.
 */
export const InLanguage = (from: 'query' | 'body' = 'query') => languageSource(from, RequestLanguagePipe);
