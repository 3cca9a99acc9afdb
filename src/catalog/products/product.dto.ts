import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { ListBody, ListQuery, PageOf } from '../../platform/http/list-query';
import { ExternalReferenceBody, OptionalReference, ScopedResponse } from '../../platform/http/resource';
import { slugPattern } from '../categories/category-slug';
import { productTypes, type ProductType } from './product.entity';

/** numeric(18,4): at most 14 digits before the point, 4 after. */
const maxDecimal = 99_999_999_999_999;
const money = { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 4 };
const strings = (max = 100) => [
  IsArray(),
  ArrayMaxSize(max),
  IsString({ each: true }),
  IsNotEmpty({ each: true }),
  MaxLength(255, { each: true }),
];
const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));

// ---------------------------------------------------------------- members of the product

export class ProductAttributeValues {
  @ApiProperty({ format: 'uuid', description: 'A product attribute of the workspace' })
  @IsUUID()
  attributeId: string;
  @ApiProperty({
    type: [String],
    maxItems: 100,
    description: 'The values (a width "120", colours "red", "blue"); [] = none',
  })
  @apply(strings())
  values: string[];
}

export class ProductImageBody {
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'An image of this product to keep (from the upload or an earlier answer)',
  })
  @IsOptional()
  @IsUUID()
  id?: string;
  @ApiPropertyOptional({
    maxLength: 2048,
    description: 'For a new image without id: an external http(s) URL. Ignored when id is given.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  url?: string;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 255, description: 'Alternative text' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  alt?: string | null;
  @ApiPropertyOptional({ type: 'integer', description: 'Default: the position in the list' })
  @IsOptional()
  @IsInt()
  @Min(-2147483648)
  @Max(2147483647)
  displayOrder?: number;
}

export class ProductPriceTierBody {
  @ApiProperty({
    description: 'From this quantity on (> 0) the tier applies',
    exclusiveMinimum: true,
    minimum: 0,
  })
  @IsNumber(money)
  @Min(0.0001)
  @Max(maxDecimal)
  minQuantity: number;
  @ApiProperty({ minimum: 0, description: 'Sales price of one unit from minQuantity on' })
  @IsNumber(money)
  @Min(0)
  @Max(maxDecimal)
  salesPrice: number;
}

export class ProductPricingBody {
  @ApiPropertyOptional({
    type: 'number',
    nullable: true,
    minimum: 0,
    description: 'Sales price of one unit (excl. VAT); null = price on request',
  })
  @IsOptional()
  @IsNumber(money)
  @Min(0)
  @Max(maxDecimal)
  salesPrice?: number | null;
  @ApiPropertyOptional({ type: 'number', nullable: true, minimum: 0 })
  @IsOptional()
  @IsNumber(money)
  @Min(0)
  @Max(maxDecimal)
  purchasePrice?: number | null;
  @ApiPropertyOptional({ type: 'number', nullable: true, minimum: 0 })
  @IsOptional()
  @IsNumber(money)
  @Min(0)
  @Max(maxDecimal)
  suggestedRetailPrice?: number | null;
  @OptionalReference('The VAT code (pricing context)')
  vatCodeId?: string | null;
  @ApiPropertyOptional({
    type: [ProductPriceTierBody],
    maxItems: 50,
    description: 'Quantity tiers, one per minQuantity',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => ProductPriceTierBody)
  tiers?: ProductPriceTierBody[];
}

export class ProductComponentBody {
  @ApiProperty({
    format: 'uuid',
    description: 'Another product of the workspace (a variant, member or part)',
  })
  @IsUUID()
  productId: string;
  @ApiPropertyOptional({ default: 1, description: 'How many of it (> 0); meaningful for BundledProduct' })
  @IsOptional()
  @IsNumber(money)
  @Min(0.0001)
  @Max(maxDecimal)
  quantity?: number;
  @ApiPropertyOptional({ type: 'integer', description: 'Default: the position in the list' })
  @IsOptional()
  @IsInt()
  @Min(-2147483648)
  @Max(2147483647)
  displayOrder?: number;
}

// ---------------------------------------------------------------- create / update bodies

export class CreateProductRequest extends ExternalReferenceBody {
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) name: string;
  @ApiPropertyOptional({ enum: productTypes, default: 'SimpleProduct' })
  @IsOptional()
  @IsIn(productTypes)
  productType?: ProductType;
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: 255,
    pattern: slugPattern.source,
    description:
      'Unique per workspace. Omitted on create: made from the name (with a -2, -3… suffix when taken); omitted on update: kept.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  @Matches(slugPattern, {
    message: 'slug may contain lower-case letters and digits separated by single hyphens',
  })
  slug?: string | null;
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: 255,
    description: 'Unique per workspace',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  sku?: string | null;
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: 255,
    description: 'Unique per workspace',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  gtin?: string | null;
  @ApiPropertyOptional({
    type: [String],
    maxItems: 100,
    description: 'Each unique per workspace (across products)',
  })
  @IsOptional()
  @apply(strings())
  barcodes?: string[];
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 255 })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  productCode?: string | null;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 255 })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  searchCode?: string | null;
  @ApiPropertyOptional({ type: 'string', format: 'date', nullable: true, example: '2026-11-21' })
  @IsOptional()
  @IsISO8601({ strict: true })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'introducedAt must be YYYY-MM-DD' })
  introducedAt?: string | null;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() active?: boolean;
  @ApiPropertyOptional({ type: 'integer', default: 0 })
  @IsOptional()
  @IsInt()
  @Min(-2147483648)
  @Max(2147483647)
  displayOrder?: number;
  @ApiPropertyOptional({ default: false }) @IsOptional() @IsBoolean() showStock?: boolean;
  @ApiPropertyOptional({ type: [String], maxItems: 100 }) @IsOptional() @apply(strings()) tags?: string[];
  @ApiPropertyOptional({
    type: [String],
    maxItems: 100,
    description: 'References of the product in other systems',
  })
  @IsOptional()
  @apply(strings())
  externalReferences?: string[];
  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: 100,
    description: 'Category ids (the first is the main category)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  categories?: string[];
  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: 100, description: 'Catalog ids' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  catalogs?: string[];
  @OptionalReference()
  manufacturerId?: string | null;
  @ApiPropertyOptional({ type: 'string', format: 'uuid', nullable: true }) @IsOptional() @IsUUID() brandId?:
    string | null;
  @ApiPropertyOptional({
    type: [ProductAttributeValues],
    maxItems: 200,
    description: 'One entry per attribute',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => ProductAttributeValues)
  attributes?: ProductAttributeValues[];
  @ApiPropertyOptional({
    type: [ProductImageBody],
    maxItems: 100,
    description:
      'The images, in order. Upload files with POST {id}/images; list them here by id to keep them (an update without them removes them), or add external URLs.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => ProductImageBody)
  images?: ProductImageBody[];
  @ApiPropertyOptional({
    type: ProductPricingBody,
    description: 'Omitted: no prices (price on request), no tiers',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => ProductPricingBody)
  pricing?: ProductPricingBody | null;
  @ApiPropertyOptional({
    type: [ProductComponentBody],
    maxItems: 200,
    description:
      'Configurable (variants), Grouped (members) and Bundled (parts with quantities) products only; a SimpleProduct with components is a 400',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => ProductComponentBody)
  components?: ProductComponentBody[];
}

export class UpdateProductRequest extends CreateProductRequest {
  @ApiPropertyOptional({ format: 'uuid', description: 'Must equal the id in the path when given' })
  @IsOptional()
  @IsUUID()
  id?: string;
}

// ---------------------------------------------------------------- the answer

export class ProductImage {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'Where the image is served from' }) url: string;
  @ApiProperty({ type: 'integer' }) displayOrder: number;
  @ApiProperty({ type: 'string', nullable: true }) alt: string | null;
}

export class ProductPriceTier {
  @ApiProperty() minQuantity: number;
  @ApiProperty({ description: 'Rounded to 2 decimals' }) salesPrice: number;
}

export class ProductPricing {
  @ApiProperty({ type: 'number', nullable: true, description: 'Rounded to 2 decimals; null = not set' })
  salesPrice: number | null;
  @ApiProperty({ type: 'number', nullable: true }) purchasePrice: number | null;
  @ApiProperty({ type: 'number', nullable: true }) suggestedRetailPrice: number | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) vatCodeId: string | null;
  @ApiProperty({ type: [ProductPriceTier], description: 'By minQuantity, ascending' })
  tiers: ProductPriceTier[];
}

export class ProductComponent {
  @ApiProperty({ format: 'uuid' }) productId: string;
  @ApiProperty() quantity: number;
  @ApiProperty({ type: 'integer' }) displayOrder: number;
}

export class ProductResponse extends ScopedResponse {
  @ApiProperty() name: string;
  @ApiProperty({ enum: productTypes }) productType: ProductType;
  @ApiProperty() slug: string;
  @ApiProperty({ type: 'string', nullable: true }) sku: string | null;
  @ApiProperty({ type: 'string', nullable: true }) gtin: string | null;
  @ApiProperty({ type: [String] }) barcodes: string[];
  @ApiProperty({ type: 'string', nullable: true }) productCode: string | null;
  @ApiProperty({ type: 'string', nullable: true }) searchCode: string | null;
  @ApiProperty({ type: 'string', format: 'date', nullable: true }) introducedAt: string | null;
  @ApiProperty() active: boolean;
  @ApiProperty({ type: 'integer' }) displayOrder: number;
  @ApiProperty() showStock: boolean;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ type: [String] }) externalReferences: string[];
  @ApiProperty({ type: [String], format: 'uuid', description: 'Category ids, in the order given' })
  categories: string[];
  @ApiProperty({ type: [String], format: 'uuid' }) catalogs: string[];
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) manufacturerId: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) brandId: string | null;
  @ApiProperty({ type: [ProductAttributeValues] }) attributes: ProductAttributeValues[];
  @ApiProperty({ type: [ProductImage], description: 'By displayOrder' }) images: ProductImage[];
  @ApiProperty({ type: ProductPricing }) pricing: ProductPricing;
  @ApiProperty({ type: [ProductComponent], description: 'By displayOrder; [] for a SimpleProduct' })
  components: ProductComponent[];
}
export class ProductPage extends PageOf(ProductResponse) {}

