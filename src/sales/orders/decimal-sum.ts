/** Sum of two non-negative decimal strings without float drift (quantities have ≤ 4 decimals). */
export function addDecimals(a: string, b: string): string {
  const scale = 10000n;
  const toUnits = (s: string) => {
    const [int, frac = ''] = s.split('.');
    return BigInt(int) * scale + BigInt((frac + '0000').slice(0, 4));
  };
  const sum = toUnits(a) + toUnits(b);
  const int = sum / scale;
  const frac = (sum % scale).toString().padStart(4, '0').replace(/0+$/, '');
  return frac ? `${int}.${frac}` : `${int}`;
}
