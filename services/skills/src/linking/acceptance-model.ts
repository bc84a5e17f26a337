import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { FEATURE_NAMES, type Features } from './link-features.js';

/**
 * The acceptance model of links: logistic regression over a link's features (link-features.ts), trained by
 * `pnpm train:skills` (eval/train-acceptance.mjs) on labelled CVs and job-posting sentences whose licence allows
 * shipping what is learned (see README). Its probability is the link's confidence, so that a threshold on confidence
 * trades recall for precision as its value says; links below `accept` are not linked at all.
 */
const modelSchema = z.object({
  version: z.string(),
  accept: z.number().min(0).max(1),
  bias: z.number(),
  weights: z.record(z.string(), z.number()),
  trainedOn: z.array(z.string()),
  digest: z.string(),
});
export type AcceptanceWeights = z.infer<typeof modelSchema>;

/** src/linking and dist/linking are both two folders below the package, where data/ is. */
export const acceptanceFile = new URL('../../data/link-acceptance.json', import.meta.url);

export class AcceptanceModel {
  private readonly weights: Float64Array;

  constructor(readonly model: AcceptanceWeights) {
    // A feature the weights do not name counts 0 (a model trained before it existed).
    this.weights = Float64Array.from(FEATURE_NAMES, (name) => model.weights[name] ?? 0);
  }

  static load(file: URL = acceptanceFile): AcceptanceModel {
    return new AcceptanceModel(modelSchema.parse(JSON.parse(readFileSync(file, 'utf8'))));
  }

  get version(): string {
    return this.model.version;
  }

  get accept(): number {
    return this.model.accept;
  }

  /** The probability that the link is right. */
  probability(features: Features): number {
    let z = this.model.bias;
    FEATURE_NAMES.forEach((name, i) => (z += this.weights[i]! * features[name]));
    return 1 / (1 + Math.exp(-z));
  }
}
