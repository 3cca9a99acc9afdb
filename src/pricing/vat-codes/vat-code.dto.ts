import { ApiProperty } from '@nestjs/swagger';
import { ListQuery, PageOf, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import { ScopedResponse } from '../../platform/http/resource';

export class VatCodeResponse extends ScopedResponse {
  @ApiProperty({ maxLength: 32, example: 'Standard' }) code: string;
  @ApiProperty({ maxLength: 255, example: 'Standard rate' }) name: string;
  @ApiProperty({ description: 'The rate in percent (21 = 21 %)', minimum: 0, maximum: 100, example: 21 })
  rate: number;
  @ApiProperty({ description: 'Used for products without a VAT code; one per workspace' })
  isDefault: boolean;
  @ApiProperty() displayOrder: number;
}
export class VatCodePage extends PageOf(VatCodeResponse) {}

export class VatCodeListQuery extends ListQuery(['DisplayOrder', 'Code', 'Name'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
}
