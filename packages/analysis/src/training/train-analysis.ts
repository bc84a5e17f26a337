/**
 * `pnpm train:analysis [shared data folder] [role-words|headline|layout|entry|cv-confidence]`: retrains every learned model of the
 * analyzer (or the one named) with fixed seeds, each printing its file's sha256 (the same each run). Run from the
 * repository root after `pnpm build`; the folder defaults to ../shared/data. The layout model comes before the
 * entry model (an experience entry's employer line), then the confidence model, which reads CVs through both; the
 * role words (data/role-words.json, derived from ESCO occupation labels, no training) come first.
 */
import { join } from 'node:path';
import { trainCvConfidenceModel } from './train-cv-confidence.js';
import { trainHeadlineModel } from './train-headlines.js';
import { trainEntryModel } from './train-entry.js';
import { trainLayout } from './train-layout.js';
import { writeRoleWords } from './role-words.js';

const repoRoot = process.cwd();
const sharedData = process.argv[2] ?? join(repoRoot, '../shared/data');
const only = process.argv[3];
if (!only || only === 'role-words') writeRoleWords(sharedData, repoRoot);
if (!only || only === 'headline') trainHeadlineModel(sharedData);
if (!only || only === 'layout') trainLayout(sharedData, repoRoot);
if (!only || only === 'entry') trainEntryModel(sharedData);
if (!only || only === 'cv-confidence') trainCvConfidenceModel(sharedData);
