import { describe, expect, it } from '@jest/globals';
import { delimiterOf, isUtf8 } from './sheet-reader';

describe('sheet reader detection', () => {
  it('tells the delimiter from the header line, outside quotes', () => {
    expect(delimiterOf('sku;name;price\nA;B,C;1')).toBe(';');
    expect(delimiterOf('sku,name\n')).toBe(',');
    expect(delimiterOf('sku\tname\n')).toBe('\t');
    expect(delimiterOf('"a;b;c",name\n')).toBe(',');
    expect(delimiterOf('sku\n')).toBe(',');
  });

  it('tells UTF-8 from Windows-1252, forgiving a character cut by the sample', () => {
    expect(isUtf8(Buffer.from('Stühle', 'utf8'), true)).toBe(true);
    expect(isUtf8(Buffer.from([0x53, 0x74, 0xfc, 0x68]), true)).toBe(false);
    const cut = Buffer.from('ab€', 'utf8').subarray(0, 4);
    expect(isUtf8(cut, false)).toBe(true);
    expect(isUtf8(cut, true)).toBe(false);
  });
});
