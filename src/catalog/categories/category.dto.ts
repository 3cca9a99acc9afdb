import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { httpUrl, httpUrlFormat } from '../../platform/http/openapi';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { BooleanFilter, ListQuery, PageOf, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import {
  ExternalReferenceBody,
  OptionalReference,
  ScopedResponse,
  UpdateIdBody,
} from '../../platform/http/resource';
import { slugPattern } from './category-slug';

/** Where the category is shown on storefronts. */
export class CategoryVisibility {
  @ApiProperty({
    default: true,
    description: 'Listed in storefront navigation menus (filter `visibility_show_in_menu`)',
  })
  @IsOptional()
  @IsBoolean()
  showInMenu: boolean = true;

  @ApiProperty({ default: true, description: 'Its products are found by storefront search' })
  @IsOptional()
  @IsBoolean()
  showInSearch: boolean = true;
}

class ProductCategoryFields extends ExternalReferenceBody {
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) name: string;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: 200,
    pattern: slugPattern.source,
    description:
      'Unique per workspace. Omitted on create: generated from the name (suffixed `-2`, `-3`, … when taken); omitted on update: kept.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(slugPattern, { message: 'slug may contain lower-case letters, digits and single hyphens only' })
  slug?: string | null;

  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() active?: boolean;

  @ApiPropertyOptional({ type: 'integer', default: 0 })
  @IsOptional()
  @IsInt()
  @Min(-2147483648)
  @Max(2147483647)
  displayOrder?: number;

  @ApiPropertyOptional({
    ...httpUrlFormat,
    type: 'string',
    nullable: true,
    maxLength: 1024,
    description: 'URL of the main picture (e.g. one returned by POST productcategories/images)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  @IsUrl(httpUrl, { message: 'image must be an http(s) URL' })
  image?: string | null;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', maxLength: 1024, ...httpUrlFormat },
    description: 'URLs of further pictures, in display order',
    maxItems: 50,
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(1024, { each: true })
  @IsUrl(httpUrl, { each: true, message: 'images must hold http(s) URLs' })
  images?: string[];

  @OptionalReference('The parent category (null: a root). A cycle is refused.')
  parentId?: string | null;

  @ApiPropertyOptional({ type: CategoryVisibility, description: 'Omitted: shown in menus and search' })
  @IsOptional()
  @ValidateNested()
  @Type(() => CategoryVisibility)
  visibility?: CategoryVisibility;
}

export class CreateProductCategoryRequest extends ProductCategoryFields {}

export class UpdateProductCategoryRequest extends UpdateIdBody(ProductCategoryFields) {}

export class ProductCategoryResponse extends ScopedResponse {
  @ApiProperty() name: string;
  @ApiProperty() slug: string;
  @ApiProperty() active: boolean;
  @ApiProperty({ type: 'integer' }) displayOrder: number;
  @ApiProperty({ type: 'string', nullable: true }) image: string | null;
  @ApiProperty({ type: [String] }) images: string[];
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) parentId: string | null;
  @ApiProperty({ type: CategoryVisibility }) visibility: CategoryVisibility;
}
export class ProductCategoryPage extends PageOf(ProductCategoryResponse) {}

/** A category with its sub-categories, ordered by displayOrder then name. */
export class ProductCategoryNode extends ProductCategoryResponse {
  @ApiProperty({ type: () => [ProductCategoryNode] }) children: ProductCategoryNode[];
}

export class ProductCategoryHierarchy {
  @ApiProperty({ type: [ProductCategoryNode], description: 'The root categories, each with its descendants' })
  data: ProductCategoryNode[];
  @ApiProperty({ type: 'integer', description: 'Number of categories in the whole tree' }) total: number;
}

export class ProductCategoryListQuery extends ListQuery(['Name', 'DisplayOrder'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @UuidsFilter('Children of these categories')
  parent_ids?: string[];
  @ApiPropertyOptional({ type: Boolean, description: 'visibility.showInMenu equals this' })
  @IsOptional()
  @BooleanFilter()
  @IsBoolean()
  visibility_show_in_menu?: boolean;
}

export class CategoryImagesResponse {
  @ApiProperty({
    type: [String],
    description: 'URLs of the stored files, in upload order; set them as `image`/`images` of categories',
  })
  fileUris: string[];
}
