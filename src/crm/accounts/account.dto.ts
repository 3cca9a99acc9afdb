import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { ArrayFilter, ListQuery, PageOf, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import {
  ExternalReferenceBody,
  OptionalReference,
  ScopedResponse,
  UpdateIdBody,
} from '../../platform/http/resource';
import { accountTypes } from './account.entity';
import type { AccountType } from './account.entity';
import {
  CommerceSettingsDto,
  ContactDetailsDto,
  CustomAttributeDto,
  PostalAddressDto,
} from './account-members.dto';

const text = (maxLength: number, description?: string) =>
  ApiPropertyOptional({ type: 'string', nullable: true, maxLength, ...(description ? { description } : {}) });
const stringList = (description: string) =>
  ApiPropertyOptional({ type: [String], description, maxItems: 200 });
const dateTime = (description?: string) =>
  ApiPropertyOptional({
    type: 'string',
    format: 'date-time',
    nullable: true,
    ...(description ? { description } : {}),
  });

/** The fields of an account's create and update bodies. */
export class AccountBody extends ExternalReferenceBody {
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) displayName: string;
  @text(65535) @IsOptional() @IsString() @MaxLength(65535) description?: string | null;
  @text(65535) @IsOptional() @IsString() @MaxLength(65535) notes?: string | null;
  @text(255, 'Customer/supplier number; unique in the workspace')
  @IsOptional()
  @IsString()
  @MaxLength(255)
  accountCode?: string | null;
  @text(100, 'Free text, e.g. `Prospect`, `Active`, `On hold`')
  @IsOptional()
  @IsString()
  @MaxLength(100)
  accountStatus?: string | null;
  @ApiPropertyOptional({ enum: accountTypes, nullable: true })
  @IsOptional()
  @IsIn(accountTypes)
  accountType?: AccountType | null;
  @OptionalReference('A user of the workspace')
  ownerId?: string | null;
  @OptionalReference('A user of the workspace who processes sales orders')
  salesOrderProcessorId?: string | null;
  @stringList('Industries the company works in')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  industries?: string[];
  @ApiPropertyOptional({ type: 'integer', format: 'int32', minimum: 0, nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2147483647)
  employees?: number | null;
  @text(255) @IsOptional() @IsString() @MaxLength(255) vatNumber?: string | null;
  @text(255, 'Chamber of Commerce (KvK) number')
  @IsOptional()
  @IsString()
  @MaxLength(255)
  chamberOfCommerce?: string | null;
  @stringList('Activity codes of the Chamber of Commerce (SBI codes)')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  chamberOfCommerceRubricationCodes?: string[];
  @dateTime('When the VAT number was last validated')
  @IsOptional()
  @IsISO8601({ strict: true })
  vatValidationDate?: string | null;
  @OptionalReference('The catalog this customer’s shoppers see')
  productCatalogId?: string | null;
  @stringList('Tags (trimmed; duplicates removed)')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  tags?: string[];
  @dateTime('Last call, meeting or message; also moved by comments and activities')
  @IsOptional()
  @IsISO8601({ strict: true })
  lastContactMoment?: string | null;
  @ApiPropertyOptional({ type: PostalAddressDto, nullable: true })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => PostalAddressDto)
  billingAddress?: PostalAddressDto | null;
  @ApiPropertyOptional({ type: PostalAddressDto, nullable: true })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => PostalAddressDto)
  visitingAddress?: PostalAddressDto | null;
  @ApiPropertyOptional({ type: PostalAddressDto, nullable: true })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => PostalAddressDto)
  deliveryAddress?: PostalAddressDto | null;
  @ApiPropertyOptional({ type: ContactDetailsDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ContactDetailsDto)
  contactDetails?: ContactDetailsDto | null;
  @ApiPropertyOptional({ type: [CustomAttributeDto], description: 'Custom attributes; keys unique' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => CustomAttributeDto)
  attributes?: CustomAttributeDto[];
  @ApiPropertyOptional({ type: CommerceSettingsDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CommerceSettingsDto)
  commerceSettings?: CommerceSettingsDto | null;
}

export class CreateAccountRequest extends AccountBody {}

export class UpdateAccountRequest extends UpdateIdBody(AccountBody) {}

export class AccountResponse extends ScopedResponse {
  @ApiProperty() displayName: string;
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty({ type: 'string', nullable: true }) notes: string | null;
  @ApiProperty({ type: 'string', nullable: true }) accountCode: string | null;
  @ApiProperty({ type: 'string', nullable: true }) accountStatus: string | null;
  @ApiProperty({ enum: accountTypes, nullable: true }) accountType: AccountType | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) ownerId: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) salesOrderProcessorId: string | null;
  @ApiProperty({ type: [String] }) industries: string[];
  @ApiProperty({ type: 'integer', format: 'int32', nullable: true }) employees: number | null;
  @ApiProperty({ type: 'string', nullable: true }) vatNumber: string | null;
  @ApiProperty({ type: 'string', nullable: true }) chamberOfCommerce: string | null;
  @ApiProperty({ type: [String] }) chamberOfCommerceRubricationCodes: string[];
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) vatValidationDate: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) productCatalogId: string | null;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) lastContactMoment: string | null;
  @ApiProperty({ type: PostalAddressDto, nullable: true }) billingAddress: PostalAddressDto | null;
  @ApiProperty({ type: PostalAddressDto, nullable: true }) visitingAddress: PostalAddressDto | null;
  @ApiProperty({ type: PostalAddressDto, nullable: true }) deliveryAddress: PostalAddressDto | null;
  @ApiProperty({ type: ContactDetailsDto }) contactDetails: ContactDetailsDto;
  @ApiProperty({ type: [CustomAttributeDto] }) attributes: CustomAttributeDto[];
  @ApiProperty({ type: CommerceSettingsDto }) commerceSettings: CommerceSettingsDto;
}
export class AccountPage extends PageOf(AccountResponse) {}

