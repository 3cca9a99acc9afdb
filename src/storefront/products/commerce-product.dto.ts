import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  commerceProductSortBy,
  DidYouMean,
  ProductAttributeFilter,
  ProductAttributeValues,
  ProductComponent,
  ProductImage,
  type ProductType,
  productTypes,
  relevanceSortDescription,
} from '../../catalog/catalog.api';
import { ListBody, PageOf } from '../../platform/http/list-query';

const attributeFilters = () => [
  ApiPropertyOptional({
    type: [ProductAttributeFilter],
    maxItems: 20,
    description: 'Every entry must match (AND); within an entry any of its values matches',
  }),
  IsOptional(),
  IsArray(),
  ArrayMaxSize(20),
  ValidateNested({ each: true }),
  Type(() => ProductAttributeFilter),
];

/**
 * Body of POST /commerce-api/catalog/products. Only active products, and for a client whose
 * account has a product catalog only that catalog's, are ever listed.
 */
export class CommerceProductListRequest extends ListBody(commerceProductSortBy, {
  aliases: { price: 'SalesPrice', salesprice: 'SalesPrice', newest: 'CreatedAt' },
  description:
    'The name of the product property to sort by, case-insensitive: `displayOrder`, `id`, `name`, `sku`, ' +
    '`createdAt` (`newest`; Desc = newest first), `salesPrice` (`price`: the list price before customer prices; ' +
    'products without a price come after the priced ones ascending, before them descending), `relevance`. ' +
    `Ties are broken by the id. ${relevanceSortDescription}`,
}) {
  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: 1000 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('loose', { each: true })
  ids?: string[];
  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: 200,
    description: 'Products in any of these categories (directly, not through subcategories)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsUUID('loose', { each: true })
  categoryIds?: string[];
  @ApiPropertyOptional({ enum: productTypes })
  @IsOptional()
  @IsIn(productTypes)
  type?: ProductType;
  @applyDecorators(...attributeFilters())
  attributes?: ProductAttributeFilter[];
}

/** The storefront's view of a product. Prices: the price operations (they know the caller's account). */
export class CommerceProduct {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() slug: string;
  @ApiProperty({ enum: productTypes }) productType: ProductType;
  @ApiProperty({ type: 'integer' }) displayOrder: number;
  @ApiProperty() showStock: boolean;
  @ApiProperty({ type: 'string', nullable: true }) sku: string | null;
  @ApiProperty({ type: 'string', nullable: true }) gtin: string | null;
  @ApiProperty({ type: [String] }) barcodes: string[];
  @ApiProperty({ type: 'string', format: 'date', nullable: true }) introducedAt: string | null;
  @ApiProperty({ type: [String], format: 'uuid', description: 'Category ids, in the product’s order' })
  categories: string[];
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) manufacturerId: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) brandId: string | null;
  @ApiProperty({ type: [ProductAttributeValues] }) attributes: ProductAttributeValues[];
  @ApiProperty({ type: [ProductImage], description: 'By displayOrder' }) images: ProductImage[];
  @ApiProperty({ type: [ProductComponent], description: 'Variants, members or parts, by displayOrder' })
  components: ProductComponent[];
}
export class CommerceProductPage extends PageOf(CommerceProduct) {
  @DidYouMean() didYouMean: string | null;
}

/** Body of POST /commerce-api/catalog/products/filters/{categoryId}: the list whose facets are wanted. */
export class ProductFacetsRequest {
  @ApiPropertyOptional({
    maxLength: 255,
    description: 'The text search of the list (as in the product list)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  query?: string;
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Only products in this catalog (a client whose account has a catalog always gets its own)',
  })
  @IsOptional()
  @IsUUID('loose')
  catalogId?: string;
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Ignored when it repeats the path’s category; another category narrows to products in both',
  })
  @IsOptional()
  @IsUUID('loose')
  categoryId?: string;
  @ApiPropertyOptional({
    description: 'Storefront lists show active products only; false is refused (400)',
    default: true,
  })
  @IsOptional()
  @IsIn([true], { message: 'isActive must be true: the storefront shows active products only' })
  isActive?: boolean;
  @applyDecorators(...attributeFilters())
  attributes?: ProductAttributeFilter[];
}

export const facetKinds = ['List', 'Range', 'Boolean', 'Brand', 'Price'] as const;
export type FacetKind = (typeof facetKinds)[number];

export class FacetValue {
  @ApiProperty({ description: 'An attribute value, `true`/`false`, or a brand id' }) value: string;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'The brand’s name for a Brand facet; else null',
  })
  label: string | null;
  @ApiProperty({ type: 'integer', description: 'Products of the list with this value' }) count: number;
}

/**
 * One filter a storefront can offer on a category's list, with what the list holds: the
 * attribute filters configured for the category (product filters), then the brands and the
 * range of list prices.
 */
export class ProductFacet {
  @ApiProperty({ enum: facetKinds }) kind: FacetKind;
  @ApiProperty({
    type: 'string',
    format: 'uuid',
    nullable: true,
    description: 'The attribute (List, Range, Boolean)',
  })
  attributeId: string | null;
  @ApiProperty({ description: 'The filter’s title, else the attribute’s name; "Brand", "Price"' })
  title: string;
  @ApiProperty({
    type: [FacetValue],
    description: 'List, Boolean, Brand: values by count, descending, then value',
  })
  values: FacetValue[];
  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'Range: the smallest numeric value; Price: the lowest list price',
  })
  min: number | null;
  @ApiProperty({ type: 'number', nullable: true }) max: number | null;
}
