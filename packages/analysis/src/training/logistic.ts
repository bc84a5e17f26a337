/** Binary logistic regression and averaged perceptron over sparse string features, trained with a seeded shuffle. */
import { score } from '../headline.js';
import type { Random } from './random.js';

export interface Sample {
  features: readonly string[];
  label: 0 | 1;
}

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** Stochastic gradient descent on the log loss with L2, `epochs` passes. */
export function trainLogistic(
  samples: readonly Sample[],
  random: Random,
  epochs = 10,
  rate = 0.1,
  l2 = 1e-5,
): Record<string, number> {
  const w: Record<string, number> = { bias: 0 };
  for (let e = 0; e < epochs; e++) {
    const lr = rate / (1 + e);
    for (const s of shuffled(random, samples)) {
      const g = s.label - score(w, s.features);
      w['bias'] = (w['bias'] ?? 0) + lr * g;
      for (const f of s.features) w[f] = (w[f] ?? 0) * (1 - lr * l2) + lr * g;
    }
  }
  return w;
}

/** Averaged perceptron (scores are not probabilities: compared for accuracy only). */
export function trainPerceptron(samples: readonly Sample[], random: Random, epochs = 10): Record<string, number> {
  const w: Record<string, number> = { bias: 0 };
  const total: Record<string, number> = { bias: 0 };
  let steps = 0;
  for (let e = 0; e < epochs; e++) {
    for (const s of shuffled(random, samples)) {
      steps++;
      const z = (w['bias'] ?? 0) + s.features.reduce((sum, f) => sum + (w[f] ?? 0), 0);
      const y = s.label ? 1 : -1;
      if (y * z <= 0) {
        for (const f of ['bias', ...s.features]) {
          w[f] = (w[f] ?? 0) + y;
          total[f] = (total[f] ?? 0) + y * steps;
        }
      }
    }
  }
  // Averaged weights: w - total/steps (the usual lazy-averaging identity).
  return Object.fromEntries(Object.keys(w).map((f) => [f, (w[f] ?? 0) - (total[f] ?? 0) / (steps + 1)]));
}
