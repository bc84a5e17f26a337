import { LogisticModel, type ModelWeights } from './logistic-model.js';
import { NAME_FEATURE_NAMES, type NameFeatureName } from './name-features.js';

/**
 * The name model of mentions: logistic regression over a capitalised mention's name features (name-features.ts),
 * the probability that it is part of a firm's or a place's name ("Acme Logistics, London", "GOOGLE  Kirkland, WA")
 * rather than a skill. Trained by `pnpm train:skills` (eval/train-acceptance.mjs) on the dotin CVs of half A, whose
 * labelled company and location spans say where names are, and on header lines it generates (see README). A
 * mention whose probability reaches `accept` is a name: it is no mention of the skill.
 */
export const nameModelFile = new URL('../../data/name-mentions.json', import.meta.url);

export class NameModel extends LogisticModel<NameFeatureName> {
  constructor(model: ModelWeights) {
    super(NAME_FEATURE_NAMES, model);
  }

  static load(file: URL = nameModelFile): NameModel {
    return new NameModel(LogisticModel.read(file));
  }
}
