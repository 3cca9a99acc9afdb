import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/** TypeORM's value conversion for one column, as its own row mapping applies it. */
export type Hydrate = (value: unknown, column: ColumnMetadata) => unknown;

/**
 * The postgres driver's internal `prepareHydratedValue` (TypeORM 1.1.1, see pinned-versions.ts):
 * the compiled row mapper of lean-reads.ts converts the columns TypeORM would convert through
 * exactly this function, so its entities equal TypeORM's by construction.
 */
export function typeormHydration(driver: unknown): Hydrate {
  const d = driver as { prepareHydratedValue: Hydrate };
  return d.prepareHydratedValue.bind(d);
}
