export interface RetrySchedule {
  baseMs: number;
  maxMs: number;
  /** A delivery whose next attempt would fall later than this after its creation is dead-lettered instead. */
  windowMs: number;
}

/**
 * Delay before the attempt after `attempt` (1 = the first one failed): exponential from `baseMs`, capped at
 * `maxMs`, with jitter over the upper half so endpoints that failed together are not retried together.
 */
export function retryDelayMs(schedule: RetrySchedule, attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(schedule.maxMs, schedule.baseMs * 2 ** Math.min(attempt - 1, 40));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
