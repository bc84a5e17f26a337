/**
 * Why experience titles (designation) and employers miss on the labelled dotin CVs: each missed span and each wrong
 * value of a record is put in one cause, by where the labelled span stands in the rules' reading (a referees
 * section, prose, an entry's title, its description's first lines, a line no entry holds, …). Some causes are the
 * parser's (an entry not segmented, the wrong header line chosen); others are conventions of the labelled set
 * (referees' posts and firms, clients, a job sought in the objective, all labelled too), which a parser should not
 * be fitted to. Counted as `pnpm eval:extraction` counts right (cv-labels.ts), per CV on a set of distinct spans.
 *
 * `node packages/analysis/dist/training/error-causes.js [data folder] [A|B]` prints the table (half A by default:
 * rules are tuned looking at half A only).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCv, type CvReading } from '../cv-analyzer.js';
import { isReferencesHeading } from '../sections.js';
import { employerCandidates } from '../scoring/employer.js';
import {
  cvHalf,
  employerMatch,
  employerOfLine,
  norm,
  readLabelledCvs,
  sameTitle,
  words,
  type LabelledCv,
} from './cv-labels.js';
import { EVAL_NOW } from './train-cv-confidence.js';

/** Whose error a cause is: the parser's, the labelled set's convention, or either (unclear from the position). */
export type Owner = 'parser' | 'labels' | 'either';
export interface ErrorCause {
  field: 'designation' | 'employer';
  /** A labelled span missed (recall) or a value of the record that matches no span (precision). */
  error: 'missed' | 'wrong';
  cause: string;
  owner: Owner;
  /** The span or value, for reading examples. */
  value: string;
}

// A line longer than an employer line (as the eval reads one): the span stands inside prose.
const PROSE_WORDS = 12;
const inside = (text: string, span: string) => ` ${norm(text)} `.includes(` ${norm(span)} `);

/** Where a span stands among the lines of the reading that no experience entry holds. */
function outsideEntries(reading: CvReading, span: string): { cause: string; owner: Owner } {
  const section = reading.sections.find((s) => s.lines.some((l) => inside(l.text, span)));
  if (!section) return { cause: 'across a line end', owner: 'either' };
  if (section.kind === 'other' && isReferencesHeading(section.heading))
    return { cause: 'a referee’s (references section)', owner: 'labels' };
  const line = section.lines.find((l) => inside(l.text, span))!.text;
  if (words(line).length > PROSE_WORDS) return { cause: `inside prose (${section.kind} section)`, owner: 'labels' };
  return section.kind === 'experience'
    ? { cause: 'a line of the experience section no entry holds', owner: 'parser' }
    : { cause: `a line of the ${section.kind} section, no entry`, owner: 'either' };
}

/** A cause a missed span has when `test` holds (the first such rule wins). */
type Rule = [test: (span: string) => boolean, cause: string, owner: Owner];

/** Why a labelled span was missed: not in the text, the first rule it meets, else where it stands outside the entries. */
function missedCause(
  reading: CvReading,
  text: string,
  span: string,
  rules: readonly Rule[],
): Pick<ErrorCause, 'cause' | 'owner'> {
  if (!inside(text, span)) return { cause: 'not in the text as written', owner: 'labels' };
  const rule = rules.find(([test]) => test(span));
  return rule ? { cause: rule[1], owner: rule[2] } : outsideEntries(reading, span);
}

