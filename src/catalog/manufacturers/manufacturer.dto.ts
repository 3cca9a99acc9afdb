import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { httpUrl, httpUrlFormat } from '../../platform/http/openapi';
import { ListQuery, PageOf, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import { ExternalReferenceBody, ScopedResponse, UpdateIdBody } from '../../platform/http/resource';

class ManufacturerFields extends ExternalReferenceBody {
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) name: string;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 65535 })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  description?: string | null;
  @ApiPropertyOptional({
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
  website?: string | null;
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    format: 'email',
    maxLength: 255,
    description: 'Where to reach the manufacturer (support, orders)',
  })
  @IsOptional()
  @IsEmail()
  @MaxLength(255)
  email?: string | null;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 255 })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  phoneNumber?: string | null;
}

export class CreateManufacturerRequest extends ManufacturerFields {}

export class UpdateManufacturerRequest extends UpdateIdBody(ManufacturerFields) {}

export class ManufacturerResponse extends ScopedResponse {
  @ApiProperty() name: string;
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty({ type: 'string', nullable: true }) website: string | null;
  @ApiProperty({ type: 'string', nullable: true }) email: string | null;
  @ApiProperty({ type: 'string', nullable: true }) phoneNumber: string | null;
}
export class ManufacturerPage extends PageOf(ManufacturerResponse) {}

export class ManufacturerListQuery extends ListQuery(['Name'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
}
