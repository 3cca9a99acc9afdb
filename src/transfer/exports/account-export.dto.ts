import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsIn, IsOptional } from 'class-validator';
import { accountTypes } from '../../crm/crm.api';
import { ArrayFilter, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import { type ExportFormat, exportFormats } from './product-export.dto';

/** GET /core-api/exports/accounts: the file's format and the account list's filters. */
export class AccountExportQuery {
  @ApiPropertyOptional({ enum: exportFormats, default: 'csv' })
  @IsOptional()
  @IsIn(exportFormats)
  format: ExportFormat = 'csv';
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @ApiPropertyOptional({ type: [String], enum: accountTypes })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsIn(accountTypes, { each: true })
  account_types?: string[];
  @StringsFilter('Accounts with any of these tags')
  tags?: string[];
}
