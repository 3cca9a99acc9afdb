/**
 * A position in PostgreSQL's write-ahead log (`pg_lsn`, written `16/B374D848`) as a bigint, so
 * positions compare with `<`. The text form is what the `X-Read-After` header carries.
 */
export type Lsn = bigint;

const lsnText = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;

/** The position of `text` (`X/Y`, hex), or undefined when it is not one. */
export function parseLsn(text: string | null | undefined): Lsn | undefined {
  const m = text ? lsnText.exec(text.trim()) : null;
  return m ? (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`) : undefined;
}

export function formatLsn(lsn: Lsn): string {
  const hex = (n: bigint) => n.toString(16).toUpperCase();
  return `${hex(lsn >> 32n)}/${hex(lsn & 0xffffffffn)}`;
}
