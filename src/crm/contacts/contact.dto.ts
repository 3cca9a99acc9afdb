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
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { ListQuery, PageOf, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import {
  ExternalReferenceBody,
  OptionalReference,
  ScopedResponse,
  UpdateIdBody,
} from '../../platform/http/resource';
import { AddressLine } from '../../platform/http/address.dto';
import { ContactDetailsDto, CustomAttributeDto, PostalAddressDto } from '../accounts/account-members.dto';
import { ValueCount } from '../accounts/account.dto';
import { genders, type Gender } from './contact.entity';

const text = (maxLength: number, description?: string) =>
  ApiPropertyOptional({ type: 'string', nullable: true, maxLength, ...(description ? { description } : {}) });

export class ContactAddressDto extends PostalAddressDto {
  @AddressLine('e.g. `home`, `work`') label: string | null;
}

/** A contact's link to an account; the first link is the contact's primary account. */
export class ContactAccountLink {
  @ApiProperty({ format: 'uuid', description: 'An account of the workspace' })
  @IsUUID('loose')
  accountId: string;
  @text(255, 'The contact’s job title at this account') @IsOptional() @IsString() @MaxLength(255) jobTitle:
    string | null;
}

/** The fields of a contact's create and update bodies. */
export class ContactBody extends ExternalReferenceBody {
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) firstName: string;
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) lastName: string;
  @text(255) @IsOptional() @IsString() @MaxLength(255) middleName?: string | null;
  @text(255, 'Derived from first, middle and last name when omitted')
  @IsOptional()
  @IsString()
  @MaxLength(255)
  displayName?: string | null;
  @ApiPropertyOptional({ type: 'integer', format: 'int32', default: 0 })
  @IsOptional()
  @IsInt()
  @Min(-2147483648)
  @Max(2147483647)
  displayOrder?: number | null;
  @text(65535) @IsOptional() @IsString() @MaxLength(65535) description?: string | null;
  @ApiPropertyOptional({ type: 'string', format: 'date', nullable: true, example: '1980-04-23' })
  @IsOptional()
  @IsISO8601({ strict: true })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'dateOfBirth must be a date YYYY-MM-DD' })
  dateOfBirth?: string | null;
  @ApiPropertyOptional({ enum: genders, nullable: true }) @IsOptional() @IsIn(genders) gender?: Gender | null;
  @text(255, 'Salutation or academic title, e.g. `Dr.`') @IsOptional() @IsString() @MaxLength(255) title?:
    string | null;
  @text(255) @IsOptional() @IsString() @MaxLength(255) jobTitle?: string | null;
  @text(65535) @IsOptional() @IsString() @MaxLength(65535) notes?: string | null;
  @OptionalReference('A user of the workspace')
  ownerId?: string | null;
  @OptionalReference('A user of the workspace who processes sales orders')
  salesOrderProcessorId?: string | null;
  @OptionalReference('A client login of the workspace; one contact per client login')
  clientLoginId?: string | null;
  @text(65535) @IsOptional() @IsString() @MaxLength(65535) interestsAndHobbies?: string | null;
  @ApiPropertyOptional({ type: 'string', format: 'date-time', nullable: true })
  @IsOptional()
  @IsISO8601({ strict: true })
  lastContactMoment?: string | null;
  @ApiPropertyOptional({ type: [String], description: 'Tags (trimmed; duplicates removed)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  tags?: string[];
  @ApiPropertyOptional({
    type: [ContactAccountLink],
    description: 'Accounts of the contact; the first is the primary account',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => ContactAccountLink)
  accounts?: ContactAccountLink[];
  @ApiPropertyOptional({ type: ContactDetailsDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ContactDetailsDto)
  contactDetails?: ContactDetailsDto | null;
  @ApiPropertyOptional({ type: [ContactAddressDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => ContactAddressDto)
  addresses?: ContactAddressDto[];
  @ApiPropertyOptional({ type: [CustomAttributeDto], description: 'Custom attributes; keys unique' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => CustomAttributeDto)
  attributes?: CustomAttributeDto[];
}

export class CreateContactRequest extends ContactBody {}

export class UpdateContactRequest extends UpdateIdBody(ContactBody) {}

export class ContactResponse extends ScopedResponse {
  @ApiProperty() firstName: string;
  @ApiProperty({ type: 'string', nullable: true }) middleName: string | null;
  @ApiProperty() lastName: string;
  @ApiProperty() displayName: string;
  @ApiProperty({ type: 'integer', format: 'int32' }) displayOrder: number;
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty({ type: 'string', format: 'date', nullable: true }) dateOfBirth: string | null;
  @ApiProperty({ enum: genders, nullable: true }) gender: Gender | null;
  @ApiProperty({ type: 'string', nullable: true }) title: string | null;
  @ApiProperty({ type: 'string', nullable: true }) jobTitle: string | null;
  @ApiProperty({ type: 'string', nullable: true }) notes: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) ownerId: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) salesOrderProcessorId: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) clientLoginId: string | null;
  @ApiProperty({ type: 'string', nullable: true }) interestsAndHobbies: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) lastContactMoment: string | null;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ type: [ContactAccountLink], description: 'The first is the primary account' })
  accounts: ContactAccountLink[];
  @ApiProperty({ type: ContactDetailsDto }) contactDetails: ContactDetailsDto;
  @ApiProperty({ type: [ContactAddressDto] }) addresses: ContactAddressDto[];
  @ApiProperty({ type: [CustomAttributeDto] }) attributes: CustomAttributeDto[];
}
export class ContactPage extends PageOf(ContactResponse) {}

export class ContactListQuery extends ListQuery(['DisplayName', 'ModifiedAt'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @StringsFilter('Contacts with one of these job titles (the contact’s own `jobTitle`)')
  job_titles?: string[];
  @UuidsFilter()
  owner_ids?: string[];
  @StringsFilter('Contacts with any of these tags')
  tags?: string[];
}

export class ContactFilterableValues {
  @ApiProperty({ type: [ValueCount], description: 'Values of `job_titles`' }) jobTitles: ValueCount[];
  @ApiProperty({ type: [ValueCount], description: 'Values of `owner_ids` (user ids)' })
  ownerIds: ValueCount[];
  @ApiProperty({ type: [ValueCount], description: 'Values of `tags`' }) tags: ValueCount[];
}
