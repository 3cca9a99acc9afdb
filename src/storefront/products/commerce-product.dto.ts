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
import { CommerceProductPrice } from '../prices/commerce-price.dto';
import { CommerceAvailability, CommerceBrandSummary, CommerceContent } from '../catalog-content.dto';
import { languageMember } from '../request-language';

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
    '`createdAt` (`newest`; Desc = newest first), `salesPrice` (`price`): by the product’s sales price, which is the ' +
    'shopper’s order too, since an account’s discount takes the same percentage off every price — unless a quantity tier ' +
    'starting at quantity 1 or below, or an atomic script, sets a product’s price apart. Products without a price come ' +
    'after the priced ones ascending, before them descending; `relevance`. Ties are broken by the id. ' +
    relevanceSortDescription,
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
  @languageMember()
  language?: string;
}

/** The storefront's view of a product, with the caller's price of one unit (`price`). */
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
  @ApiProperty({ type: CommerceBrandSummary, nullable: true, description: 'The brand of brandId' })
  brand: CommerceBrandSummary | null;
  @ApiProperty({ type: [ProductAttributeValues] }) attributes: ProductAttributeValues[];
  @ApiProperty({ type: [ProductImage], description: 'By displayOrder' }) images: ProductImage[];
  @ApiProperty({ type: [ProductComponent], description: 'Variants, members or parts, by displayOrder' })
  components: ProductComponent[];
  @ApiProperty({
    type: CommerceContent,
    nullable: true,
    description:
      'The product’s display content in the request’s language, else in the workspace’s default language; null when it has neither',
  })
  content: CommerceContent | null;
  @ApiProperty({
    type: CommerceAvailability,
    nullable: true,
    description: 'Stock per stock location and in total when `showStock` is set; null when it is not',
  })
  availability: CommerceAvailability | null;
  @ApiProperty({
    type: CommerceProductPrice,
    description:
      'The caller’s price of one unit, as the price operation answers it at quantity 1: for a client login its account’s ' +
      'price (quantity tier, discount, atomic scripts, VAT), for a user the list price.',
  })
  price: CommerceProductPrice;
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
  @languageMember()
  language?: string;
}

export const facetKinds = ['List', 'Range', 'Boolean', 'Brand', 'Price'] as const;
export type FacetKind = (typeof facetKinds)[number];

export class FacetValue {
  @ApiProperty({ description: 'An attribute value, `true`/`false`, or a brand id' }) value: string;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description:
      'What a shop shows: the brand’s name for a Brand facet, else the value itself (attribute values have no translations)',
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
    description:
      'Range: the smallest numeric value; Price: the lowest unit price the caller pays before atomic scripts, excl. VAT ' +
      '(the quantity tier at quantity 1 or the sales price, less its account’s discount; a user: the list price), ' +
      'null when its account hides prices or no listed product has a price',
  })
  min: number | null;
  @ApiProperty({ type: 'number', nullable: true }) max: number | null;
}