// ---------------------------------------------------------------- the list

export const productSortBy = ['DisplayOrder', 'Id', 'Name'] as const;

export class ProductAttributeFilter {
  @ApiProperty({ format: 'uuid' }) @IsUUID() attributeId: string;
  @ApiProperty({
    type: [String],
    maxItems: 100,
    description: 'Any of these values matches; [] = any value at all',
  })
  @apply(strings())
  values: string[];
}

const uuids = (max = 1000) => [IsOptional(), IsArray(), ArrayMaxSize(max), IsUUID('all', { each: true })];

/** Body of POST products/list. Every filter given must hold (AND); an array filter matches any of its values. */
export class ProductListRequest extends ListBody(productSortBy) {
  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: 1000 }) @apply(uuids()) ids?: string[];
  @ApiPropertyOptional({ format: 'uuid', description: 'Products in this catalog' })
  @IsOptional()
  @IsUUID()
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

// ---------------------------------------------------------------- tags, bulk, categories

export class UsedProductTag {
  @ApiProperty() value: string;
  @ApiProperty({ type: 'integer', description: 'Products with this tag' }) count: number;
}
export class UsedProductTagPage extends PageOf(UsedProductTag) {}

/** GET products/tags: `Query` matches tags containing it; SortBy Value (default) or Count. */
export class ProductTagsQuery extends ListQuery(['Value', 'Count'] as const) {}

