import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Address } from '../address';

/** One line of an address in a body: optional, null when absent, at most 255 characters. */
export const AddressLine = (description?: string) =>
  applyDecorators(
    MaxLength(255),
    IsString(),
    IsOptional(),
    ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 255, description }),
  );

/** An address in a request body; every member optional. */
export class AddressBody implements Partial<Address> {
  @AddressLine() street?: string | null;
  @AddressLine() houseNumber?: string | null;
  @AddressLine() postalCode?: string | null;
  @AddressLine() city?: string | null;
  @AddressLine() region?: string | null;
  @AddressLine() country?: string | null;
}

/** An address as answered: every member present, null when absent. */
export class AddressResponse implements Address {
  @ApiProperty({ type: 'string', nullable: true }) street: string | null;
  @ApiProperty({ type: 'string', nullable: true }) houseNumber: string | null;
  @ApiProperty({ type: 'string', nullable: true }) postalCode: string | null;
  @ApiProperty({ type: 'string', nullable: true }) city: string | null;
  @ApiProperty({ type: 'string', nullable: true }) region: string | null;
  @ApiProperty({ type: 'string', nullable: true }) country: string | null;
}
