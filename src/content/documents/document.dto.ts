import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { BooleanFilter } from '../../platform/http/list-query';
import { maxDepth, maxPathLength } from './document-path';
import { documentTypes, type DocumentType } from './document.entity';

const pathRules =
  'Relative to the workspace’s documents root, segments separated by `/`; no leading `/`, no empty, `.` or `..` ' +
  'segment, no backslash, `%`, control character or direction override; at most 32 segments of 255 characters ' +
  'and 1,024 characters in all (else 400).';

export class DocumentEntryResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'contracts/2026/offer.pdf' }) path: string;
  @ApiProperty({ example: 'offer.pdf' }) name: string;
  @ApiProperty({ enum: documentTypes }) type: DocumentType;
  @ApiProperty({ type: 'integer', format: 'int64', nullable: true, description: 'Bytes (files only)' })
  size: number | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'application/pdf', description: 'Files only' })
  contentType: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) modifiedAt: string;
}

export class DocumentTreeNode extends DocumentEntryResponse {
  @ApiProperty({ type: () => [DocumentTreeNode], description: 'Entries of a directory (empty for files)' })
  children: DocumentTreeNode[];
}

export class DocumentStructureResponse {
  @ApiProperty({ example: 'contracts', description: 'The directory listed (`""`: the root)' }) path: string;
  @ApiProperty({ type: [DocumentTreeNode], description: 'Its entries, directories first, then by name' })
  children: DocumentTreeNode[];
  @ApiProperty({ type: 'integer', description: 'Entries in the answer' }) total: number;
  @ApiProperty({ description: 'true when the subtree holds more than 10,000 entries: list a deeper path' })
  truncated: boolean;
}

export class DocumentStructureQuery {
  @ApiPropertyOptional({
    maxLength: maxPathLength,
    description: `The directory to list (default the root). ${pathRules}`,
  })
  @IsOptional()
  @IsString()
  @MaxLength(maxPathLength)
  path?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: maxDepth,
    default: maxDepth,
    description: 'Levels below `path`',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(maxDepth)
  depth?: number;
}

export class DocumentPathQuery {
  @ApiProperty({
    maxLength: maxPathLength,
    example: 'contracts/2026/offer.pdf',
    description: `The file. ${pathRules}`,
  })
  @IsString()
  @MaxLength(maxPathLength)
  path: string;
}

export class DocumentUploadQuery {
  @ApiPropertyOptional({
    maxLength: maxPathLength,
    example: 'contracts/2026',
    description: `The directory to upload into (default the root; missing directories are created). ${pathRules}`,
  })
  @IsOptional()
  @IsString()
  @MaxLength(maxPathLength)
  path?: string;

  @ApiPropertyOptional({ type: Boolean, default: false, description: 'Replace files that exist (else 409)' })
  @IsOptional()
  @BooleanFilter()
  @IsBoolean()
  overwrite?: boolean;
}

export class DocumentUploadResponse {
  @ApiProperty({ type: [DocumentEntryResponse], description: 'The stored files, in upload order' })
  files: DocumentEntryResponse[];
}

export class CreateDirectoryRequest {
  @ApiProperty({
    maxLength: maxPathLength,
    example: 'contracts/2026',
    description: `The new directory (parents are created). ${pathRules}`,
  })
  @IsString()
  @MaxLength(maxPathLength)
  path: string;
}

export class DeleteDirectoryQuery {
  @ApiProperty({
    maxLength: maxPathLength,
    example: 'contracts/2026',
    description: `The directory. ${pathRules}`,
  })
  @IsString()
  @MaxLength(maxPathLength)
  path: string;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: 'Also remove everything in it (else 409 when not empty)',
  })
  @IsOptional()
  @BooleanFilter()
  @IsBoolean()
  recursive?: boolean;
}
