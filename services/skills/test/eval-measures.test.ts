import { describe, expect, it } from 'vitest';
// @ts-expect-error -- the eval's measures are plain JavaScript (services/skills/eval), without type declarations
import { bootstrapInterval, randomSplits, referenceRanker } from '../eval/benchmarks.mjs';

type Split = { observed: number; range: [number, number]; atLeast: number; within: (bound: number) => number };
const mean = (xs: number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
const gap = (t: number[], h: number[]) => mean(t) - mean(h);

describe('eval:skills over-fitting measures', () => {
  it('the reference ranker is plain BM25 over labels and descriptions: no literal label needed, accents and case ignored', () => {
    const rank = referenceRanker([
      {
        id: 'pm',
        labels: [{ language: 'en', text: 'project management', preferred: true }],
        description: 'Plan and run projects.',
      },
      {
        id: 'py',
        labels: [{ language: 'en', text: 'Python', preferred: true }],
        description: 'A programming language.',
      },
      { id: 'es', labels: [{ language: 'es', text: 'gestión de proyectos', preferred: true }] },
    ]) as (text: string) => string[];
    expect(rank('You will run projects for clients')[0]).toBe('pm');
    expect(rank('PYTHON programming')[0]).toBe('py');
    expect(rank('gestion')).toEqual(['es']);
    expect(rank('nothing in common')).toEqual([]);
  });

  it('a split whose tuning half alone scores high stands out among random splits; exchangeable halves do not', () => {
    const tuning = Array.from({ length: 20 }, () => 1);
    const held = Array.from({ length: 20 }, () => 0);
    const apart = randomSplits(tuning, held, gap) as Split;
    expect(apart.observed).toBe(1);
    expect(apart.atLeast).toBeLessThan(0.01);
    const same = randomSplits(tuning, tuning.slice(), gap) as Split;
    expect(same.within(0.03)).toBe(1);
    expect(same.atLeast).toBe(1);
  });

  it('bootstrap intervals are the same on every run and hold the gap of halves that differ by a constant', () => {
    const tuning = Array.from({ length: 30 }, (_, i) => (i % 3) / 2 + 0.5);
    const held = tuning.map((x) => x - 0.5);
    const first = bootstrapInterval(tuning, held, gap) as [number, number];
    expect(bootstrapInterval(tuning, held, gap)).toEqual(first);
    expect(first[0]).toBeLessThan(0.5);
    expect(first[1]).toBeGreaterThan(0.5);
  });
});
