import { describe, expect, it } from 'vitest';
import { parseDurationSeconds } from './durations.js';

describe('durations', () => {
  it('reads 30d, 12h, 90m, 45s and bare seconds', () => {
    expect([parseDurationSeconds('30d'), parseDurationSeconds('12h'), parseDurationSeconds('90m'), parseDurationSeconds('45s'), parseDurationSeconds('0')]).toEqual([
      2_592_000, 43_200, 5_400, 45, 0,
    ]);
  });
  it('rejects anything else', () => {
    for (const bad of ['', '3w', '1.5h', '-1d', 'soon']) expect(() => parseDurationSeconds(bad)).toThrow(/not a duration/);
  });
});
