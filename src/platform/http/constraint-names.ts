import { Injectable } from '@nestjs/common';

/**
 * Unique indexes and check constraints are named `uq_<table>__<field>` / `ck_<table>__<field>`
 * (e.g. `uq_products__sku`, `uq_product_barcodes__barcode`), so a violation can name the field in
 * its 409 or 400. The field is what follows the double underscore, camel-cased, unless a context
 * registered another field for that constraint. One instance per application (platform module).
 */
@Injectable()
export class ConstraintNames {
  private readonly registered = new Map<string, string>();

  /**
   * For constraints whose name cannot follow the `uq_<table>__<field>` pattern; each context
   * registers its own when its module is constructed.
   */
  register(fields: Record<string, string>): void {
    for (const [constraint, field] of Object.entries(fields)) {
      if (this.registered.has(constraint)) throw new Error(`Constraint ${constraint} is registered twice`);
      this.registered.set(constraint, field);
    }
  }

  fieldOf(constraint: string): string | undefined {
    const registered = this.registered.get(constraint);
    if (registered) return registered;
    const m = /^(?:uq|ck)_.+?__([a-z0-9_]+)$/i.exec(constraint);
    if (!m) return undefined;
    return m[1].replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  }
}
