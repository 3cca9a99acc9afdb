import { Injectable } from '@nestjs/common';
import type { EntityTarget } from 'typeorm';
import type { Scoped } from './scoped-repository';

export interface EntityTypeRegistration {
  /** The interface's name of the resource: `Account`, `Product`, `SalesOrder`, … */
  type: string;
  target: EntityTarget<Scoped>;
  /** Table and text[] column of its tags, for GET /core-api/masterdata/tags. */
  tags?: { table: string; column: string };
}

/**
 * Which resource types exist, so cross-cutting features (comments on any entity, masterdata tags)
 * can reach them without importing every context. One instance per application (provided by the
 * platform module); each context registers the types it owns when its module is constructed:
 * `entityTypes.register({ type: 'Product', target: ProductEntity, tags: {...} })`.
 */
@Injectable()
export class EntityTypes {
  private readonly registry = new Map<string, EntityTypeRegistration>();

  register(...registrations: EntityTypeRegistration[]): void {
    for (const registration of registrations) {
      // Two contexts claiming one name is a wiring mistake, not something to resolve silently.
      if (this.registry.has(registration.type))
        throw new Error(`Entity type ${registration.type} is registered twice`);
      this.registry.set(registration.type, registration);
    }
  }

  get(type: string): EntityTypeRegistration | undefined {
    return this.registry.get(type);
  }

  all(): EntityTypeRegistration[] {
    return [...this.registry.values()];
  }
}
