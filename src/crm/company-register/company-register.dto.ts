import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PageOf } from '../../platform/http/list-query';
import { PostalAddressDto } from '../accounts/account-members.dto';

export const addressTypes = ['Visiting', 'Postal'] as const;
export type RegisteredAddressType = (typeof addressTypes)[number];

export class RegisteredAddress extends PostalAddressDto {
  @ApiProperty({ enum: addressTypes, description: 'Visiting (bezoekadres) or postal (postadres) address' })
  type: RegisteredAddressType;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'The address as one line, as the register writes it',
  })
  fullAddress: string | null;
}

/** One hit of a search in the company register. */
export class SuggestedAccount {
  @ApiProperty({ example: '69599084' }) chamberOfCommerceNumber: string;
  @ApiProperty({ type: 'string', nullable: true, example: '000038509490' }) branchNumber: string | null;
  @ApiProperty() displayName: string;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Main branch, branch or legal entity, as the register calls it',
  })
  kind: string | null;
  @ApiProperty({ type: 'string', nullable: true }) street: string | null;
  @ApiProperty({ type: 'string', nullable: true }) city: string | null;
  @ApiProperty({
    type: 'string',
    format: 'uuid',
    nullable: true,
    description: 'An account of this workspace with this number, if any',
  })
  existingAccountId: string | null;
}
export class SuggestedAccountPage extends PageOf(SuggestedAccount) {}

/** The register's basic profile of a company, shaped to prefill an account. */
export class SuggestedAccountDetails {
  @ApiProperty({ example: '69599084' }) chamberOfCommerceNumber: string;
  @ApiProperty({ type: 'string', nullable: true }) branchNumber: string | null;
  @ApiProperty() displayName: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'Statutory name' }) fullName: string | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Legal entities and partnerships information number',
  })
  rsin: string | null;
  @ApiProperty({ type: [String] }) websites: string[];
  @ApiProperty({ type: 'string', nullable: true, description: 'Legal form, e.g. `Besloten Vennootschap`' })
  companyType: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) employees: number | null;
  @ApiProperty({ type: 'string', format: 'date', nullable: true }) foundationDate: string | null;
  @ApiProperty({
    type: [String],
    description: 'SBI activity codes (account chamberOfCommerceRubricationCodes)',
  })
  chamberOfCommerceRubricationCodes: string[];
  @ApiProperty({ type: [RegisteredAddress] }) addresses: RegisteredAddress[];
  @ApiProperty({
    type: 'string',
    format: 'uuid',
    nullable: true,
    description: 'An account of this workspace with this number, if any',
  })
  existingAccountId: string | null;
}

export class SuggestQuery {
  @ApiProperty({ description: 'A company name, or an 8-digit Chamber of Commerce number', maxLength: 255 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  query: string;
}

export const chamberOfCommerceNumberPattern = /^\d{8}$/;
