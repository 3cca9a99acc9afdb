import { ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { AccountListQuery } from '../../crm/crm.api';
import { type ExportFormat, exportFormats } from './product-export.dto';

/**
 * GET /core-api/exports/accounts: the file's format and every filter of the account list
 * (GET /core-api/accounts, `Query` included; not its page or order: an export is every match, by id).
 */
export class AccountExportQuery extends OmitType(AccountListQuery, [
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
