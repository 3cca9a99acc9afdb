import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { OptionalReference } from '../../platform/http/resource';

/** PUT body: every omitted member returns to its default (api-conventions: PUT replaces). */
export class UpdateSalesSettingsRequest {
  @ApiPropertyOptional({
    default: 'SO-',
    maxLength: 20,
    pattern: '^[A-Za-z0-9._/-]*$',
    description: 'Put before the zero-padded counter of new order numbers (existing numbers keep theirs)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  @Matches(/^[A-Za-z0-9._/-]*$/, { message: 'orderNumberPrefix may hold letters, digits and . _ / - only' })
  orderNumberPrefix?: string;

  @ApiPropertyOptional({
    type: 'integer',
    default: 6,
    minimum: 1,
    maximum: 18,
    description: 'Digits of the counter',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(18)
  orderNumberPadding?: number;

  @ApiPropertyOptional({
    default: false,
    description: 'Completing an order may take stock below zero (a backorder) instead of answering 409',
  })
  @IsOptional()
  @IsBoolean()
  allowBackorders?: boolean;

  @OptionalReference('The stock location orders are fulfilled from unless picked up at a pickup location')
  defaultStockLocationId?: string | null;
}

export class SalesSettingsResponse {
  @ApiProperty() orderNumberPrefix: string;
  @ApiProperty({ type: 'integer' }) orderNumberPadding: number;
  @ApiProperty({
    type: 'integer',
    format: 'int64',
    description: 'The last order number handed out (0: none yet)',
  })
  lastOrderNumber: number;
  @ApiProperty({ example: 'SO-000001', description: 'The number the next order gets' })
  nextOrderNumber: string;
  @ApiProperty() allowBackorders: boolean;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) defaultStockLocationId: string | null;
}
