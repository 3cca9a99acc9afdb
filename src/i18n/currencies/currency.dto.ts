import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  ArrayFilter,
  BooleanFilter,
  ListQuery,
  PageOf,
  StringsFilter,
  UuidsFilter,
} from '../../platform/http/list-query';
import { ExternalReferenceBody, ScopedResponse, UpdateIdBody } from '../../platform/http/resource';
import { availableCurrencyCodes } from './currency-catalogue';

export class AvailableCurrencyResponse {
  @ApiProperty({ example: 'EUR', description: 'ISO 4217 alphabetic code' }) code: string;
  @ApiProperty({ example: 'Euro' }) name: string;
  @ApiProperty({ example: '978', description: 'ISO 4217 numeric code' }) numericCode: string;
  @ApiProperty({ type: 'integer', example: 2, description: 'Digits of the minor unit' }) digits: number;
  @ApiProperty({ example: '€' }) symbol: string;
}
export class AvailableCurrencyPage extends PageOf(AvailableCurrencyResponse) {}

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toUpperCase() : value);

class CurrencyFields extends ExternalReferenceBody {
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: 10,
    example: '€',
    description: 'The symbol shown with amounts; omitted: the usual symbol of the code',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(10)
  symbol?: string | null;

  @ApiProperty({
    type: 'number',
    exclusiveMinimum: true,
    minimum: 0,
    maximum: 1e9,
    example: 1.0842,
    description:
      'Units of this currency for one unit of the default (base) currency; more than 0, at most 10 decimals. ' +
      'The default currency has rate 1.',
  })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 10 })
  @Min(1e-10)
  @Max(1e9)
  exchangeRate: number;
}

export class CreateCurrencyRequest extends CurrencyFields {
  @ApiProperty({
    enum: availableCurrencyCodes,
    example: 'USD',
    description: 'ISO 4217 code; once per workspace',
  })
  @Transform(upper)
  @IsString()
  @IsIn(availableCurrencyCodes, { message: 'code must be an ISO 4217 currency code such as EUR' })
  code: string;

  @ApiPropertyOptional({
    default: false,
    description: 'Make it the default: only when the workspace has none yet (else 409; switch with PUT)',
  })
  @IsOptional()
  @IsBoolean()
  isDefault?: boolean;
}

/** The code is fixed at creation; PUT replaces symbol, rate and the default flag. */
class CurrencyUpdateFields extends CurrencyFields {
  @ApiProperty({
    description:
      'true makes this the default currency (the previous default stops being it); the default cannot be ' +
      'set to false: make another currency the default instead (409)',
  })
  @IsBoolean()
  isDefault: boolean;
}
export class UpdateCurrencyRequest extends UpdateIdBody(CurrencyUpdateFields) {}

export class CurrencyResponse extends ScopedResponse {
  @ApiProperty({ example: 'USD' }) code: string;
  @ApiProperty({ example: 'US Dollar' }) name: string;
  @ApiProperty({ example: '$' }) symbol: string;
  @ApiProperty({ type: 'number', example: 1.0842 }) exchangeRate: number;
  @ApiProperty() isDefault: boolean;
}
export class CurrencyPage extends PageOf(CurrencyResponse) {}

export class CurrencyListQuery extends ListQuery(['Code'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @ApiPropertyOptional({ type: [String], example: ['EUR', 'USD'] })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(3, { each: true })
  codes?: string[];
  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @BooleanFilter()
  @IsBoolean()
  is_default?: boolean;
}
