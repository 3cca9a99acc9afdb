/**
 * The columns of a CRM file's header (after mapping), or what is wrong with it: no key column, a
 * column twice, a column the sheet does not have. `file` names the kind in the message ("an
 * accounts file").
 */
export function checkedHeader<C extends string>(
  headers: string[],
  key: C,
  known: readonly C[],
  file: string,
): { columns: C[] } | { error: string } {
  if (!headers.includes(key))
    return {
      error: `The file has no ${key} column (its columns: ${headers.join(', ') || 'none'}); ${key} is the key of every row.`,
    };
  const repeated = headers.filter((h, i) => headers.indexOf(h) !== i);
  if (repeated.length) return { error: `The file has the column ${repeated[0]} twice.` };
  const unknown = headers.filter((h) => !(known as readonly string[]).includes(h));
  if (unknown.length)
    return {
      error:
        `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')}: ${file} has ` +
        `${known.join(', ')} (map or ignore other columns with mapping).`,
    };
  return { columns: headers as C[] };
}
