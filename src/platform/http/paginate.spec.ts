import { describe, expect, it } from '@jest/globals';
import { likePattern } from './paginate';

describe('likePattern', () => {
  it('escapes LIKE wildcards so they match literally', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(likePattern('abc')).toBe('%abc%');
    expect(likePattern('5%a', 'prefix')).toBe('5\\%a%');
  });
});
