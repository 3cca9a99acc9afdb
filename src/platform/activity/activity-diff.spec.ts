import { describe, expect, it } from '@jest/globals';
import { diffSnapshots, pascal } from './activity-diff';

describe('diffSnapshots', () => {
  it('lists changed properties only, comparing arrays and objects by value', () => {
    const before = {
      displayName: 'A',
      tags: ['x', 'y'],
      billingAddress: { city: 'Delft' },
      employees: 5,
      notes: null,
    };
    const after = {
      displayName: 'B',
      tags: ['x', 'y'],
      billingAddress: { city: 'Leiden' },
      employees: 5,
      notes: undefined,
    };
    expect(diffSnapshots(before, after)).toEqual([
      { property: 'displayName', oldValue: 'A', newValue: 'B' },
      { property: 'billingAddress', oldValue: { city: 'Delft' }, newValue: { city: 'Leiden' } },
    ]);
  });

  it('ignores bookkeeping fields and compares dates by instant', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(
      diffSnapshots(
        { id: '1', modifiedAt: 'a', version: 1, when: at },
        { id: '2', modifiedAt: 'b', version: 2, when: at.toISOString() },
      ),
    ).toEqual([]);
  });

  it('sees properties that appear or disappear', () => {
    expect(diffSnapshots({ a: 1 }, { b: 2 }).map((c) => c.property)).toEqual(['b', 'a']);
  });
});

describe('pascal', () => {
  it('makes activity type segments', () => {
    expect(pascal('commerceSettings')).toBe('CommerceSettings');
    expect(pascal('chamberOfCommerceRubricationCodes')).toBe('ChamberOfCommerceRubricationCodes');
  });
});
