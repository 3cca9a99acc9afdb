import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { ListBody, ListQuery, PageOf } from '../../platform/http/list-query';
import { apply, strings } from './product-validators';
import { type ProductType, productTypes } from './product.entity';

export const productSortBy = ['DisplayOrder', 'Id', 'Name', 'Relevance'] as const;
/**
 * What a storefront sorts by: the property names of a product (case-insensitive), each served by
 * an index leading with workspace_id (`price` is the sales price, `CreatedAt` the newest first
 * when descending).
 */
export const commerceProductSortBy = [
  'DisplayOrder',
  'Id',
  'Name',
  'Sku',
  'CreatedAt',
  'SalesPrice',
  'Relevance',
] as const;
export type ProductSortBy = (typeof commerceProductSortBy)[number];
/** For other contexts' DTOs, which may not import the entity. */
export { productTypes, type ProductType };

export class ProductAttributeFilter {
  @ApiProperty({ format: 'uuid' }) @IsUUID('loose') attributeId: string;
  @ApiProperty({
    type: [String],
    maxItems: 100,
    description: 'Any of these values matches; [] = any value at all',
  })
  @apply(strings())
  values: string[];
}

const uuids = (max = 1000) => [IsOptional(), IsArray(), ArrayMaxSize(max), IsUUID('loose', { each: true })];

/** Body of POST products/list. Every filter given must hold (AND); an array filter matches any of its values. */
/** What `sortBy: relevance` means, for the lists that offer it. */
export const relevanceSortDescription =
  '`relevance`: with a `query`, products holding every word whole (name, sku, gtin, codes) first, then as word ' +
  'prefixes, then through their display contents stemmed in the content’s language, then the typo-tolerant ' +
  'matches (those holding the `didYouMean` words first, then by similarity), each by text rank; ascending is ' +
  'best first. Without a query it is the display order. Not the default: send it.';

/** `didYouMean` of a product page. */
export const DidYouMean = () =>
  ApiProperty({
    type: 'string',
    nullable: true,
    description:
      'When the words of `query` found nothing and the products come from the typo-tolerant fallback (or nothing ' +
      'was found): the query with each unknown word replaced by the nearest word (fewest edits) of the names of ' +
      'the products the caller may see (`chiar` → `chair`); null otherwise, or when no word is near.',
  });

export class ProductListRequest extends ListBody(productSortBy, {
  description: `The property to sort by, case-insensitive (\`name\` is \`Name\`); ties are broken by the id. ${relevanceSortDescription}`,
}) {
  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: 1000 }) @apply(uuids()) ids?: string[];
  @ApiPropertyOptional({ format: 'uuid', description: 'Products in this catalog' })
  @IsOptional()
  @IsUUID('loose')
  catalogId?: string;
  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: 1000,
    description: 'Products in any of these categories',
  })
  @apply(uuids())
  categoryIds?: string[];
  @ApiPropertyOptional({ type: [String], maxItems: 1000 })
  @IsOptional()
  @apply(strings(1000))
  skus?: string[];
  @ApiPropertyOptional({ type: [String], maxItems: 1000 })
  @IsOptional()
  @apply(strings(1000))
  gtins?: string[];
  @ApiPropertyOptional({ type: [String], maxItems: 1000 })
  @IsOptional()
  @apply(strings(1000))
  barcodes?: string[];
  @ApiPropertyOptional({ type: [String], maxItems: 1000 })
  @IsOptional()
  @apply(strings(1000))
  slugs?: string[];
  @ApiPropertyOptional({ enum: productTypes }) @IsOptional() @IsIn(productTypes) type?: ProductType;
  @ApiPropertyOptional({
    type: [ProductAttributeFilter],
    maxItems: 20,
    description: 'Every entry must match (AND)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => ProductAttributeFilter)
  attributes?: ProductAttributeFilter[];
  @ApiPropertyOptional({ description: 'true: without images; false: with at least one' })
  @IsOptional()
  @IsBoolean()
  isMissingImages?: boolean;
  @ApiPropertyOptional({
    description: 'true: no display content with a description in any language; false: the opposite',
  })
  @IsOptional()
  @IsBoolean()
  isMissingDescription?: boolean;
  @ApiPropertyOptional({
    description:
      'true: lacks a value for an attribute required by one of its categories; false: the opposite',
  })
  @IsOptional()
  @IsBoolean()
  isMissingAttributes?: boolean;
}

export class UsedProductTag {
  @ApiProperty() value: string;
  @ApiProperty({ type: 'integer', description: 'Products with this tag' }) count: number;
}
export class UsedProductTagPage extends PageOf(UsedProductTag) {}

/** GET products/tags: `Query` matches tags containing it; SortBy Value (default) or Count. */
export class ProductTagsQuery extends ListQuery(['Value', 'Count'] as const) {}
