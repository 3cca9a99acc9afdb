import { describe, expect, it } from '@jest/globals';
import { Problem } from '../../platform/http/problem';
import { assertTransition, canTransition, stockEffect } from './ordering-status';

describe('ordering status', () => {
  it('allows Draft → Completed, Draft → Canceled, Completed → Canceled and staying put', () => {
    expect(canTransition('Draft', 'Completed')).toBe(true);
    expect(canTransition('Draft', 'Canceled')).toBe(true);
    expect(canTransition('Completed', 'Canceled')).toBe(true);
    for (const s of ['Draft', 'Completed', 'Canceled'] as const) expect(canTransition(s, s)).toBe(true);
  });

  it('refuses every other change with a 409 naming orderingStatus', () => {
    for (const [from, to] of [
      ['Completed', 'Draft'],
      ['Canceled', 'Draft'],
      ['Canceled', 'Completed'],
    ] as const) {
      expect(canTransition(from, to)).toBe(false);
      let thrown: unknown;
      try {
        assertTransition(from, to);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(Problem);
      expect((thrown as Problem).getStatus()).toBe(409);
      expect((thrown as Problem).errors).toHaveProperty('orderingStatus');
    }
  });

  it('takes stock on completion and puts it back when a completed order is canceled', () => {
    expect(stockEffect(null, 'Completed')).toBe('take');
    expect(stockEffect('Draft', 'Completed')).toBe('take');
    expect(stockEffect('Completed', 'Canceled')).toBe('putBack');
    expect(stockEffect('Draft', 'Canceled')).toBeNull();
    expect(stockEffect('Completed', 'Completed')).toBeNull();
  });
});
