import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { httpUrl, httpUrlFormat } from '../../platform/http/openapi';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
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
import { IsDecimal } from '../../platform/http/decimal';
import { ExternalReferenceBody, OptionalReference, UpdateIdBody } from '../../platform/http/resource';
import { slugPattern } from '../categories/category-slug';
import { ProductPricingBody } from './product-pricing.dto';
import { apply, maxDecimal, strings } from './product-validators';
import { type ProductType, productTypes } from './product.entity';

export class ProductAttributeValues {
  @ApiProperty({ format: 'uuid', description: 'A product attribute of the workspace' })
  @IsUUID('loose')
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
  @IsUUID('loose')
  id?: string;
  @ApiPropertyOptional({
    ...httpUrlFormat,
    maxLength: 2048,
    description: 'For a new image without id: an external http(s) URL. Ignored when id is given.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsUrl(httpUrl)
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

export class ProductComponentBody {
  @ApiProperty({
    format: 'uuid',
    description: 'Another product of the workspace (a variant, member or part)',
  })
  @IsUUID('loose')
  productId: string;
  @ApiPropertyOptional({ default: 1, description: 'How many of it (> 0); meaningful for BundledProduct' })
  @IsOptional()
  @IsDecimal(4)
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
  @IsUUID('loose', { each: true })
  categories?: string[];
  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: 100, description: 'Catalog ids' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('loose', { each: true })
  catalogs?: string[];
  @OptionalReference()
  manufacturerId?: string | null;
  @ApiPropertyOptional({ type: 'string', format: 'uuid', nullable: true })
  @IsOptional()
  @IsUUID('loose')
  brandId?: string | null;
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

export class UpdateProductRequest extends UpdateIdBody(CreateProductRequest) {}
