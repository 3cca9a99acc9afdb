import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { ListQuery, PageOf, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import { ExternalReferenceBody, ScopedResponse, UpdateIdBody } from '../../platform/http/resource';

class ProductAttributeFields extends ExternalReferenceBody {
  @ApiProperty({ maxLength: 255, example: 'Colour' }) @IsString() @IsNotEmpty() @MaxLength(255) name: string;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: 1000,
    description:
      'The categories whose products require a value for this attribute (product issues report the ones missing). PUT replaces the list.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('loose', { each: true })
  categoryIds?: string[];
}

export class CreateProductAttributeRequest extends ProductAttributeFields {}

export class UpdateProductAttributeRequest extends UpdateIdBody(ProductAttributeFields) {}

export class ProductAttributeResponse extends ScopedResponse {
  @ApiProperty() name: string;
  @ApiProperty({
    type: [String],
    format: 'uuid',
    description: 'The categories whose products require this attribute',
  })
  categoryIds: string[];
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    description: 'Number of products with at least one value for this attribute',
  })
  productCount: number;
}
export class ProductAttributePage extends PageOf(ProductAttributeResponse) {}

export class ProductAttributeListQuery extends ListQuery(['Name'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
}
