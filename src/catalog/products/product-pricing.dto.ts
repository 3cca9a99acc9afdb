import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { IsDecimal } from '../../platform/http/decimal';
import { OptionalReference } from '../../platform/http/resource';
import { maxDecimal } from './product-validators';

export class ProductPriceTierBody {
  @ApiProperty({
    description: 'From this quantity on (> 0) the tier applies',
    exclusiveMinimum: true,
    minimum: 0,
  })
  @IsDecimal(4)
  @Min(0.0001)
  @Max(maxDecimal)
  minQuantity: number;
  @ApiProperty({ minimum: 0, description: 'Sales price of one unit from minQuantity on' })
  @IsDecimal(4)
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
  @IsDecimal(4)
  @Min(0)
  @Max(maxDecimal)
  salesPrice?: number | null;
  @ApiPropertyOptional({ type: 'number', nullable: true, minimum: 0 })
  @IsOptional()
  @IsDecimal(4)
  @Min(0)
  @Max(maxDecimal)
  purchasePrice?: number | null;
  @ApiPropertyOptional({ type: 'number', nullable: true, minimum: 0 })
  @IsOptional()
  @IsDecimal(4)
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
