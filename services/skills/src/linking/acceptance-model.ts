import { FEATURE_NAMES, type FeatureName } from './link-features.js';
import { LogisticModel, type ModelWeights } from './logistic-model.js';

/**
 * The acceptance model of links: logistic regression over a link's features (link-features.ts), trained by
 * `pnpm train:skills` (eval/train-acceptance.mjs) on labelled CVs and job-posting sentences whose licence allows
 * shipping what is learned (see README). Its probability is the link's confidence, so that a threshold on confidence
 * trades recall for precision as its value says; links below `accept` are not linked at all.
 */
export type AcceptanceWeights = ModelWeights;

/** src/linking and dist/linking are both two folders below the package, where data/ is. */
export const acceptanceFile = new URL('../../data/link-acceptance.json', import.meta.url);

export class AcceptanceModel extends LogisticModel<FeatureName> {
  constructor(model: AcceptanceWeights) {
    super(FEATURE_NAMES, model);
  }

  static load(file: URL = acceptanceFile): AcceptanceModel {
    return new AcceptanceModel(LogisticModel.read(file));
  }
}
