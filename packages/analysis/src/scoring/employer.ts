/**
 * Scoring stage for an experience entry's employer (`entry-lr-1`). The record has no employer field: by the
 * rules' convention (experience.ts) the employer is the first line of the entry's description, which the rules
 * fill with what the header left after the title, else with the entry's first lines. The rules propose; this
 * model decides: a logistic regression scores each of the description's first lines as the employer, and the
 * best one opens the description. Nothing is dropped or rewritten, only one line moved up.
 *
 * Features say what a line looks like and what stands around it, not which company it names: capitalised words
 * are never features (a company's name learned from the training CVs would not generalise), lowercase words are
 * (prose, "client", "project", "team" are vocabulary).
 */
import { committedData } from '../data-files.js';
import type { CvExperience } from '@talent/records';
import {
  cannotBeEmployer,
  EMPLOYER_LABEL,
  isEmployerLine,
  isOrganisation,
  isPlace,
  isRole,
  isSentence,
} from '../experience.js';
import { logit } from '../headline.js';
import { institutionWords, legalForms, organisationHints } from '../lexicon.js';
import { foldWords, isUpper, wordCount } from '../text.js';

export interface EntryModel {
  version: string;
  weights: Record<string, number>;
}

/** How many of the description's first lines are candidates (the header's leftovers and the body's first lines). */
export const EMPLOYER_CANDIDATES = 4;

const YEAR = /\b(?:19|20)\d\d\b/;
const sizeOf = (n: number) => (n <= 1 ? '1' : n <= 3 ? '2-3' : n <= 6 ? '4-6' : n <= 12 ? '7-12' : '13+');
const shapeOf = (word: string) =>
  /^\d/.test(word)
    ? 'd'
    : /^\p{Lu}+$/u.test(word)
      ? 'X'
      : /^\p{Lu}/u.test(word)
        ? 'Xx'
        : /^\p{Ll}/u.test(word)
          ? 'x'
          : 'p';

/** What the rules' predicates say of one line, each asked once (they dominate the stage's cost). */
interface LineFacts {
  /** The line's coarse kind, as a neighbour sees it. */
  kind: string;
  flags: string[];
}

// A line of more words names no employer (an employer line is at most 12 words, as the eval reads it): it is not
// asked the rules' predicates, which would cost more than the rest of the stage.
const MAX_EMPLOYER_WORDS = 12;

function factsOf(line: string, title: string): LineFacts {
  if (wordCount(line) > MAX_EMPLOYER_WORDS) return { kind: 'long', flags: [] };
  const sentence = isSentence(line);
  const place = isPlace(line);
  const role = isRole(line);
  const organisation = isOrganisation(line);
  const kind =
    YEAR.test(line) && wordCount(line) <= 6
      ? 'date'
      : sentence
        ? 'sentence'
        : place
          ? 'place'
          : role
            ? 'role'
            : organisation
              ? 'org'
              : wordCount(line) <= 6
                ? 'short'
                : 'long';
  const flags = Object.entries({
    legal: legalForms.inText(line),
    institution: institutionWords.inText(line),
    'org-hint': organisationHints.inText(line),
    'employer-line': isEmployerLine(line),
    cannot: cannotBeEmployer(line),
    role,
    place,
    labelled: EMPLOYER_LABEL.test(line),
    upper: isUpper(line),
    year: YEAR.test(line),
    'with-title': !!title && foldWords(line).includes(foldWords(title)),
  }).flatMap(([name, on]) => (on ? [name] : []));
  return { kind, flags };
}

/**
 * Features of each of the description's `lines` as the entry's employer; `title` is the entry's title. Per line:
 * its place among the candidates, size, kind, the rules' predicates, final punctuation, the shapes of its first
 * words, a field label's word, its lowercase words, the kinds of the lines around it and of the title.
 */
export function employerFeatures(lines: readonly string[], title: string): string[][] {
  const facts = lines.map((l) => factsOf(l, title));
  const titleKind = title ? factsOf(title, '').kind : 'none';
  return lines.map((line, i) => {
    const { kind, flags } = facts[i]!;
    const words = line.split(/\s+/).filter(Boolean);
    const f = [`i=${i}`, `size=${sizeOf(words.length)}`, `kind=${kind}`, `i=${i}&kind=${kind}`];
    for (const flag of flags) f.push(flag, `i=${i}&${flag}`);
    f.push(`end=${/[.:;,!?)-]$/.test(line) ? line.slice(-1) : 'w'}`);
    f.push(`shape=${words.slice(0, 3).map(shapeOf).join(' ')}`);
    // "Field: value": the label's word is vocabulary ("Client:", "Project:", "Company:").
    const label = /^([\p{L} ]{2,25})[:：]/u.exec(line)?.[1];
    if (label) f.push(`label=${foldWords(label)}`);
    for (const w of new Set(words.filter((w) => /^\p{Ll}+$/u.test(w)).map(foldWords))) f.push(`w=${w}`);
    f.push(`prev=${facts[i - 1]?.kind ?? 'none'}`, `next=${facts[i + 1]?.kind ?? 'none'}`, `title=${titleKind}`);
    return f;
  });
}

/** The entry's employer candidates: its description's first lines. */
export const employerCandidates = (entry: CvExperience): string[] =>
  entry.description.split('\n').slice(0, EMPLOYER_CANDIDATES);

/**
 * How much more likely (log-odds) a line must be than the rules' first line to replace it. Chosen by two-fold
 * cross-validation inside half A, three splits, right first lines on the folds not trained on (entry-lr-3): the
 * plain argmax moved as many right lines away as it brought (as written −2 on average, 24 fixed / 21 broken on one
 * split), a margin of 0.5 gained on every split (+3 as written, +8 with the header reordered, +7 with lines lost),
 * a margin of 1 less (+2, +5, +5). In-sample on half A the argmax had looked best (16 fixed, 1 broken of 686).
 */
export const MOVE_MARGIN = 0.5;

/** The entry with its most probable employer line first, when it beats the rules' line by `MOVE_MARGIN`. */
export function withEmployerFirst(entry: CvExperience, model: EntryModel): CvExperience {
  const lines = employerCandidates(entry);
  if (lines.length < 2) return entry;
  const z = employerFeatures(lines, entry.title).map((f) => logit(model.weights, f));
  const best = z.reduce((b, v, i) => (i > 0 && v > z[b]! ? i : b), 1);
  if (!(z[best]! > z[0]! + MOVE_MARGIN)) return entry;
  const all = entry.description.split('\n');
  return { ...entry, description: [all[best]!, ...all.filter((_, j) => j !== best)].join('\n') };
}

/** The committed weights (data/entry-model.json, written by `pnpm train:analysis`). */
export const entryModel = committedData<EntryModel>('entry-model.json');
