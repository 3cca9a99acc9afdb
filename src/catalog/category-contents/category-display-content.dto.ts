import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PageOf, UuidsFilter } from '../../platform/http/list-query';
import { ScopedResponse, UpdateIdBody } from '../../platform/http/resource';
import {
  DisplayContentFields,
  DisplayContentLanguage,
  DisplayContentListQuery,
  DisplayContentResponse,
} from '../display-contents/display-content.dto';

/** Search-engine texts of the category page in this language. */
export class CategoryContentSeo {
  @ApiProperty({
    type: 'string',
    nullable: true,
    maxLength: 255,
    description: 'The page title (`<title>`); the content title when null',
  })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  metaTitle: string | null = null;

  @ApiProperty({ type: 'string', nullable: true, maxLength: 65535, description: 'The meta description' })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  metaDescription: string | null = null;

  @ApiProperty({ type: [String], maxItems: 50 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  keywords: string[] = [];
}

class CategoryDisplayContentFields extends DisplayContentFields({
  descriptionFormat: 'How `description` (and `excerpt`) are written',
  excerpt: 'A short teaser shown in lists',
  seo: CategoryContentSeo,
}) {}

export class CreateCategoryDisplayContentRequest extends CategoryDisplayContentFields {
  @DisplayContentLanguage('category') language: string;

  @ApiProperty({ format: 'uuid' }) @IsUUID('loose') productCategoryId: string;
}

/** The category and language of a content are fixed at creation. */
export class UpdateCategoryDisplayContentRequest extends UpdateIdBody(CategoryDisplayContentFields) {}

/** The scoped fields and the category, before the texts. */
class CategoryDisplayContentOwner extends ScopedResponse {
  @ApiProperty({ format: 'uuid' }) productCategoryId: string;
}

export class CategoryDisplayContentResponse extends DisplayContentResponse(
  CategoryDisplayContentOwner,
  CategoryContentSeo,
) {}
export class CategoryDisplayContentPage extends PageOf(CategoryDisplayContentResponse) {}

export class CategoryDisplayContentListQuery extends DisplayContentListQuery(['en', 'nl']) {
  @UuidsFilter()
  product_category_ids?: string[];
}
