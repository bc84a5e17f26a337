import { NUMBER_WORDS } from '@talent/records';
import { bestOverlap, type CvIndex } from './cv-index.js';
import { DEGREE_WORDS, degreeLevel, LEVEL_NAMES, mentionsEducation, type DegreeLevel } from './degrees.js';
import { levelScore } from './education.js';
import type { CvRecord, Dimension, JobRecord, ScoreDetail, WeightedDetail } from './types.js';
import { contentStems, fold, quote, stem, STOPWORDS, tokens, toScore, uniqueKey } from './text.js';

/**
 * Free-text job requirement lines. Each non-blank line is placed in one dimension and scored against the CV:
 * - a line naming an amount of years or months (“5+ years of Java”, „mindestens 3 Jahre“, « 2 ans ») goes to
 *   experience: round(10 × mean(min(1, CV months / required months), word share)), the word share only when the
 *   line has words beyond the duration;
 * - else a line naming a degree or diploma (multilingual, see degrees.ts) goes to education: the degree-level rule
 *   (10 / 6 / 2 / unknown 3), averaged with the word share of the rest of the line in the CV education entries;
 * - else it goes to hard_skills: round(10 × word share).
 * Word share = the share of the line's meaningful words (folded, stemmed, no stop words) found in the single CV
 * passage (a sentence of an experience, education entry, skill description or CV skill explanation) that has
 * the most of them; that passage is quoted. Weight 1 inside the dimension's average (as an optional skill).
 * Key = the line, trimmed, whitespace collapsed, cut to 120 characters, made unique.
 */
export const REQUIREMENT_WEIGHT = 1;
const MAX_KEY = 120;

const UNITS = 'years?|yrs?|jahre?n?|ans?|annees?|anos?|anni|anno|jaar|jaren|months?|monate?n?|mois|meses|mesi|maanden';
const DURATION = new RegExp(
  `(\\d+(?:[.,]\\d+)?)\\s*\\+?\\s*(?:(?:-|–|to|bis|a|à)\\s*\\d+\\s*)?(?:or more\\s+|o mas\\s+|ou plus\\s+)?(${UNITS})\\b`,
);
const MONTH_UNIT = /^(months?|monate?n?|mois|meses|mesi|maanden)$/;

interface Line {
  key: string;
  dimension: Dimension;
  text: string;
  /** Meaningful stems to look for, and the line's word for each stem (for explanations). */
  stems: string[];
  words: Map<string, string>;
  months?: number;
  level?: DegreeLevel;
}

export interface PreparedRequirements {
  lines: Line[];
}

const NUMBER_WORD = new RegExp(`\\b(${Object.keys(NUMBER_WORDS).join('|')})(?=\\s+(?:${UNITS})\\b)`, 'g');

/** The duration a line asks for, in months, and the line without it (its remaining words are compared). */
function requiredMonths(folded: string): { months: number; rest: string } | undefined {
  const text = folded.replace(NUMBER_WORD, (word) => String(NUMBER_WORDS[word]));
  const m = DURATION.exec(text);
  if (!m) return undefined;
  const amount = Number(m[1]!.replace(',', '.'));
  if (!Number.isFinite(amount) || amount <= 0) return undefined;
  const months = Math.round(MONTH_UNIT.test(m[2]!) ? amount : amount * 12);
  return { months, rest: text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length) };
}

/** A requirement line as the scorer reads it (whitespace collapsed); empty for a blank line, which is skipped. */
export const requirementLineText = (raw: string): string => raw.replace(/\s+/g, ' ').trim();

/** A Score detail for (CV id, requirement line text) that replaces the rule's, or undefined to keep the rule. */
export type RequirementOverride = (cvId: string, line: string) => ScoreDetail | undefined;

