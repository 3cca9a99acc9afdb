import { describe, expect, it } from '@jest/globals';
import { neutralised, restored } from './formula-guard';

describe('formula guard', () => {
  it('prefixes what a spreadsheet would run, and nothing else', () => {
    expect(neutralised('=cmd|" /C calc"!A0')).toBe(`'=cmd|" /C calc"!A0`);
    for (const t of ['+1', '-5.00', '@SUM(A1)', '\t=1', '\r=1']) expect(neutralised(t)).toBe(`'${t}`);
    for (const t of ['plain', "'quoted", '', '1=1', 'a-b']) expect(neutralised(t)).toBe(t);
  });

  it('round-trips every text, also one that starts with apostrophes before a trigger', () => {
    for (const t of ['=1', "'=1", "''=1", "'", "'a", '-', 'x', '', "''", "'-'"])
      expect(restored(neutralised(t))).toBe(t);
  });
});
