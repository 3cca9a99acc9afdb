import { describe, expect, it } from '@jest/globals';
import { formatLsn, parseLsn } from './lsn';

describe('WAL positions', () => {
  it('reads and writes PostgreSQL’s text form, and orders positions', () => {
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(formatLsn(parseLsn('16/B374D848')!)).toBe('16/B374D848');
    expect(formatLsn(parseLsn('0/0')!)).toBe('0/0');
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true);
    expect(parseLsn(' a/b ')).toBe((0xan << 32n) + 0xbn);
  });

  it('takes anything else for no position', () => {
    for (const text of ['', '16', '16/', '/1', '1/2/3', 'G/1', '123456789/1', '1/2; DROP', undefined, null])
      expect(parseLsn(text)).toBeUndefined();
  });
});
