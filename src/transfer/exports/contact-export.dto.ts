import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import { type ExportFormat, exportFormats } from './product-export.dto';

/** GET /core-api/exports/contacts: the file's format and the contact list's filters. */
export class ContactExportQuery {
  @ApiPropertyOptional({ enum: exportFormats, default: 'csv' })
  @IsOptional()
  @IsIn(exportFormats)
  format: ExportFormat = 'csv';
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @StringsFilter('Contacts with any of these tags')
  tags?: string[];
}
