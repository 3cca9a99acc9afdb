import { ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { ContactListQuery } from '../../crm/crm.api';
import { type ExportFormat, exportFormats } from './product-export.dto';

/**
 * GET /core-api/exports/contacts: the file's format and every filter of the contact list
 * (GET /core-api/contacts, `Query` included; not its page or order: an export is every match, by id).
 */
export class ContactExportQuery extends OmitType(ContactListQuery, [
  'Take',
  'Skip',
  'SortOrder',
  'SortBy',
] as const) {
  @ApiPropertyOptional({ enum: exportFormats, default: 'csv' })
  @IsOptional()
  @IsIn(exportFormats)
  format: ExportFormat = 'csv';
}
