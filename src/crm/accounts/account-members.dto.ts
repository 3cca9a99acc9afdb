import { OptionalReference } from '../../platform/http/resource';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsISO31661Alpha2,
  IsISO4217CurrencyCode,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
  ValidationOptions,
} from 'class-validator';
import { AddressLine } from '../../platform/http/address.dto';
import { IsDecimal } from '../../platform/http/decimal';
import {
  priceVisibilities,
  type CommerceSettings,
  type ContactDetails,
  type CustomAttribute,
  type PostalAddress,
  type PriceVisibility,
} from './account.entity';

/**
 * The structured members of accounts (and contacts): addresses, contact details, custom
 * attributes and commerce settings. Request classes validate; the same classes document answers,
 * where every member is present (null or []).
 */

const optionalLine = (description?: string) =>
  ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: 255,
    ...(description ? { description } : {}),
  });

export class PostalAddressDto implements PostalAddress {
  @AddressLine() street: string | null;
  @AddressLine() houseNumber: string | null;
  @AddressLine('e.g. `A` or `bis`') houseNumberAddition: string | null;
  @AddressLine() postalCode: string | null;
  @AddressLine() city: string | null;
  @AddressLine('State, province or county') region: string | null;
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    example: 'NL',
    description: 'ISO 3166-1 alpha-2 (stored upper case)',
  })
  @IsOptional()
  @IsISO31661Alpha2()
  countryCode: string | null;
}

export class EmailDetailDto {
  @ApiProperty({ format: 'email', maxLength: 255 }) @IsEmail() @MaxLength(255) address: string;
  @optionalLine('e.g. `work`, `invoices`') @IsOptional() @IsString() @MaxLength(255) label: string | null;
}

export class PhoneDetailDto {
  @ApiProperty({ maxLength: 255, example: '+31 20 123 4567' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  number: string;
  @optionalLine('e.g. `mobile`, `office`') @IsOptional() @IsString() @MaxLength(255) label: string | null;
}

export class WebsiteDetailDto {
  @ApiProperty({ maxLength: 255, example: 'https://example.com' }) @IsUrl() @MaxLength(255) url: string;
  @optionalLine() @IsOptional() @IsString() @MaxLength(255) label: string | null;
}

export class ContactDetailsDto implements ContactDetails {
  @ApiProperty({ type: [EmailDetailDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => EmailDetailDto)
  emails: EmailDetailDto[];

  @ApiProperty({ type: [PhoneDetailDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => PhoneDetailDto)
  phones: PhoneDetailDto[];

  @ApiProperty({ type: [WebsiteDetailDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => WebsiteDetailDto)
  websites: WebsiteDetailDto[];
}

const IsAttributeValue = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isAttributeValue',
      validator: {
        validate: (v: unknown) =>
          v === null ||
          typeof v === 'boolean' ||
          (typeof v === 'number' && Number.isFinite(v)) ||
          (typeof v === 'string' && v.length <= 65535),
        defaultMessage: () =>
          'value must be a string (at most 65535 characters), a number, a boolean or null',
      },
    },
    options,
  );

export class CustomAttributeDto implements CustomAttribute {
  @ApiProperty({ maxLength: 255, example: 'preferredCarrier' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  key: string;
  @ApiProperty({
    oneOf: [{ type: 'string', nullable: true }, { type: 'number' }, { type: 'boolean' }],
    description: 'A string, number, boolean or null',
  })
  @IsAttributeValue()
  value: string | number | boolean | null;
}

export class CommerceSettingsDto implements CommerceSettings {
  @OptionalReference(
    'The id of this customer’s price list in another system (an ERP), stored and answered as given. This service has no price lists and its pricing does not read it: a customer’s price is the sales price, the quantity tier, `discountPercentage` and the workspace’s atomic scripts.',
  )
  priceListId: string | null;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 100,
    default: 0,
    description: 'Customer discount in percent, applied by pricing',
  })
  @IsOptional()
  @IsDecimal(4)
  @Min(0)
  @Max(100)
  discountPercentage: number;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: 3650,
    description: 'Days until an invoice is due',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(3650)
  paymentTermDays: number | null;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    example: 'EUR',
    description: 'ISO 4217 currency the customer is invoiced in',
  })
  @IsOptional()
  @IsISO4217CurrencyCode()
  currency: string | null;

  @ApiPropertyOptional({
    default: true,
    description: 'Whether VAT is charged (false for reverse charge / export)',
  })
  @IsOptional()
  @IsBoolean()
  vatLiable: boolean;

  @ApiPropertyOptional({
    type: 'number',
    nullable: true,
    minimum: 0,
    description: 'Maximum open order amount, in `currency`',
  })
  @IsOptional()
  @IsDecimal(2)
  @Min(0)
  @Max(1e12)
  creditLimit: number | null;

  @ApiPropertyOptional({
    enum: priceVisibilities,
    default: 'Visible',
    description: 'Hidden: the storefront shows this account’s shoppers no prices (every price on request)',
  })
  @IsOptional()
  @IsIn(priceVisibilities)
  priceVisibility: PriceVisibility;
}

/** Full, stored forms of the members: every field present. */
export const postalAddress = (a: Partial<PostalAddress> | null | undefined): PostalAddress | null =>
  a
    ? {
        street: a.street ?? null,
        houseNumber: a.houseNumber ?? null,
        houseNumberAddition: a.houseNumberAddition ?? null,
        postalCode: a.postalCode ?? null,
        city: a.city ?? null,
        region: a.region ?? null,
        countryCode: a.countryCode ? a.countryCode.toUpperCase() : null,
      }
    : null;

export const contactDetails = (d: Partial<ContactDetails> | null | undefined): ContactDetails => ({
  emails: (d?.emails ?? []).map((e) => ({ address: e.address, label: e.label ?? null })),
  phones: (d?.phones ?? []).map((p) => ({ number: p.number, label: p.label ?? null })),
  websites: (d?.websites ?? []).map((w) => ({ url: w.url, label: w.label ?? null })),
});

export const customAttributes = (list: CustomAttribute[] | null | undefined): CustomAttribute[] =>
  (list ?? []).map((a) => ({ key: a.key, value: a.value ?? null }));

export const commerceSettings = (s: Partial<CommerceSettings> | null | undefined): CommerceSettings => ({
  priceListId: s?.priceListId ?? null,
  discountPercentage: s?.discountPercentage ?? 0,
  paymentTermDays: s?.paymentTermDays ?? null,
  currency: s?.currency ? s.currency.toUpperCase() : null,
  vatLiable: s?.vatLiable ?? true,
  creditLimit: s?.creditLimit ?? null,
  priceVisibility: s?.priceVisibility ?? 'Visible',
});

/** Tags and similar string lists: trimmed, empty ones dropped, duplicates removed (first wins). */
export const distinctStrings = (list: string[] | null | undefined): string[] => [
  ...new Set((list ?? []).map((s) => s.trim()).filter((s) => s.length > 0)),
];

/** Keys of custom attributes must be unique; returns the first duplicate's index. */
export const duplicateAttributeKey = (list: CustomAttribute[] | null | undefined): number =>
  (list ?? []).findIndex((a, i, all) => all.findIndex((b) => b.key === a.key) !== i);