export function prepareRequirements(job: JobRecord, keys: Record<Dimension, Set<string>>): PreparedRequirements {
  const lines: Line[] = [];
  const degreeStems = new Set([...DEGREE_WORDS].map(stem));
  for (const raw of job.job_requirements) {
    const text = requirementLineText(raw);
    if (!text) continue;
    const folded = fold(text);
    const duration = requiredMonths(folded);
    const months = duration?.months;
    const education = months === undefined && mentionsEducation(text);
    const dimension: Dimension = months !== undefined ? 'experience' : education ? 'education' : 'hard_skills';
    const level = education ? degreeLevel(text, true) : undefined;
    const words = new Map<string, string>();
    for (const token of tokens(text)) if (!words.has(stem(token))) words.set(stem(token), token);
    const stems = contentStems(duration?.rest ?? text).filter(
      (s) => !(education && degreeStems.has(s)) && !STOPWORDS.has(s),
    );
    const key = uniqueKey(text.length > MAX_KEY ? `${text.slice(0, MAX_KEY - 1).trimEnd()}…` : text, keys[dimension]);
    lines.push({
      key,
      dimension,
      text,
      stems,
      words,
      ...(months !== undefined ? { months } : {}),
      ...(level !== undefined ? { level } : {}),
    });
  }
  return { lines };
}

/** Stems the CV index must keep postings for. */
export function requirementVocabulary(prepared: PreparedRequirements): string[] {
  return prepared.lines.flatMap((l) => l.stems);
}

function wordShare(line: Line, index: CvIndex, educationOnly: boolean): { share: number; explanation: string } {
  const found = bestOverlap(index, line.stems, educationOnly ? (p) => p.source.startsWith('education') : undefined);
  if (!found)
    return {
      share: 0,
      explanation: `none of its words (${line.stems.map((s) => line.words.get(s) ?? s).join(', ')}) appears in the CV${educationOnly ? ' education' : ''}`,
    };
  const p = index.passages[found.passage]!;
  const matched = found.matched.map((s) => line.words.get(s) ?? s);
  return {
    share: found.matched.length / line.stems.length,
    explanation: `${found.matched.length} of ${line.stems.length} words (${matched.join(', ')}) in ${p.source}: ${quote(p.text, matched[0])}`,
  };
}

export function scoreRequirements(
  prepared: PreparedRequirements,
  cv: CvRecord,
  index: CvIndex,
  cvMonths: () => { months: number; counted: string },
  override?: RequirementOverride,
): WeightedDetail[] {
  return prepared.lines.map((line) => {
    const replaced = override?.(cv.id, line.text);
    if (replaced) return { dimension: line.dimension, key: line.key, weight: REQUIREMENT_WEIGHT, detail: replaced };
    const parts: { fraction: number; explanation: string }[] = [];
    let criteria: string;
    if (line.dimension === 'experience') {
      const required = line.months!;
      const { months, counted } = cvMonths();
      parts.push({
        fraction: Math.min(1, months / required),
        explanation: `${months} of ${required} months of experience (${counted})`,
      });
      criteria = 'requirement line (duration): mean of min(1, CV months / required months) and the word share';
    } else if (line.dimension === 'education' && line.level !== undefined) {
      const { score, explanation } = levelScore(line.level, cv);
      parts.push({ fraction: score / 10, explanation });
      criteria = `requirement line (degree, ${LEVEL_NAMES[line.level]}): mean of the degree-level score and the word share in the CV education`;
    } else if (line.dimension === 'education') {
      criteria = 'requirement line (education): share of its words in the closest CV education entry';
    } else {
      criteria = 'requirement line: share of its words in the closest CV passage';
    }
    if (line.stems.length) {
      const { share, explanation } = wordShare(line, index, line.dimension === 'education');
      parts.push({ fraction: share, explanation: `Words: ${explanation}` });
    }
    const fraction = parts.length ? parts.reduce((a, p) => a + p.fraction, 0) / parts.length : 0;
    const explanation = parts.length
      ? parts.map((p) => p.explanation.replace(/\.$/, '')).join('. ') + '.'
      : 'The line has no words to compare with the CV.';
    return {
      dimension: line.dimension,
      key: line.key,
      weight: REQUIREMENT_WEIGHT,
      detail: { score: toScore(fraction), criteria, explanation },
    };
  });
}
