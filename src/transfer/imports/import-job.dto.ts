import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsIn, IsOptional } from 'class-validator';
import { ArrayFilter, ListQuery, PageOf, UuidsFilter } from '../../platform/http/list-query';
import { ScopedResponse } from '../../platform/http/resource';
import {
  type ImportFormat,
  importFormats,
  type ImportKind,
  importKinds,
  type ImportMode,
  importModes,
  type ImportPreset,
  importPresets,
  type ImportStatus,
  importStatuses,
} from './import-job.entity';

/** The first entries of a job's errors and plan that it keeps (docs/imports.md, "Bounds"). */
export const keptEntries = 1000;

/** The multipart fields of POST /core-api/imports besides the file (all text, as forms send them). */
export class ImportRequestFields {
  kind: ImportKind;
  mode: ImportMode;
  mapping: Record<string, string | null> | null;
  createMissingCategories: boolean;
  preset: ImportPreset | null;
}

export class ImportRowError {
  @ApiProperty({ type: 'integer', description: 'The row as a spreadsheet numbers it: the header is row 1' })
  row: number;
  @ApiProperty({
    type: 'string',
    nullable: true,
    example: 'salesPrice',
    description: 'The column (after mapping); null for the whole row',
  })
  column: string | null;
  @ApiProperty({ example: 'salesPrice "12,5x" is not a number (write it like 12.50, at most 4 decimals)' })
  message: string;
}

export class ImportPlanRow {
  @ApiProperty({ type: 'integer', description: 'The row as a spreadsheet numbers it: the header is row 1' })
  row: number;
  @ApiProperty({
    example: 'CHAIR-001',
    description: 'The key of the row (the sku of a product, or its externalReference in a file keyed by it)',
  })
  key: string;
  @ApiProperty({ enum: ['create', 'update', 'unchanged'] }) action: 'create' | 'update' | 'unchanged';
  @ApiProperty({
    type: [String],
    example: ['salesPrice', 'title:en'],
    description: 'The columns whose values change (for a create: the columns given)',
  })
  changes: string[];
}

/** A job as lists show it: without its errors and plan. */
export class ImportJobSummary extends ScopedResponse {
  @ApiProperty({ enum: importKinds }) kind: ImportKind;
  @ApiProperty({
    enum: importModes,
    description: '`dryRun` reports what `apply` would do and writes nothing',
  })
  mode: ImportMode;
  @ApiProperty({ enum: importStatuses }) status: ImportStatus;
  @ApiProperty({ example: 'products.csv' }) fileName: string;
  @ApiProperty({ enum: importFormats }) format: ImportFormat;
  @ApiProperty({ type: 'integer' }) fileSize: number;
  @ApiProperty({
    type: 'string',
    nullable: true,
    example: 'csv, Windows-1252, delimiter ";"',
    description: 'How the file was read (encoding and delimiter of a CSV file), once a worker opened it',
  })
  detectedFormat: string | null;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: { type: 'string', nullable: true } })
  mapping: Record<string, string | null> | null;
  @ApiProperty() createMissingCategories: boolean;
  @ApiProperty({
    type: 'string',
    // OpenAPI 3.0: a nullable enum lists null itself.
    enum: [...importPresets, null] as unknown as string[],
    nullable: true,
    description:
      'The system whose export the file is (products only): `shopify` (a Shopify product CSV export) or `googleMerchant` (a Google Merchant Center product feed); its rows are turned into product rows, variants included (docs/imports.md, "Presets"). Null: the file has the product columns',
  })
  preset: ImportPreset | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Data rows of the file; null until a worker counted them',
  })
  rowsTotal: number | null;
  @ApiProperty({ type: 'integer', description: 'Data rows done (committed)' }) rowsProcessed: number;
  @ApiProperty({ type: 'integer' }) created: number;
  @ApiProperty({ type: 'integer' }) updated: number;
  @ApiProperty({ type: 'integer' }) unchanged: number;
  @ApiProperty({ type: 'integer', description: 'Rows not imported because of an error' }) failed: number;
  @ApiProperty({ type: 'integer', description: 'Errors in all (the job keeps the first 1,000)' })
  errorCount: number;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Why the job failed as a whole (no sku column, an unreadable file)',
  })
  failure: string | null;
  @ApiProperty({
    type: 'string',
    format: 'uuid',
    nullable: true,
    description: 'The user who uploaded the file',
  })
  createdById: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) startedAt: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) finishedAt: string | null;
}

export class ImportJobResponse extends ImportJobSummary {
  @ApiProperty({ type: [ImportRowError], description: 'The first 1,000 errors, by row' })
  errors: ImportRowError[];
  @ApiProperty({
    type: [ImportPlanRow],
    description: 'What the job does (or, in a dry run, would do) with each row: the first 1,000 rows',
  })
  plan: ImportPlanRow[];
}

export class ImportJobPage extends PageOf(ImportJobSummary) {}

export class ImportJobListQuery extends ListQuery(['CreatedAt'] as const) {
  @UuidsFilter()
  ids?: string[];
  @ApiPropertyOptional({ type: [String], enum: importStatuses })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsIn(importStatuses, { each: true })
  statuses?: ImportStatus[];
}