/** The causes of one CV's designation and employer errors in the rules' reading. */
export function errorCauses(reading: CvReading, cv: LabelledCv): ErrorCause[] {
  const out: ErrorCause[] = [];
  const spans = (type: string) => [...new Set(cv.labels.get(type) ?? [])];
  const experience = reading.content.experience;
  const lines = experience.map((e) => e.description.split('\n'));

  const employers = spans('Companies worked at');
  const firstLines = experience.map((e) => employerCandidates(e)[0] ?? '');
  const got = [...new Set(firstLines.map(employerOfLine).filter((l): l is string => l !== undefined))];
  const employerLine = (line: string, span: string) => {
    const employer = employerOfLine(line);
    return employer !== undefined && employerMatch(employer, span);
  };
  const employerRules: Rule[] = [
    [(span) => firstLines.some((l) => inside(l, span)), 'in the first line, which the eval cuts', 'either'],
    [
      (span) => lines.some((ls) => ls.slice(1, 4).some((l) => employerLine(l, span))),
      'an entry’s description line 2–4 (the choice of line)',
      'parser',
    ],
    [
      (span) => experience.some((e) => inside(e.title, span)),
      'inside the entry’s title (title and firm on one line)',
      'parser',
    ],
    [
      (span) => lines.some((ls) => ls.slice(1).some((l) => inside(l, span))),
      'later in an entry’s body (a second employer, clients)',
      'either',
    ],
  ];
  for (const span of employers)
    if (!got.some((g) => employerMatch(g, span)))
      out.push({
        field: 'employer',
        error: 'missed',
        value: span,
        ...missedCause(reading, cv.text, span, employerRules),
      });
  if (employers.length)
    for (const value of got) {
      if (employers.some((s) => employerMatch(value, s))) continue;
      const at = firstLines.findIndex((l) => employerOfLine(l) === value);
      const entry = experience[at]!;
      const [cause, owner]: [string, Owner] = lines[at]!.slice(1, 4).some((l) =>
        employers.some((s) => employerLine(l, s)),
      )
        ? ['the right one among lines 2–4 (the choice of line)', 'parser']
        : employers.some((s) => inside(entry.title, s))
          ? ['the employer in the entry’s title', 'parser']
          : employers.some((s) => inside(entry.description, s))
            ? ['the employer later in the entry', 'parser']
            : ['an entry holding no labelled employer (not a job, or a firm not labelled)', 'either'];
      out.push({ field: 'employer', error: 'wrong', cause, owner, value });
    }

  const titles = spans('Designation');
  const predicted = [...new Set(experience.map((e) => e.title).filter(Boolean))];
  const titleRules: Rule[] = [
    [(span) => experience.some((e) => inside(e.title, span)), 'inside a longer title (labelled in part)', 'either'],
    [
      (span) => lines.some((ls) => ls.slice(0, 4).some((l) => inside(l, span))),
      'an entry’s description line 1–4 (the title chose another, or two posts)',
      'parser',
    ],
    [
      (span) => lines.some((ls) => ls.slice(4).some((l) => inside(l, span))),
      'later in an entry’s body (a post not segmented)',
      'parser',
    ],
  ];
  for (const span of titles)
    if (!predicted.some((t) => sameTitle(t, span)))
      out.push({
        field: 'designation',
        error: 'missed',
        value: span,
        ...missedCause(reading, cv.text, span, titleRules),
      });
  if (titles.length)
    for (const value of predicted) {
      if (titles.some((s) => sameTitle(value, s))) continue;
      const entry = experience.find((e) => e.title === value)!;
      const [cause, owner]: [string, Owner] = titles.some((s) => inside(value, s))
        ? ['holds a labelled title and more', 'either']
        : employers.some((s) => inside(value, s) || inside(s, value))
          ? ['is the employer (title and firm swapped)', 'parser']
          : entry.description
                .split('\n')
                .slice(0, 4)
                .some((l) => titles.some((s) => inside(l, s)))
            ? ['a labelled title stands in the description (the choice of line)', 'parser']
            : ['no labelled title in the entry (a post not labelled, or not a job)', 'either'];
      out.push({ field: 'designation', error: 'wrong', cause, owner, value });
    }
  return out;
}

/** The table of causes for one half of the dotin CVs (CVs without a span of a field are not scored for it). */
export function printErrorCauses(dataDir: string, half: 'A' | 'B'): void {
  const causes = readLabelledCvs(dataDir)
    .filter((cv) => cvHalf(cv.file) === half)
    .flatMap((cv) => errorCauses(readCv(cv.text.normalize('NFC'), EVAL_NOW), cv));
  const counts = new Map<string, number>();
  for (const c of causes) {
    const key = [c.field, c.error, c.owner, c.cause].join('\t');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  console.log(`designation and employer errors, half ${half} of the dotin CVs, as written (rules + entry model)`);
  console.log(`  ${'field'.padEnd(12)} ${'error'.padEnd(7)} ${'owner'.padEnd(7)} ${'count'.padStart(5)}  cause`);
  // Grouped by field and error, the largest cause first.
  const group = (key: string) => key.split('\t').slice(0, 2).join(' ');
  const rows = [...counts].sort(([a, x], [b, y]) => (group(a) === group(b) ? y - x : group(a) < group(b) ? -1 : 1));
  for (const [key, n] of rows) {
    const [field, error, owner, cause] = key.split('\t') as [string, string, string, string];
    console.log(`  ${field.padEnd(12)} ${error.padEnd(7)} ${owner.padEnd(7)} ${String(n).padStart(5)}  ${cause}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = process.argv[2] ?? join(process.cwd(), '../shared/data');
  printErrorCauses(dataDir, process.argv[3] === 'B' ? 'B' : 'A');
}
