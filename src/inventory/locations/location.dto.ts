import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { httpUrl, httpUrlFormat } from '../../platform/http/openapi';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { BooleanFilter, ListQuery, PageOf, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import { ExternalReferenceBody, ScopedResponse, UpdateIdBody } from '../../platform/http/resource';
import { AddressBody, AddressResponse } from '../../platform/http/address.dto';

export const daysOfWeek = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
const time = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The postal address of a location; every member optional (null when absent). */
export class LocationAddressBody extends AddressBody {
  @ApiPropertyOptional({ type: 'string', description: 'ISO 3166-1 alpha-2 country code, e.g. NL' })
  override country?: string | null;
}

/** The address as answered: every member present, null when absent. */
export class LocationAddressResponse extends AddressResponse {}

/** Opening hours of one day: `opens` and `closes` as `HH:mm` in the location's local time. */
export class OpeningHoursBody {
  @ApiProperty({ enum: daysOfWeek }) @IsIn(daysOfWeek) dayOfWeek: string;
  @ApiProperty({ example: '09:00', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' })
  @IsString()
  @Matches(time, { message: 'opens must be a time HH:mm' })
  opens: string;
  @ApiProperty({ example: '17:30', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' })
  @IsString()
  @Matches(time, { message: 'closes must be a time HH:mm' })
  closes: string;
}

class LocationFields extends ExternalReferenceBody {
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) name: string;

  @ApiPropertyOptional({ type: 'integer', default: 0, minimum: -2147483648, maximum: 2147483647 })
  @IsOptional()
  @IsInt()
  @Min(-2147483648)
  @Max(2147483647)
  displayOrder?: number;

  @ApiPropertyOptional({ default: false, description: 'A warehouse (not open to the public)' })
  @IsOptional()
  @IsBoolean()
  isWarehouse?: boolean;

  @ApiPropertyOptional({
    default: false,
    description: 'Shoppers may collect orders here (deliveryMethod Pickup)',
  })
  @IsOptional()
  @IsBoolean()
  isPickupLocation?: boolean;

  @ApiPropertyOptional({ default: true, description: 'Stock is kept here (stocks may name it)' })
  @IsOptional()
  @IsBoolean()
  isStockLocation?: boolean;

  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 255, format: 'email' })
  @IsOptional()
  @IsEmail()
  @MaxLength(255)
  email?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 65535 })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  description?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 255 })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  phoneNumber?: string | null;

  @ApiPropertyOptional({
    ...httpUrlFormat,
    type: 'string',
    nullable: true,
    maxLength: 1024,
    description: 'Image URL; POST locations/{id}/image uploads one',
  })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  @IsUrl(httpUrl, { message: 'image must be an http(s) URL' })
  image?: string | null;

  @ApiPropertyOptional({ type: LocationAddressBody, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => LocationAddressBody)
  address?: LocationAddressBody | null;

  @ApiPropertyOptional({ type: [OpeningHoursBody], maxItems: 21, description: 'At most three periods a day' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(21)
  @ValidateNested({ each: true })
  @Type(() => OpeningHoursBody)
  openingHours?: OpeningHoursBody[];
}

export class CreateLocationRequest extends LocationFields {}
export class UpdateLocationRequest extends UpdateIdBody(LocationFields) {}

export class LocationResponse extends ScopedResponse {
  @ApiProperty() name: string;
  @ApiProperty({ type: 'integer' }) displayOrder: number;
  @ApiProperty() isWarehouse: boolean;
  @ApiProperty() isPickupLocation: boolean;
  @ApiProperty() isStockLocation: boolean;
  @ApiProperty({ type: 'string', nullable: true }) email: string | null;
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty({ type: 'string', nullable: true }) phoneNumber: string | null;
  @ApiProperty({ type: 'string', nullable: true }) image: string | null;
  @ApiProperty({ type: LocationAddressResponse, nullable: true }) address: LocationAddressResponse | null;
  @ApiProperty({ type: [OpeningHoursBody] }) openingHours: OpeningHoursBody[];
}
export class LocationPage extends PageOf(LocationResponse) {}

export class LocationListQuery extends ListQuery(['Name', 'DisplayOrder'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @BooleanFilter()
  @IsBoolean()
  is_warehouse?: boolean;
  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @BooleanFilter()
  @IsBoolean()
  is_pickup_location?: boolean;
  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @BooleanFilter()
  @IsBoolean()
  is_stock_location?: boolean;
}
