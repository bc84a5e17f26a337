/**
 * Job headlines: the candidates stage proposes values for title, company and city from the first lines of an ad
 * (each segment between separators, and the slots of "X is hiring a Y in Z", "About X", "The role: Y"), each with
 * features; the scoring stage (a logistic regression per field, weights in data/headline-model.json, trained by
 * `pnpm train:analysis`) picks the most probable candidate per field and gives its probability as confidence.
 */
import { readFileSync } from 'node:fs';
import { countryNamed } from './places.js';
import { legalForms, roleWords } from './lexicon.js';
import { CITIES, HEADLINE_LANGUAGES, HEADLINE_WORDS } from './headline-data.js';
import { foldWords } from './text.js';

export const HEADLINE_FIELDS = ['title', 'company', 'city'] as const;
export type HeadlineField = (typeof HEADLINE_FIELDS)[number];

export interface HeadlineCandidate {
  value: string;
  /** The line it was read from (its evidence). */
  line: string;
  features: readonly string[];
}

export interface HeadlinePick {
  value: string;
  confidence: number;
  evidence: string;
}

export interface HeadlineModel {
  version: string;
  weights: Record<HeadlineField, Record<string, number>>;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const all = (key: 'gender' | 'hiring' | 'article' | 'in' | 'about' | 'role' | 'at') => [
  ...new Set(HEADLINE_LANGUAGES.flatMap((l) => HEADLINE_WORDS[l][key])),
];
const alternation = (words: readonly string[]) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');

const GENDER = new RegExp(
  `\\s*(?:${alternation(all('gender'))}|[([]\\s*(?:[mwfdhvx]\\s*[/|,]\\s*){1,3}[mwfdhvx]\\s*[)\\]])`,
  'giu',
);
const HIRING = new RegExp(
  `^(.{2,60}?)\\s+(?:${alternation(all('hiring'))})\\s+(?:(?:${alternation(all('article'))})\\s+)?(.{2,80}?)(?:\\s+(?:${alternation(all('in'))})\\s+(.{2,40}))?[.!]?$`,
  'iu',
);
const ABOUT = new RegExp(`^(?:${alternation(all('about'))})\\s+(.{2,60}?)\\s*:?$`, 'iu');
const ROLE = new RegExp(`^(?:${alternation(all('role'))})\\s*(.{2,80})$`, 'iu');
const AT = new RegExp(`^(.{2,80}?)\\s+(?:${alternation(all('at'))}|@)\\s+(.{2,60})$`, 'iu');
const SEPARATOR = /\s+[–—|·•]\s+|\s+-\s+|\s+\/\s+|\s*\|\s*|,\s+|\s*\(\s*|\s*\)\s*/g;
const FIELD_LINE = /^[\p{L} ]{2,30}\s*:\s*\S/u;

const CITY_SET = new Set(Object.values(CITIES).flatMap((cities) => cities.map(foldWords)));

const HEAD_LINES = 6;

function shape(value: string): string[] {
  const f: string[] = [];
  const words = value.split(/\s+/).filter(Boolean).length;
  f.push(words === 1 ? 'w1' : words <= 3 ? 'w2-3' : words <= 6 ? 'w4-6' : 'w7+');
  if (/\p{L}/u.test(value) && value === value.toUpperCase()) f.push('caps');
  if (/\d/.test(value)) f.push('digit');
  if (roleWords.inText(value)) f.push('role');
  if (legalForms.inText(value)) f.push('legal');
  if (CITY_SET.has(foldWords(value))) f.push('city');
  if (countryNamed(value) && foldWords(value).split(' ').length <= 3) f.push('country');
  if (/^\p{Lu}/u.test(value)) f.push('upper-initial');
  return f;
}

/** The candidates of every field in the first lines of an ad. */
export function headlineCandidates(text: string): HeadlineCandidate[] {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, HEAD_LINES);
  const out: HeadlineCandidate[] = [];
  const add = (value: string, line: string, features: string[]) => {
    const v = value
      .replace(GENDER, '')
      .replace(/^[\s,;:–—|·•-]+|[\s,;:–—|·•.!-]+$/g, '')
      .trim();
    if (v.length < 2 || v.length > 80) return;
    out.push({
      value: v,
      line,
      features: [...features, ...shape(v), ...features.flatMap((c) => shape(v).map((s) => `${c}&${s}`))],
    });
  };
  lines.forEach((line, li) => {
    const pos = `line${Math.min(li, 3)}`;
    const gender = GENDER.test(line) ? ['line-gender'] : [];
    GENDER.lastIndex = 0;
    const hiring = HIRING.exec(line);
    if (hiring) {
      add(hiring[1]!, line, [pos, 'slot-hirer']);
      add(hiring[2]!, line, [pos, 'slot-hired']);
      if (hiring[3]) add(hiring[3], line, [pos, 'slot-in']);
    }
    const about = ABOUT.exec(line);
    if (about) add(about[1]!, line, [pos, 'slot-about']);
    const role = ROLE.exec(line);
    if (role) add(role[1]!, line, [pos, 'slot-role']);
    const at = AT.exec(line);
    if (at) {
      add(at[1]!, line, [pos, 'slot-before-at']);
      const [employer, ...rest] = at[2]!.split(SEPARATOR).filter((c) => c.trim());
      if (employer) add(employer, line, [pos, 'slot-after-at']);
      for (const place of rest) add(place, line, [pos, 'slot-after-at-rest']);
    }
    if (hiring || about || role) return;
    const field = FIELD_LINE.test(line) ? ['field-line'] : [];
    const cells = line
      .replace(GENDER, ' (gender) ')
      .split(SEPARATOR)
      .map((c) => c.trim());
    const kept = cells.filter((c) => c && c !== 'gender');
    kept.forEach((cell, ci) => {
      const seg =
        kept.length === 1 ? 'seg-only' : ci === 0 ? 'seg-first' : ci === kept.length - 1 ? 'seg-last' : 'seg-mid';
      const idx = `seg${Math.min(ci, 3)}`;
      add(cell, line, [pos, seg, idx, `${pos}-${seg}`, ...gender, ...field]);
    });
  });
  return out;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function score(weights: Readonly<Record<string, number>>, features: readonly string[]): number {
  let z = weights['bias'] ?? 0;
  for (const f of features) z += weights[f] ?? 0;
  return sigmoid(z);
}

/** The most probable candidate of each field, with its probability. */
export function pickHeadline(text: string, model: HeadlineModel): Partial<Record<HeadlineField, HeadlinePick>> {
  const candidates = headlineCandidates(text);
  const picks: Partial<Record<HeadlineField, HeadlinePick>> = {};
  for (const field of HEADLINE_FIELDS) {
    let best: HeadlinePick | undefined;
    for (const c of candidates) {
      const p = score(model.weights[field], c.features);
      if (!best || p > best.confidence) best = { value: c.value, confidence: p, evidence: c.line };
    }
    if (best) picks[field] = { ...best, confidence: Math.round(best.confidence * 1000) / 1000 };
  }
  return picks;
}

/** The model's probability that `value` is the field's value: its best-scored candidate equal to it, if any. */
export function headlineConfidence(
  candidates: readonly HeadlineCandidate[],
  model: HeadlineModel,
  field: HeadlineField,
  value: string,
): HeadlinePick | undefined {
  let best: HeadlinePick | undefined;
  for (const c of candidates) {
    if (!value || foldWords(c.value) !== foldWords(value)) continue;
    const p = score(model.weights[field], c.features);
    if (!best || p > best.confidence) best = { value: c.value, confidence: p, evidence: c.line };
  }
  return best && { ...best, confidence: Math.round(best.confidence * 1000) / 1000 };
}

let committed: HeadlineModel | undefined;
/** The committed model (data/headline-model.json). */
export function headlineModel(): HeadlineModel {
  committed ??= JSON.parse(
    readFileSync(new URL('../data/headline-model.json', import.meta.url), 'utf8'),
  ) as HeadlineModel;
  return committed;
}
