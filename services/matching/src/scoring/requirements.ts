import { NUMBER_WORDS } from '@talent/records';
import { bestOverlap, entryStems, type CvIndex } from './cv-index.js';
import { DEGREE_WORDS, degreeLevel, LEVEL_NAMES, mentionsEducation, type DegreeLevel } from './degrees.js';
import { levelScore } from './education.js';
import { countMonths, type MonthsCount } from './experience.js';
import type { CvRecord, Dimension, JobRecord, ScoreDetail, WeightedDetail } from './types.js';
import { contentStems, fold, quote, stem, STOPWORDS, tokens, toScore, uniqueKey } from './text.js';

/**
 * Free-text job requirement lines. Each non-blank line is placed in one dimension and scored against the CV:
 * - a line naming an amount of years or months (“5+ years of Java”, „mindestens 3 Jahre“, « 2 ans ») goes to
 *   experience: round(10 × mean(min(1, CV months / required months), word share)), the word share only when the
 *   line has words beyond the duration. “N years of X” asks for N years doing X: when the line names a subject,
 *   the CV months are those of the experience entries whose title or description holds at least half of the
 *   line's other words (parallel months once); a line naming no subject counts all the CV's months;
 * - else a line naming a degree or diploma (multilingual, see degrees.ts) goes to education: the degree-level rule
 *   (10 / 6 / 2 / unknown 3), averaged with the word share of the rest of the line in the CV education entries.
 *   A clause accepting equivalent experience instead (“or equivalent practical experience”) names no field of
 *   study, so its words are left out of the word share;
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
/**
 * Nominal full-time study months per level (secondary school leaving, vocational and short-cycle programmes two
 * years, bachelor three, master three + two, doctorate three + two + three): the experience a line accepting
 * “equivalent experience” takes as a stand-in for the degree.
 */
export const STUDY_MONTHS: Readonly<Record<DegreeLevel, number>> = { 3: 24, 4: 24, 5: 24, 6: 36, 7: 60, 8: 96 };
const MONTH_UNIT = /^(months?|monate?n?|mois|meses|mesi|maanden)$/;
/** “or equivalent (practical) experience”, „oder vergleichbare Berufserfahrung“, « ou expérience équivalente »… */
const EQUIVALENT_CLAUSE =
  /\b(?:or|oder|ou|o)\s+(?:an?\s+|une?\s+|eine?\s+)?(?:equivalent|comparable|vergleichbare?[nrs]?|gleichwertige?[nrs]?|equivalente?s?|experience|erfahrung|berufserfahrung|experiencia|esperienza|ervaring)\b.*$/;

interface Line {
  key: string;
  dimension: Dimension;
  text: string;
  /** Meaningful stems to look for, and the line's word for each stem (for explanations). */
  stems: string[];
  words: Map<string, string>;
  months?: number;
  level?: DegreeLevel;
  /** A degree line that accepts equivalent experience instead. */
  equivalent?: boolean;
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
    const equivalent = education && EQUIVALENT_CLAUSE.test(folded);
    const compared = equivalent ? folded.replace(EQUIVALENT_CLAUSE, ' ') : (duration?.rest ?? text);
    const stems = contentStems(compared).filter((s) => !(education && degreeStems.has(s)) && !STOPWORDS.has(s));
    const key = uniqueKey(text.length > MAX_KEY ? `${text.slice(0, MAX_KEY - 1).trimEnd()}…` : text, keys[dimension]);
    lines.push({
      key,
      dimension,
      text,
      stems,
      words,
      ...(months !== undefined ? { months } : {}),
      ...(level !== undefined ? { level } : {}),
      ...(equivalent ? { equivalent } : {}),
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

/** Months of the entries whose title or description holds at least half of the line's words (at least one). */
function subjectMonths(line: Line, cv: CvRecord, index: CvIndex): MonthsCount {
  const needed = Math.max(1, Math.ceil(line.stems.length / 2));
  const chosen: number[] = [];
  const words = new Map<number, string>();
  for (const [entry, stems] of [...entryStems(index, line.stems)].sort((a, b) => a[0] - b[0])) {
    if (stems.size < needed) continue;
    chosen.push(entry);
    words.set(entry, [...stems].map((s) => line.words.get(s) ?? s).join(', '));
  }
  return countMonths(cv, chosen, (i) => words.get(i)!);
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
    if (replaced) return { dimension: line.dimension, group: 'requirement lines', key: line.key, weight: REQUIREMENT_WEIGHT, detail: replaced };
    const parts: { fraction: number; explanation: string }[] = [];
    let criteria: string;
    if (line.dimension === 'experience') {
      const required = line.months!;
      const { months, counted } = line.stems.length ? subjectMonths(line, cv, index) : cvMonths();
      parts.push({
        fraction: Math.min(1, months / required),
        explanation: line.stems.length
          ? `${months} of ${required} months of experience in entries naming its subject (${counted || 'none'})`
          : `${months} of ${required} months of experience (${counted})`,
      });
      criteria = line.stems.length
        ? 'requirement line (duration): mean of min(1, months in CV entries holding at least half of its words / required months) and the word share'
        : 'requirement line (duration): min(1, CV months / required months)';
    } else if (line.dimension === 'education' && line.level !== undefined) {
      const degree = levelScore(line.level, cv);
      const nominal = STUDY_MONTHS[line.level];
      const byExperience = line.equivalent ? cvMonths() : undefined;
      const experienceScore = byExperience ? toScore(Math.min(1, byExperience.months / nominal)) : 0;
      if (byExperience && experienceScore > degree.score)
        parts.push({
          fraction: experienceScore / 10,
          explanation: `${degree.explanation.replace(/\.$/, '')}; the line accepts equivalent experience: ${byExperience.months} months (${byExperience.counted}) of the ${nominal} months a ${LEVEL_NAMES[line.level]} takes, score ${experienceScore}`,
        });
      else parts.push({ fraction: degree.score / 10, explanation: degree.explanation });
      criteria = `requirement line (degree, ${LEVEL_NAMES[line.level]}): mean of the degree-level score and the word share in the CV education${line.equivalent ? `; equivalent experience accepted: round(10 × min(1, CV months / ${nominal})) when higher than the degree-level score` : ''}`;
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
      group: 'requirement lines',
      key: line.key,
      weight: REQUIREMENT_WEIGHT,
      detail: { score: toScore(fraction), criteria, explanation },
    };
  });
}
