import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength, ValidateNested } from 'class-validator';
import { httpUrl, httpUrlFormat } from '../../platform/http/openapi';
import { ListQuery, PageOf, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import { ExternalReferenceBody, ScopedResponse, UpdateIdBody } from '../../platform/http/resource';

/** What a storefront shows about the brand besides its name and logo. */
export class BrandDetails {
  @ApiProperty({ type: 'string', nullable: true, maxLength: 65535 })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  description: string | null = null;

  @ApiProperty({
    ...httpUrlFormat,
    type: 'string',
    nullable: true,
    maxLength: 1024,
    example: 'https://www.example.com',
  })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  @IsUrl(httpUrl, { message: 'website must be an http(s) URL' })
  website: string | null = null;
}

class BrandFields extends ExternalReferenceBody {
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) name: string;

  @ApiPropertyOptional({
    ...httpUrlFormat,
    type: 'string',
    nullable: true,
    maxLength: 1024,
    description: 'The logo; POST brands/{id}/image uploads one',
  })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  @IsUrl(httpUrl, { message: 'imageUrl must be an http(s) URL' })
  imageUrl?: string | null;

  @ApiPropertyOptional({ type: BrandDetails })
  @IsOptional()
  @ValidateNested()
  @Type(() => BrandDetails)
  details?: BrandDetails;
}

export class CreateBrandRequest extends BrandFields {}

export class UpdateBrandRequest extends UpdateIdBody(BrandFields) {}

export class BrandResponse extends ScopedResponse {
  @ApiProperty() name: string;
  @ApiProperty({ type: 'string', nullable: true }) imageUrl: string | null;
  @ApiProperty({ type: BrandDetails }) details: BrandDetails;
}
export class BrandPage extends PageOf(BrandResponse) {}

export class BrandListQuery extends ListQuery(['Name'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
}
