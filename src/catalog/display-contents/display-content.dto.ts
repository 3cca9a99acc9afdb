import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { ArrayFilter, ListQuery, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import { ExternalReferenceBody, ScopedResponse } from '../../platform/http/resource';
import { descriptionFormats, type DescriptionFormat } from './display-content.entity';

/*
 * The members every display content's body, answer and list query have, whatever it describes.
 * They are class factories, not base classes: the document lists a schema's properties in
 * declaration order, and the answer names what it describes before its texts. Each resource
 * passes its own documentation texts and `seo` classes; the classes it declares keep their names
 * in the document, these never appear there.
 */

type Ctor<T> = new () => T;

/** What a resource says about its texts in the document. */
export interface DisplayContentFieldDocs<S> {
  /** The `seo` body class (its validation and its schema). */
  seo: Ctor<S>;
  seoDescription?: string;
  descriptionFormat: string;
  excerpt: string;
  description?: string;
}

/** The texts of a create or update body (PUT replaces them all). */
export function DisplayContentFields<S extends object>(docs: DisplayContentFieldDocs<S>) {
  class DisplayContentFieldsOf extends ExternalReferenceBody {
    @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) title: string;

    @ApiPropertyOptional({
      enum: descriptionFormats,
      default: 'Markdown',
      description: docs.descriptionFormat,
    })
    @IsOptional()
    @IsIn(descriptionFormats)
    descriptionFormat?: DescriptionFormat;

    @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 65535, description: docs.excerpt })
    @IsOptional()
    @IsString()
    @MaxLength(65535)
    excerpt?: string | null;

    @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 65535, description: docs.description })
    @IsOptional()
    @IsString()
    @MaxLength(65535)
    description?: string | null;

    @ApiPropertyOptional({ type: docs.seo, description: docs.seoDescription })
    @IsOptional()
    @ValidateNested()
    @Type(() => docs.seo)
    seo?: S;
  }
  return DisplayContentFieldsOf;
}

/** The language of a new content (fixed at creation): supported, one per `owner` and language. */
export const DisplayContentLanguage = (owner: string) =>
  applyDecorators(
    MaxLength(10),
    IsNotEmpty(),
    IsString(),
    ApiProperty({
      maxLength: 10,
      example: 'en',
      description: `A supported language of the workspace; one content per ${owner} and language`,
    }),
  );

/** The answer: `Owner` (the scoped fields and what the content describes), then the texts. */
export function DisplayContentResponse<O extends ScopedResponse, S extends object>(
  Owner: Ctor<O>,
  seo: Ctor<S>,
  languageExample?: string,
) {
  class DisplayContentResponseOf extends (Owner as Ctor<ScopedResponse>) {
    @ApiProperty({ example: languageExample }) language: string;
    @ApiProperty() title: string;
    @ApiProperty({ enum: descriptionFormats }) descriptionFormat: DescriptionFormat;
    @ApiProperty({ type: 'string', nullable: true }) excerpt: string | null;
    @ApiProperty({ type: 'string', nullable: true }) description: string | null;
    @ApiProperty({ type: seo }) seo: S;
  }
  return DisplayContentResponseOf as Ctor<O & DisplayContentResponseOf>;
}

/** The list filters every display content accepts; the resource adds the one naming what it describes. */
export function DisplayContentListQuery(languagesExample: string[]) {
  class DisplayContentListQueryOf extends ListQuery(['Title'] as const) {
    @UuidsFilter()
    ids?: string[];
    @StringsFilter()
    external_references?: string[];
    @ApiPropertyOptional({ type: [String], example: languagesExample })
    @IsOptional()
    @ArrayFilter()
    @IsArray()
    @IsString({ each: true })
    @MaxLength(10, { each: true })
    languages?: string[];
  }
  return DisplayContentListQueryOf;
}
