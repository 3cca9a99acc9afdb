import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { actorTypes } from '../../platform/tenancy/request-context';
import {
  IsArray,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  MinLength,
} from 'class-validator';
import { ArrayFilter, ListQuery, PageOf, StringsFilter, UuidsFilter } from '../../platform/http/list-query';
import { ExternalReferenceBody, ScopedResponse, UpdateIdBody } from '../../platform/http/resource';
import { bodyFormats, commentEntityTypes } from './comment.entity';
import type { BodyFormat, CommentEntityType } from './comment.entity';

class CommentContent extends ExternalReferenceBody {
  @ApiProperty({ maxLength: 65535, description: 'Json: must parse as JSON; Markdown and Text: any text' })
  @IsString()
  @MinLength(1)
  @MaxLength(65535)
  body: string;
  @ApiPropertyOptional({ enum: bodyFormats, default: 'Text' })
  @IsOptional()
  @IsIn(bodyFormats)
  bodyFormat?: BodyFormat;
}

export class CreateCommentRequest extends CommentContent {
  @ApiProperty({
    format: 'uuid',
    description: 'The entity the comment is about; it must exist in the workspace',
  })
  @IsUUID('loose')
  entityId: string;
  @ApiProperty({ enum: commentEntityTypes }) @IsIn(commentEntityTypes) entityType: CommentEntityType;
}

export class UpdateCommentRequest extends UpdateIdBody(CommentContent) {}

export class CommentEntityRef {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: commentEntityTypes }) type: CommentEntityType;
}

export class CommentAuthor {
  @ApiProperty({
    type: 'string',
    format: 'uuid',
    nullable: true,
    description: 'null when the service wrote it',
  })
  id: string | null;
  @ApiProperty({ enum: actorTypes }) type: string;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'null when the author is no longer in the workspace',
  })
  displayName: string | null;
}

export class CommentResponse extends ScopedResponse {
  @ApiProperty() body: string;
  @ApiProperty({ enum: bodyFormats }) bodyFormat: BodyFormat;
  @ApiProperty({ readOnly: true, description: 'true once the comment was updated' }) isEdited: boolean;
  @ApiProperty({ type: CommentEntityRef, description: 'What the comment is about' }) entity: CommentEntityRef;
  @ApiProperty({
    type: CommentAuthor,
    description: 'Who wrote it; only they (or an Admin/Owner) may update or delete it',
  })
  author: CommentAuthor;
}
export class CommentPage extends PageOf(CommentResponse) {}

export class CommentListQuery extends ListQuery(['CreatedAt'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @UuidsFilter('Comments about these entities')
  entity_ids?: string[];
  @ApiPropertyOptional({ type: [String], enum: commentEntityTypes })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsIn(commentEntityTypes, { each: true })
  entity_types?: CommentEntityType[];
  @ApiPropertyOptional({ name: 'created_at.Min', format: 'date-time', description: 'Inclusive lower bound' })
  @IsOptional()
  @IsISO8601({ strict: true })
  'created_at.Min'?: string;
  @ApiPropertyOptional({ name: 'created_at.Max', format: 'date-time', description: 'Inclusive upper bound' })
  @IsOptional()
  @IsISO8601({ strict: true })
  'created_at.Max'?: string;
}
