import { describe, expect, it } from '@jest/globals';
import { retryDelayMs } from './delivery-outcome';

describe('webhook retry schedule', () => {
  const schedule = [5000, 60000, 300000];

  it('waits the n-th step after the n-th failed attempt, ±20 %', () => {
    expect(retryDelayMs(schedule, 1, () => 0.5)).toBe(5000);
    expect(retryDelayMs(schedule, 2, () => 0)).toBe(48000);
    expect(retryDelayMs(schedule, 3, () => 0.999999)).toBe(360000);
  });

  it('gives up after the last step', () => {
    expect(retryDelayMs(schedule, 4)).toBeNull();
  });

  it('spreads retries (jitter) within the bounds', () => {
    const delays = Array.from({ length: 200 }, () => retryDelayMs(schedule, 1)!);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(4000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(6000);
    expect(new Set(delays).size).toBeGreaterThan(50);
  });
});
