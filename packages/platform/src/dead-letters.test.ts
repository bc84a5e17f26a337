import { describe, expect, it } from 'vitest';
import { consumerBackoff, retryDelayMs } from './dead-letters.js';

describe('dead letters: redelivery pacing', () => {
  it('waits the backoff step of each attempt, repeating the last, but not after the final attempt', () => {
    const backoff = [1, 5, 15];
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 5, backoff))).toEqual([1000, 5000, 15000, 15000]);
    // The fifth of five: no pause, so the message is declared exhausted (and dead-lettered) at once.
    expect(retryDelayMs(5, 5, backoff)).toBe(0);
  });

  it('gives JetStream no more backoff steps than redeliveries', () => {
    expect(consumerBackoff([1, 5, 15, 60], 3)).toEqual([1e9, 5e9]);
    expect(consumerBackoff([1, 5], 1)).toEqual([1e9]);
  });
});
