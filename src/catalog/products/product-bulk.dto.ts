import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsUUID,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { OptionalReference } from '../../platform/http/resource';
import { apply, strings } from './product-validators';

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
  @IsUUID('loose', { each: true })
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
  @IsUUID('loose', { each: true })
  productIds: string[];
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: 100 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsUUID('loose', { each: true })
  categoryIds: string[];
}

export class ProductBulkResult {
  @ApiProperty({ type: 'integer', description: 'Products that changed' }) updated: number;
  @ApiProperty({ type: [String], format: 'uuid', description: 'Their ids' }) productIds: string[];
}