export class BulkProductChanges {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() active?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() showStock?: boolean;
  @ApiPropertyOptional({ type: 'integer' })
  @IsOptional()
  @IsInt()
  @Min(-2147483648)
  @Max(2147483647)
  displayOrder?: number;
  @ApiPropertyOptional({ type: [String], maxItems: 100, description: 'Replaces the tags' })
  @IsOptional()
  @apply(strings())
  tags?: string[];
  @ApiPropertyOptional({ type: [String], maxItems: 100, description: 'Added to the tags (after `tags`)' })
  @IsOptional()
  @apply(strings())
  addTags?: string[];
  @ApiPropertyOptional({ type: [String], maxItems: 100, description: 'Removed from the tags (last)' })
  @IsOptional()
  @apply(strings())
  removeTags?: string[];
  @OptionalReference('null clears it')
  brandId?: string | null;
  @OptionalReference('null clears it')
  manufacturerId?: string | null;
}

/** Body of PUT products/bulk: the same changes to many products, in one transaction. Omitted members stay as they are. */
export class BulkUpdateProductsRequest {
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: 1000 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  productIds: string[];
  @ApiProperty({ type: BulkProductChanges })
  // ValidateNested alone lets a missing `set` through (it answered 500).
  @IsObject()
  @ValidateNested()
  @Type(() => BulkProductChanges)
  set: BulkProductChanges;
}

/** Body of PUT / DELETE products/categories. */
export class ProductCategoriesRequest {
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: 1000 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  productIds: string[];
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: 100 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  categoryIds: string[];
}

export class ProductBulkResult {
  @ApiProperty({ type: 'integer', description: 'Products that changed' }) updated: number;
  @ApiProperty({ type: [String], format: 'uuid', description: 'Their ids' }) productIds: string[];
}
