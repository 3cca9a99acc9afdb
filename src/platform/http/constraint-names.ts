/**
 * Unique indexes and check constraints are named `uq_<table>__<field>` / `ck_<table>__<field>`
 * (e.g. `uq_products__sku`, `uq_product_barcodes__barcode`), so a violation can name the field in
 * its 409 or 400. The field is what follows the double underscore, camel-cased.
 */
export function constraintField(constraint: string): string | undefined {
  const registered = registry.get(constraint);
  if (registered) return registered;
  const m = /^(?:uq|ck)_.+?__([a-z0-9_]+)$/i.exec(constraint);
  if (!m) return undefined;
  return m[1].replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const registry = new Map<string, string>();

/** For constraints whose name cannot follow the `uq_<table>__<field>` pattern. */
export function registerConstraintField(constraint: string, field: string): void {
  registry.set(constraint, field);
}
