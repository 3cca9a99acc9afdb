import { OptionalReference } from '../../platform/http/resource';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { productFilterKinds } from './product-filter.entity';
import type { ProductFilterKind } from './product-filter.entity';

/** One storefront filter as sent in the PUT body. */
export class ProductFilterItem {
  @ApiPropertyOptional({
    format: 'uuid',
    description:
      'The id of an existing filter to keep; omitted: the filter of the same attribute and category keeps its id, or a new one is made',
  })
  @IsOptional()
  @IsUUID('loose')
  id?: string;

  @ApiProperty({ format: 'uuid', description: 'The attribute offered as a filter' })
  @IsUUID('loose')
  attributeId: string;

  @OptionalReference('Offered on this category’s product lists; null: on every category')
  categoryId?: string | null;

  @ApiProperty({
    enum: productFilterKinds,
    description: 'List: pick values; Range: min–max of numeric values; Boolean: yes/no',
  })
  @IsIn(productFilterKinds)
  kind: ProductFilterKind;

  @ApiPropertyOptional({
    type: 'integer',
    default: 0,
    description: 'Filters are shown in ascending displayOrder',
  })
  @IsOptional()
  @IsInt()
  @Min(-2147483648)
  @Max(2147483647)
  displayOrder?: number;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: 255,
    description: 'Shown instead of the attribute name when set',
  })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  title?: string | null;
}

export class PutProductFiltersRequest {
  @ApiProperty({
    type: [ProductFilterItem],
    maxItems: 1000,
    description:
      'The whole collection, as GET answers it (so a GET sent back unchanged changes nothing): filters not listed ' +
      'are removed. Read-only members of the answer (`attributeName`, `total`) are ignored.',
  })
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => ProductFilterItem)
  data: ProductFilterItem[];
}

export class ProductFilterResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) attributeId: string;
  @ApiProperty({ description: 'The attribute’s current name' }) attributeName: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: 'null: every category' })
  categoryId: string | null;
  @ApiProperty({ enum: productFilterKinds }) kind: ProductFilterKind;
  @ApiProperty({ type: 'integer' }) displayOrder: number;
  @ApiProperty({ type: 'string', nullable: true }) title: string | null;
}

export class ProductFilterCollection {
  @ApiProperty({
    type: [ProductFilterResponse],
    description: 'Ordered by category (every-category filters first), displayOrder, attribute name',
  })
  data: ProductFilterResponse[];
  @ApiProperty({ type: 'integer', format: 'int32' }) total: number;
}
