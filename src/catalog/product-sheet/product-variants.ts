import type { ImportState, SheetRowInput } from './import-state';
import type { VariantParentRow } from './product-variants.queries';

/*
 * The product sheet's `variantOf` column (docs/imports.md): the sku of a ConfigurableProduct whose
 * variant the row's product is, i.e. a product_components row of that parent (quantity 1), as a
 * product PUT with components writes it. A product is read as the variant of the first
 * ConfigurableProduct (by sku) that has it as a component; an empty cell takes it out of its
 * ConfigurableProduct parents (a Grouped or Bundled product keeps it).
 */

const configurable = 'ConfigurableProduct';

/** The parent skus a batch's rows name. */
export const variantOfSkus = (rows: SheetRowInput[]): string[] => [
  ...new Set(rows.map((r) => (r.cells.get('variantOf') ?? '').trim()).filter(Boolean)),
];

/**
 * The parent a `variantOf` cell names: a product planned earlier in the file (its planned type
 * decides), else a stored one; null for an empty cell (no parent). An error when it is the row's own
 * sku, unknown, or not a ConfigurableProduct.
 */
export function resolveVariantParent(
  parentSku: string,
  sku: string,
  stored: Map<string, VariantParentRow>,
  state: ImportState,
): { id: string | null } | { error: string } {
  if (parentSku === '') return { id: null };
  if (parentSku === sku)
    return { error: `variantOf is the row's own sku: a product cannot be its own variant` };
  const inFile = state.planned.get(parentSku);
  const db = stored.get(parentSku);
  const type = inFile ? (inFile.configurable ? configurable : 'another type') : db?.product_type;
  const id = inFile?.id ?? db?.id;
  if (!type || !id)
    return {
      error: `unknown parent "${parentSku}": variantOf names the sku of a ConfigurableProduct of the workspace or of an earlier row of the file`,
    };
  if (type !== configurable)
    return {
      error: `product ${parentSku} is a ${inFile ? 'product the file does not make a ConfigurableProduct' : type}: only a ConfigurableProduct has variants (set its productType first)`,
    };
  return { id };
}

/**
 * What a planned row leaves for later rows' `variantOf`: its id and whether it is a
 * ConfigurableProduct. Only a row that makes a ConfigurableProduct, or makes a stored one
 * (`storedType`) something else, is kept: any other row's product is no parent either way, and the
 * state holds every row of a file (memory).
 */
export function rememberPlanned(
  state: ImportState,
  sku: string,
  id: string | null,
  productType: string,
  storedType?: string | null,
): void {
  if (productType !== configurable && storedType !== configurable) return;
  state.planned.set(sku, { id, configurable: productType === configurable });
}

/**
 * A row before a resumed job's checkpoint (applied before, not planned again): a ConfigurableProduct
 * it names is remembered without its id (the stored product gives it), so later variants find it.
 */
export function rememberSkipped(state: ImportState, input: SheetRowInput): void {
  const sku = (input.cells.get('sku') ?? '').trim();
  const type = (input.cells.get('productType') ?? '').trim().toLowerCase();
  if (sku && type && !state.planned.has(sku))
    rememberPlanned(state, sku, null, type === 'configurableproduct' ? configurable : type);
}
