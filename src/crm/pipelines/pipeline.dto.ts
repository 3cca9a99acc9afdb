import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { BooleanFilter, ListQuery, PageOf, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import { ExternalReferenceBody, ScopedResponse, UpdateIdBody } from '../../platform/http/resource';
import { customFieldTypes, statusKinds } from './pipeline.entity';
import type { CustomFieldType, StatusKind } from './pipeline.entity';

export class PipelineStatusBody {
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Omit for a new status; repeat to keep an existing one (its deals stay on it)',
  })
  @IsOptional()
  @IsUUID('loose')
  id?: string;
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) title: string;
  @ApiPropertyOptional({
    type: 'integer',
    description: 'Order of the stage; default its position in the array',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1000000)
  displayOrder?: number;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: 100,
    default: 0,
    description: 'Default success rate (%) of deals in this stage',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100)
  successRate?: number;
  @ApiPropertyOptional({ enum: statusKinds, default: 'Open' })
  @IsOptional()
  @IsIn(statusKinds)
  kind?: StatusKind;
}

export class PipelineCustomFieldBody {
  @ApiProperty({
    maxLength: 100,
    pattern: '^[A-Za-z][A-Za-z0-9_]*$',
    description: 'Key of the value in a deal’s `customFields`',
  })
  @IsString()
  @MaxLength(100)
  @Matches(/^[A-Za-z][A-Za-z0-9_]*$/, {
    message: 'key must start with a letter and hold letters, digits and _ only',
  })
  key: string;
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) label: string;
  @ApiProperty({
    enum: customFieldTypes,
    description: 'Text: string; Number: number; Date: YYYY-MM-DD; Boolean: true/false',
  })
  @IsIn(customFieldTypes)
  type: CustomFieldType;
}

/** The stages of a pipeline created without any, as CRM users know them. */
export const defaultPipelineStatuses: ReadonlyArray<
  Required<Pick<PipelineStatusBody, 'title' | 'successRate' | 'kind'>>
> = [
  { title: 'Lead', successRate: 10, kind: 'Open' },
  { title: 'Qualified', successRate: 25, kind: 'Open' },
  { title: 'Proposal', successRate: 50, kind: 'Open' },
  { title: 'Negotiation', successRate: 75, kind: 'Open' },
  { title: 'Won', successRate: 100, kind: 'Won' },
  { title: 'Lost', successRate: 0, kind: 'Lost' },
];

export class CreatePipelineRequest extends ExternalReferenceBody {
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) title: string;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 65535 })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  description?: string | null;
  @ApiPropertyOptional({
    type: [PipelineStatusBody],
    minItems: 1,
    maxItems: 100,
    default: defaultPipelineStatuses,
    description:
      'The stages, at least one. A deal created without statusId goes to the first Open stage (by displayOrder). ' +
      'Omitted on create: Lead (10 %), Qualified (25 %), Proposal (50 %), Negotiation (75 %) as Open, then Won (100 %) ' +
      'and Lost (0 %).',
  })
  // Omitted is allowed (the default stages); null is not an array.
  @ValidateIf((_, value) => value !== undefined)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => PipelineStatusBody)
  statuses?: PipelineStatusBody[];
  @ApiPropertyOptional({
    type: [String],
    description: 'Default tags of a new deal created in this pipeline without tags',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(255, { each: true })
  tags?: string[];
  @ApiPropertyOptional({
    type: [PipelineCustomFieldBody],
    description: 'Extra fields the deals of this pipeline may carry (keys unique)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => PipelineCustomFieldBody)
  customFields?: PipelineCustomFieldBody[];
}

export class UpdatePipelineRequest extends UpdateIdBody(CreatePipelineRequest) {
  @ApiPropertyOptional({
    type: [PipelineStatusBody],
    minItems: 1,
    maxItems: 100,
    description:
      'The stages, at least one: list the existing ones (by id) to keep them; a stage left out is removed (409 while ' +
      'deals use it). Omitted: the current stages stay as they are. A deal created without statusId goes to the ' +
      'first Open stage (by displayOrder).',
  })
  declare statuses?: PipelineStatusBody[];
}

export class PipelineStatusResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty({ type: 'integer' }) displayOrder: number;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 100 }) successRate: number;
  @ApiProperty({ enum: statusKinds }) kind: StatusKind;
}

export class PipelineCustomFieldResponse {
  @ApiProperty() key: string;
  @ApiProperty() label: string;
  @ApiProperty({ enum: customFieldTypes }) type: CustomFieldType;
}

export class PipelineResponse extends ScopedResponse {
  @ApiProperty() title: string;
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty({ type: [PipelineStatusResponse], description: 'Ordered by displayOrder' })
  statuses: PipelineStatusResponse[];
  @ApiProperty({ type: [String], description: 'Default tags of new deals' }) tags: string[];
  @ApiProperty({ type: [PipelineCustomFieldResponse] }) customFields: PipelineCustomFieldResponse[];
}
export class PipelinePage extends PageOf(PipelineResponse) {}

export class PipelineListQuery extends ListQuery(['Title'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
}

/** Deals and money of one group (a status, or all Open / Won / Lost stages). */
export class DealTally {
  @ApiProperty({ type: 'integer' }) dealCount: number;
  @ApiProperty({ type: 'number', format: 'double', description: 'Sum of expectedRevenue (2 decimals)' })
  expectedRevenue: number;
  @ApiProperty({
    type: 'number',
    format: 'double',
    description: 'Sum of expectedRevenue × successRate / 100 (2 decimals)',
  })
  weightedRevenue: number;
}

export class PipelineStatusStatistics extends DealTally {
  @ApiProperty({ format: 'uuid' }) statusId: string;
  @ApiProperty() title: string;
  @ApiProperty({ enum: statusKinds }) kind: StatusKind;
  @ApiProperty({ type: 'integer' }) displayOrder: number;
}

export class PipelineStatisticsResponse {
  @ApiProperty({ format: 'uuid' }) pipelineId: string;
  @ApiProperty({
    type: [PipelineStatusStatistics],
    description: 'Every status of the pipeline, also those without deals',
  })
  statuses: PipelineStatusStatistics[];
  @ApiProperty({ type: DealTally }) open: DealTally;
  @ApiProperty({ type: DealTally }) won: DealTally;
  @ApiProperty({ type: DealTally }) lost: DealTally;
  @ApiProperty({ type: DealTally }) total: DealTally;
}

export class PipelineStatisticsQuery {
  @ApiPropertyOptional({
    default: false,
    description: 'Count archived deals too (default: only deals that are not archived)',
  })
  @IsOptional()
  @BooleanFilter()
  @IsBoolean()
  include_archived?: boolean;
}
