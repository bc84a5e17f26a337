/**
 * `pnpm train:analysis [shared data folder] [headline|layout]`: retrains every model (or the one named) of the analyzer with fixed seeds and prints each
 * file's sha256 (the same each run): the headline model (train-headlines.ts) and the layout model (train-layout.ts).
 * Run from the repository root after `pnpm build`; the data folder defaults to ../shared/data.
 */
import { join } from 'node:path';
import { trainHeadlines } from './train-headlines.js';
import { trainLayout } from './train-layout.js';

const repoRoot = process.cwd();
const sharedData = process.argv[2] ?? join(repoRoot, '../shared/data');
const only = process.argv[3];
if (!only || only === 'headline') trainHeadlines(sharedData, repoRoot);
if (!only || only === 'layout') trainLayout(sharedData, repoRoot);
