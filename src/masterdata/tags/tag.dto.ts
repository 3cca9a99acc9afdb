import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { ArrayFilter, ListQuery, PageOf } from '../../platform/http/list-query';

export class MasterdataTagListQuery extends ListQuery(['Tag', 'Count'] as const) {
  @ApiPropertyOptional({
    type: [String],
    example: ['Account', 'Deal'],
    description: 'Only tags of these entity types (those that have tags)',
  })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  entity_types?: string[];
}

export class MasterdataTag {
  @ApiProperty() tag: string;
  @ApiProperty({ type: 'integer', description: 'Entities carrying the tag, over all types' }) count: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    example: { Account: 2, Deal: 5 },
    description: 'Per entity type, the entities carrying the tag (types without it are left out)',
  })
  byType: Record<string, number>;
}
export class MasterdataTagPage extends PageOf(MasterdataTag) {}
