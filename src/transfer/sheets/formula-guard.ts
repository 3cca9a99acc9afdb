/**
 * CSV / formula injection (docs/imports.md, "Formulas and injection"): a spreadsheet app runs a
 * cell that starts with = + - @ (or a tab or carriage return before them) as a formula. An export
 * writes such a cell with a leading apostrophe, which spreadsheet apps show as text; an import
 * strips that apostrophe again, so an exported file imports unchanged. A value that itself starts
 * with an apostrophe before such a cell gets one more, so the round trip holds for every text.
 */
const triggers = new Set(['=', '+', '-', '@', '\t', '\r']);

function needsGuard(text: string): boolean {
  let i = 0;
  while (text[i] === "'") i++;
  return i < text.length && triggers.has(text[i]);
}

/** The cell an export writes for `text`. */
export const neutralised = (text: string): string => (needsGuard(text) ? `'${text}` : text);

/** The text an import reads from a cell an export (or a careful person) neutralised. */
export const restored = (cell: string): string =>
  cell.startsWith("'") && needsGuard(cell.slice(1)) ? cell.slice(1) : cell;
