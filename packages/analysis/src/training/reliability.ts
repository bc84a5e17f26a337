/** Reliability tables: how often values are right per band of their confidence (is a 0.9 right nine times in ten?). */

export interface Judged {
  confidence: number;
  right: boolean;
}

export interface ReliabilityRow {
  /** "[0.9, 1.0]" */
  band: string;
  n: number;
  /** Share right in the band; NaN when it is empty. */
  accuracy: number;
}

export const RELIABILITY_BANDS = [0, 0.5, 0.7, 0.8, 0.9, 1.0001] as const;

export const shareRight = (xs: readonly Judged[]): number =>
  xs.length ? xs.filter((x) => x.right).length / xs.length : NaN;

/** One row per band of RELIABILITY_BANDS (the last band closed at 1). */
export function reliabilityRows(outcomes: readonly Judged[]): ReliabilityRow[] {
  const bands = RELIABILITY_BANDS;
  return bands.slice(0, -1).map((low, i) => {
    const high = bands[i + 1]!;
    const rows = outcomes.filter((o) => o.confidence >= low && o.confidence < high);
    const last = i === bands.length - 2;
    return {
      band: `[${low.toFixed(1)}, ${Math.min(1, high).toFixed(1)}${last ? ']' : ')'}`,
      n: rows.length,
      accuracy: shareRight(rows),
    };
  });
}

/** Prints the table: band, count, accuracy. */
export function printReliability(outcomes: readonly Judged[]): void {
  console.log('confidence      n   accuracy');
  for (const row of reliabilityRows(outcomes))
    console.log(`${row.band} ${String(row.n).padStart(6)}   ${row.accuracy.toFixed(3)}`);
}
