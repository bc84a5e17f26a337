import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * A logistic regression over named features, its weights a small committed JSON file written by
 * `pnpm train:skills` (eval/train-acceptance.mjs). The linker has two: the acceptance model of links
 * (acceptance-model.ts) and the name model of mentions (name-model.ts).
 */
export const modelSchema = z.object({
  version: z.string(),
  /** The model's decision threshold (what it means is the model's: acceptance-model.ts, name-model.ts). */
  accept: z.number().min(0).max(1),
  bias: z.number(),
  weights: z.record(z.string(), z.number()),
  trainedOn: z.array(z.string()),
  digest: z.string(),
});
export type ModelWeights = z.infer<typeof modelSchema>;

export class LogisticModel<Name extends string> {
  private readonly weights: Float64Array;

  constructor(
    private readonly names: readonly Name[],
    readonly model: ModelWeights,
  ) {
    // A feature the weights do not name counts 0 (a model trained before it existed).
    this.weights = Float64Array.from(names, (name) => model.weights[name] ?? 0);
  }

  static read(file: URL): ModelWeights {
    return modelSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  }

  get version(): string {
    return this.model.version;
  }

  get accept(): number {
    return this.model.accept;
  }

  /** The probability of the model's event (a right link, a name) given the features. */
  probability(features: Readonly<Record<Name, number>>): number {
    let z = this.model.bias;
    this.names.forEach((name, i) => (z += this.weights[i]! * features[name]));
    return 1 / (1 + Math.exp(-z));
  }
}
