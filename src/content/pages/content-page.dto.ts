import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  ArrayFilter,
  BooleanFilter,
  ListQuery,
  PageOf,
  StringsFilter,
  UuidsFilter,
} from '../../platform/http/list-query';
import { ExternalReferenceBody, ScopedResponse, UpdateIdBody } from '../../platform/http/resource';
import { Seo, SeoBody } from '../../platform/http/seo';
import { slugPattern } from '../../platform/http/slug';
import { bodyFormats, type BodyFormat } from './content-page.entity';

export class ContentPageSeoBody extends SeoBody {}
export class ContentPageSeo extends Seo {}

class ContentPageFields extends ExternalReferenceBody {
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) title: string;

  @ApiPropertyOptional({
    maxLength: 255,
    pattern: slugPattern.source,
    example: 'terms-and-conditions',
    description:
      'Unique per workspace and language (409). Omitted on create: made from the title (with a suffix when ' +
      'taken); omitted on update: the current slug stays.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  @Matches(slugPattern, { message: 'slug must be lower-case letters and digits separated by single hyphens' })
  slug?: string;

  @ApiProperty({ maxLength: 10, example: 'en', description: 'A supported language of the workspace' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(10)
  language: string;

  @ApiPropertyOptional({
    enum: bodyFormats,
    default: 'Markdown',
    description:
      'How `body` is written. Html is sanitised when saved (no scripts, event handlers, styles or frames).',
  })
  @IsOptional()
  @IsIn(bodyFormats)
  bodyFormat?: BodyFormat;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: 65535,
    description: 'The page text, in `bodyFormat`',
  })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  body?: string | null;

  @ApiPropertyOptional({ default: false, description: 'Whether storefronts show the page' })
  @IsOptional()
  @IsBoolean()
  isPublished?: boolean;

  @ApiPropertyOptional({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When it was (or is to be) published; omitted while `isPublished`: the time of publishing',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  publishedAt?: string | null;

  @ApiPropertyOptional({ type: ContentPageSeoBody, description: 'Omitted: all its members empty' })
  @IsOptional()
  @ValidateNested()
  @Type(() => ContentPageSeoBody)
  seo?: ContentPageSeoBody;
}

export class CreateContentPageRequest extends ContentPageFields {}
export class UpdateContentPageRequest extends UpdateIdBody(ContentPageFields) {}

export class ContentPageResponse extends ScopedResponse {
  @ApiProperty() title: string;
  @ApiProperty() slug: string;
  @ApiProperty({ example: 'en' }) language: string;
  @ApiProperty({ enum: bodyFormats }) bodyFormat: BodyFormat;
  @ApiProperty({ type: 'string', nullable: true }) body: string | null;
  @ApiProperty() isPublished: boolean;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) publishedAt: string | null;
  @ApiProperty({ type: ContentPageSeo }) seo: ContentPageSeo;
}
export class ContentPagePage extends PageOf(ContentPageResponse) {}

export class ContentPageListQuery extends ListQuery(['Title', 'Slug', 'PublishedAt', 'ModifiedAt'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @ApiPropertyOptional({ type: [String], example: ['en'] })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(10, { each: true })
  languages?: string[];
  @StringsFilter()
  slugs?: string[];
  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @BooleanFilter()
  @IsBoolean()
  is_published?: boolean;
}
