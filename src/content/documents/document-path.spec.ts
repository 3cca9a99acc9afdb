import { describe, expect, it } from '@jest/globals';
import { Problem } from '../../platform/http/problem';
import { ancestorsOf, documentPath, joinPath, nameOf, parentOf } from './document-path';

const refused = (raw: unknown, root = false) => {
  try {
    documentPath(raw, 'path', { root });
  } catch (e) {
    expect(e).toBeInstanceOf(Problem);
    expect((e as Problem).getStatus()).toBe(400);
    expect((e as Problem).errors).toHaveProperty('path');
    return true;
  }
  return false;
};

describe('documentPath', () => {
  it('accepts relative paths and normalises them to NFC', () => {
    expect(documentPath('contracts/2026/offer.pdf', 'path')).toBe('contracts/2026/offer.pdf');
    expect(documentPath('Cafe\u0301 menu.pdf', 'path')).toBe('Café menu.pdf');
    expect(documentPath('a..b/.hidden/x...y', 'path')).toBe('a..b/.hidden/x...y');
    expect(documentPath(undefined, 'path', { root: true })).toBe('');
  });

  it.each([
    ['..'],
    ['../etc/passwd'],
    ['a/../../b'],
    ['a/./b'],
    ['/etc/passwd'],
    ['//server/share'],
    ['a//b'],
    ['a/'],
    ['%2e%2e/secret'],
    ['%252e%252e/secret'],
    ['a%2fb'],
    ['..\\windows\\win.ini'],
    ['C:\\boot.ini'],
    ['a\u0000.txt'],
    ['a\nb'],
    ['evil\u202etxt.exe'],
    [' leading'],
    ['trailing '],
    ['x'.repeat(256)],
    [`${'a/'.repeat(40)}b`],
    ['a/'.repeat(600)],
    [42],
    [['a']],
  ])('refuses %j', (raw) => {
    expect(refused(raw)).toBe(true);
  });

  it('refuses the root unless it is allowed', () => {
    expect(refused('')).toBe(true);
    expect(refused(undefined)).toBe(true);
    expect(refused('', true)).toBe(false);
  });

  it('splits paths', () => {
    expect(parentOf('a/b/c.pdf')).toBe('a/b');
    expect(parentOf('c.pdf')).toBe('');
    expect(nameOf('a/b/c.pdf')).toBe('c.pdf');
    expect(ancestorsOf('a/b/c.pdf')).toEqual(['a', 'a/b']);
    expect(ancestorsOf('c.pdf')).toEqual([]);
    expect(joinPath('', 'x')).toBe('x');
    expect(joinPath('a/b', 'x')).toBe('a/b/x');
  });
});
