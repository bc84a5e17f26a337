/**
 * `pnpm train:analysis [shared data folder]`: every learned model of the analyzer, one line each, from the
 * repository root after `pnpm build` (the folder defaults to ../shared/data).
 */
import { trainCvConfidenceModel } from './train-cv-confidence.js';
import { trainHeadlineModel } from './train-headlines.js';

const sharedData = process.argv[2];

trainHeadlineModel(sharedData);
trainCvConfidenceModel(sharedData ?? '../shared/data');
