import { describe, expect, it } from '@jest/globals';
import { lagOf } from './standbys';

describe('a standby’s lag', () => {
  const samples = [
    { at: 1000, lsn: 5000n },
    { at: 1100, lsn: 6000n },
    { at: 1200, lsn: 9000n },
  ];

  it('is none when the standby has replayed the primary’s last position', () => {
    expect(lagOf(samples, 9000n, 5000)).toEqual({ lagMs: 0, lagBytes: 0 });
    expect(lagOf(samples, 9500n, 5000)).toEqual({ lagMs: 0, lagBytes: 0 });
  });

  it('is the time since the primary first showed a position the standby has not replayed', () => {
    expect(lagOf(samples, 6000n, 1500)).toEqual({ lagMs: 300, lagBytes: 3000 });
    expect(lagOf(samples, 4000n, 1500)).toEqual({ lagMs: 500, lagBytes: 5000 });
  });

  it('takes a page header past the last record for none (an idle primary)', () => {
    expect(lagOf(samples, 9000n - 24n, 60_000)).toEqual({ lagMs: 0, lagBytes: 0 });
    expect(lagOf(samples, 9000n - 41n, 60_000)).toEqual({ lagMs: 58_800, lagBytes: 41 });
  });
});
