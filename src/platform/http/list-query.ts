import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

export const sortOrders = ['Asc', 'Desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** What every list operation is asked, whatever the wire form (query string or POST body). */
export interface ListParams<S extends string = string> {
  take: number;
  skip: number;
  sortBy: S;
  sortOrder: SortOrder;
  query?: string;
}

type Ctor<T> = new () => T;

/**
 * The paging members of every list, whatever the wire names them (`Take`, `take`): a page of
 * 0–1000 items, 100 by default. `queryString`: the value arrives as text and is converted.
 */
export const PageSize = (options: { queryString: boolean; description?: string }) =>
  applyDecorators(
    Max(1000),
    Min(0),
    IsInt(),
    ...(options.queryString ? [Type(() => Number)] : []),
    IsOptional(),
    ApiPropertyOptional({
      type: 'integer',
      minimum: 0,
      maximum: 1000,
      default: 100,
      description: options.description,
    }),
  );

/** How many items a list skips (`Skip`, `skip`): 0 by default. */
export const PageOffset = (options: { queryString: boolean }) =>
  applyDecorators(
    Max(2147483647),
    Min(0),
    IsInt(),
    ...(options.queryString ? [Type(() => Number)] : []),
    IsOptional(),
    ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 2147483647, default: 0 }),
  );

/** Ascending or descending (`SortOrder`, `sortOrder`, `sort_order`): ascending by default. */
export const SortDirection = () =>
  applyDecorators(IsIn(sortOrders), IsOptional(), ApiPropertyOptional({ enum: sortOrders, default: 'Asc' }));

export interface ListQueryBase<S extends string> {
  Take: number;
  Skip: number;
  SortOrder: SortOrder;
  SortBy: S;
  Query?: string;
}

/**
 * The query-string base of a core GET collection (api-conventions §5): `Take` (default 100, max 1000),
 * `Skip`, `SortOrder`, `SortBy` (one of `sortBy`, default the first), `Query`. Names are
 * case-insensitive (see ValidationPipe). Extend it with the resource's snake_case filters.
 */
export function ListQuery<S extends string>(sortBy: readonly [S, ...S[]]): Ctor<ListQueryBase<S>> {
  class ListQueryDto implements ListQueryBase<S> {
    @PageSize({ queryString: true, description: 'Page size (case-insensitive name)' })
    Take = 100;

    @PageOffset({ queryString: true })
    Skip = 0;

    @SortDirection()
    SortOrder: SortOrder = 'Asc';

    @ApiPropertyOptional({ enum: sortBy, default: sortBy[0] })
    @IsOptional()
    @IsIn(sortBy)
    SortBy: S = sortBy[0];

    @ApiPropertyOptional({
      description: 'Case-insensitive text search over the name-like fields',
      maxLength: 255,
    })
    @IsOptional()
    @IsString()
    @MaxLength(255)
    Query?: string;
  }
  return ListQueryDto;
}

export interface ListBodyBase<S extends string> {
  take: number;
  skip: number;
  sortOrder: SortOrder;
  sortBy: S;
  query?: string;
}

/**
 * The body base of the POST list/filter operations: the same parameters, camelCase, JSON-typed.
 * `sortBy` values are matched case-insensitively (`name`, `NAME` → `Name`); `aliases` names other
 * accepted spellings (lower case) of a value, such as `price` for `SalesPrice`.
 */
export function ListBody<S extends string>(
  sortBy: readonly [S, ...S[]],
  options: { aliases?: Record<string, S>; description?: string } = {},
): Ctor<ListBodyBase<S>> {
  const canonical = new Map<string, S>([
    ...sortBy.map((value) => [value.toLowerCase(), value] as [string, S]),
    ...Object.entries(options.aliases ?? {}),
  ]);
  class ListBodyDto implements ListBodyBase<S> {
    @PageSize({ queryString: false })
    take = 100;

    @PageOffset({ queryString: false })
    skip = 0;

    @SortDirection()
    sortOrder: SortOrder = 'Asc';

    @ApiPropertyOptional({
      enum: sortBy,
      default: sortBy[0],
      description:
        options.description ??
        'The property to sort by, case-insensitive (`name` is `Name`); ties are broken by the id',
    })
    @IsOptional()
    @Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' ? (canonical.get(value.toLowerCase()) ?? value) : value,
    )
    @IsIn(sortBy)
    sortBy: S = sortBy[0];

    @ApiPropertyOptional({ maxLength: 255 })
    @IsOptional()
    @IsString()
    @MaxLength(255)
    query?: string;
  }
  return ListBodyDto;
}

/** Normalises either wire form to ListParams. */
export function listParams<S extends string>(q: ListQueryBase<S> | ListBodyBase<S>): ListParams<S> {
  if ('Take' in q)
    return {
      take: q.Take,
      skip: q.Skip,
      sortBy: q.SortBy,
      sortOrder: q.SortOrder,
      query: q.Query || undefined,
    };
  return {
    take: q.take,
    skip: q.skip,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
    query: q.query || undefined,
  };
}

const raw = ({ obj, key }: { obj: Record<string, unknown>; key: string }) => obj[key];

/** The most values one array filter takes (`ids=…` repeated or comma-separated). */
export const maxFilterValues = 200;

/**
 * An array filter: repeated keys (`ids=a&ids=b`) and comma-separated values (`ids=a,b`) alike, at
 * most `maxFilterValues` of them.
 */
export const ArrayFilter = () =>
  applyDecorators(
    ApiPropertyOptional({ maxItems: maxFilterValues }),
    Transform((p) => {
      const v = raw(p);
      if (v === undefined || v === null || v === '') return undefined;
      return ([] as unknown[])
        .concat(v)
        .flatMap((x) => String(x).split(','))
        .map((x) => x.trim())
        .filter((x) => x.length > 0);
    }),
    ArrayMaxSize(maxFilterValues),
  );

/** `true` / `false`; anything else stays a string and fails `@IsBoolean()`. */
export const BooleanFilter = () =>
  Transform((p) => {
    const v = raw(p);
    return v === 'true' ? true : v === 'false' ? false : v;
  });

/** A number from the query string; a non-number fails `@IsNumber()`. */
export const NumberFilter = () =>
  Transform((p) => {
    const v = raw(p);
    if (v === undefined || v === '') return undefined;
    return typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
  });

/** The answer of every list: `{ data, total }`, with `total` counting every match. */
export interface Page<T> {
  data: T[];
  total: number;
}

/** OpenAPI class for `{ data: T[], total }`. */
export function PageOf<T>(item: Ctor<T>): Ctor<Page<T>> {
  class PageDto implements Page<T> {
    @ApiProperty({ type: [item] }) data: T[];
    @ApiProperty({ type: 'integer', format: 'int32', description: 'All matches, ignoring take/skip' })
    total: number;
  }
  Object.defineProperty(PageDto, 'name', { value: `${item.name.replace(/Response$|Dto$/, '')}Page` });
  return PageDto;
}

/** A list filter of UUIDs (`ids`, `owner_ids`, …): repeated keys or commas, each a UUID. */
export const UuidsFilter = (description?: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: [String], format: 'uuid', ...(description ? { description } : {}) }),
    IsOptional(),
    ArrayFilter(),
    IsArray(),
    IsUUID('loose', { each: true }),
  );

/** A list filter of one-line strings (`external_references`, `tags`, …), each at most 255 characters. */
export const StringsFilter = (description?: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: [String], ...(description ? { description } : {}) }),
    IsOptional(),
    ArrayFilter(),
    IsArray(),
    IsString({ each: true }),
    MaxLength(255, { each: true }),
  );
