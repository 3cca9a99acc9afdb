/** What the CRM's sheets (accounts, contacts; docs/imports.md) share. */

/** The separator of a list in one cell (`tags`), as in the product sheet. */
export const listSeparator = '|';

/** The keys of the rows planned so far (a repeated key is an error on the later row). */
export class SheetKeys {
  keys = new Map<string, number>();
  save(): () => void {
    const keys = new Map(this.keys);
    return () => {
      this.keys = keys;
    };
  }
}

/** Sets the first entry of a contact-details list (keeping its label), or removes it when `value` is empty. */
export function withFirst<T extends { label: string | null }>(
  list: T[],
  value: string,
  make: (v: string, label: string | null) => T,
): T[] {
  if (!value) return list.slice(1);
  return [make(value, list[0]?.label ?? null), ...list.slice(1)];
}
