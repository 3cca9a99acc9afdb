import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { ListQuery, PageOf, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import { ExternalReferenceBody, ScopedResponse, UpdateIdBody } from '../../platform/http/resource';

class CatalogFields extends ExternalReferenceBody {
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) name: string;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 65535 })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  description?: string | null;
  @ApiPropertyOptional({
    default: true,
    description: 'An inactive catalog is kept but not offered to shoppers',
  })
  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

export class CreateCatalogRequest extends CatalogFields {}

export class UpdateCatalogRequest extends UpdateIdBody(CatalogFields) {}

export class CatalogResponse extends ScopedResponse {
  @ApiProperty() name: string;
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty() active: boolean;
}
export class CatalogPage extends PageOf(CatalogResponse) {}

export class CatalogListQuery extends ListQuery(['Name'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
}