export class AccountListQuery extends ListQuery(['DisplayName', 'ModifiedAt'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @ApiPropertyOptional({ type: [String], enum: accountTypes })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsIn(accountTypes, { each: true })
  account_types?: AccountType[];
  @UuidsFilter()
  owner_ids?: string[];
  @StringsFilter('Accounts with any of these industries')
  industries?: string[];
  @StringsFilter('Accounts with any of these tags')
  tags?: string[];
}

/** A value in use and how many resources use it. */
export class ValueCount {
  @ApiProperty({ type: 'string', nullable: true, description: 'null counts the resources without a value' })
  value: string | null;
  @ApiProperty({ type: 'integer' }) count: number;
}
/** Used tags, industries, job titles…: most used first, then alphabetically. */
export class ValueCountPage extends PageOf(ValueCount) {}

export class AccountFilterableValues {
  @ApiProperty({ type: [ValueCount], description: 'Values of `account_types`' }) accountTypes: ValueCount[];
  @ApiProperty({ type: [ValueCount], description: 'Values of `owner_ids` (user ids)' })
  ownerIds: ValueCount[];
  @ApiProperty({ type: [ValueCount], description: 'Values of `industries`' }) industries: ValueCount[];
  @ApiProperty({ type: [ValueCount], description: 'Values of `tags`' }) tags: ValueCount[];
}

export class AccountStats {
  @ApiProperty({ type: 'integer', description: 'Accounts in the workspace' }) total: number;
  @ApiProperty({ type: [ValueCount], description: 'By accountType (null: none)' }) byType: ValueCount[];
  @ApiProperty({ type: [ValueCount], description: 'By accountStatus (null: none)' }) byStatus: ValueCount[];
  @ApiProperty({ type: [ValueCount], description: 'By ownerId (null: no owner)' }) byOwner: ValueCount[];
  @ApiProperty({ type: [ValueCount], description: 'By industry (an account counts once per industry)' })
  byIndustry: ValueCount[];
}
