import type { EntityTarget } from 'typeorm';
import type { Scoped } from './scoped-repository';

export interface EntityTypeRegistration {
  /** The interface's name of the resource: `Account`, `Product`, `SalesOrder`, … */
  type: string;
  target: EntityTarget<Scoped>;
  /** Table and text[] column of its tags, for GET /core-api/masterdata/tags. */
  tags?: { table: string; column: string };
}

const registry = new Map<string, EntityTypeRegistration>();

/**
 * Which resource types exist, so cross-cutting features (comments on any entity, masterdata tags)
 * can reach them without importing every context. Each context registers its types once, in its
 * module file: `registerEntityType({ type: 'Product', target: ProductEntity, tags: {...} })`.
 */
export function registerEntityType(registration: EntityTypeRegistration): void {
  registry.set(registration.type, registration);
}

export const entityType = (type: string): EntityTypeRegistration | undefined => registry.get(type);
export const entityTypes = (): EntityTypeRegistration[] => [...registry.values()];
