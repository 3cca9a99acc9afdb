import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { acceptedForms } from './env';

describe('.env.example', () => {
  it('lists every variable the service reads', () => {
    const text = readFileSync('.env.example', 'utf8');
    const listed = new Set([...text.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(Object.keys(acceptedForms).filter((name) => !listed.has(name))).toEqual([]);
  });
});
