import { describe, expect, it } from '@jest/globals';
import { fingerprint, ifNoneMatchNames } from './conditional-requests';

describe('If-None-Match (RFC 9110 §13.1.2, weak comparison)', () => {
  it('names the current tag weakly or strongly, in a list, or as *', () => {
    for (const header of ['"7"', 'W/"7"', ' "1" , W/"7"', '"a","7"', '*', ' * '])
      expect([header, ifNoneMatchNames(header, '"7"')]).toEqual([header, true]);
    expect(ifNoneMatchNames('"abc"', 'W/"abc"')).toBe(true);
  });

  it('does not name another tag, a bare value or an empty tag', () => {
    for (const header of ['"8"', 'W/"77"', '7', '""', '', '"7'])
      expect([header, ifNoneMatchNames(header, '"7"')]).toEqual([header, false]);
  });

  it('fingerprints text as a weak tag that changes with the text', () => {
    expect(fingerprint('{"a":1}')).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(fingerprint('{"a":1}')).toBe(fingerprint('{"a":1}'));
    expect(fingerprint('{"a":1}')).not.toBe(fingerprint('{"a":2}'));
  });
});
