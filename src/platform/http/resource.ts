import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import type { ScopedEntity } from '../database/scoped-entity';
import { badRequest } from './problem';
import { withEtag } from './etag';

/** The common fields of every stored resource's answer (interface §2). */
export class ScopedResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'The workspace the resource belongs to' }) workspace: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) modifiedAt: string;
  @ApiProperty({ type: 'string', nullable: true, maxLength: 255, description: 'Caller-chosen reference' })
  externalReference: string | null;
}

/** The common part of a create body: every stored resource accepts an external reference. */
export class ExternalReferenceBody {
  @ApiProperty({ type: 'string', nullable: true, required: false, maxLength: 255 })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  externalReference?: string | null;
}

/**
 * An update body: `Base` plus the `id` it may repeat (optional; when given it must equal the
 * path's, see `assertSameId`). A mixin, as update bodies already extend their fields class;
 * `id` comes after the inherited members in the document.
 */
export function UpdateIdBody<T extends object>(Base: new () => T): new () => T & { id?: string } {
  class UpdateIdBodyOf extends (Base as new () => object) {
    @ApiProperty({ format: 'uuid', required: false, description: 'Must equal the id in the path when given' })
    @IsOptional()
    @IsUUID('loose')
    id?: string;
  }
  return UpdateIdBodyOf as new () => T & { id?: string };
}

export function assertSameId(pathId: string, bodyId: string | undefined): void {
  if (bodyId !== undefined && bodyId !== pathId)
    throw badRequest({ id: ['id in the body differs from the id in the path'] });
}

/** The common fields, mapped from an entity, with the entity's version as ETag. */
export function scopedFields(e: ScopedEntity): ScopedResponse {
  return {
    id: e.id,
    workspace: e.workspaceId,
    createdAt: e.createdAt.toISOString(),
    modifiedAt: e.modifiedAt.toISOString(),
    externalReference: e.externalReference ?? null,
  };
}

/**
 * An answer without its bookkeeping (id, workspace, timestamps): what activities compare, so
 * `{Entity}{Property}Updated` names only the properties a caller can change.
 */
export function withoutScopedFields<R extends ScopedResponse>(
  r: R,
): Omit<R, 'id' | 'workspace' | 'createdAt' | 'modifiedAt'> {
  const { id: _id, workspace: _ws, createdAt: _c, modifiedAt: _m, ...rest } = r;
  return rest;
}

/** Maps an entity to its answer and attaches the ETag. */
export function respond<E extends { version: number }, R extends object>(entity: E, map: (e: E) => R): R {
  return withEtag(map(entity), entity.version);
}

/** `YYYY-MM-DD` for date columns (TypeORM returns them as strings already; Dates are formatted). */
export const dateOnly = (v: string | Date | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10);

/** An optional, nullable reference by id in a body (`brandId`, `ownerId`, …); existence is checked by the service. */
export const OptionalReference = (description?: string) =>
  applyDecorators(
    ApiProperty({
      type: 'string',
      format: 'uuid',
      nullable: true,
      required: false,
      ...(description ? { description } : {}),
    }),
    IsOptional(),
    IsUUID('loose'),
  );
