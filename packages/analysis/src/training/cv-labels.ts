/**
 * The labelled dotin CVs' notion of a right value, in one place for `pnpm eval:extraction` (which scores the
 * record's fields with it) and the CV confidence trainer (which learns the probability of "right" from it):
 * normalised equality or whole-word containment, compound titles matched by a part, a degree with its subject, an
 * institution inside a longer span, and phone numbers against the proxy (a number after a phone word, before a
 * references heading). The eval's documentation (eval-extraction.mjs, head) explains each choice.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { CvContent } from '@talent/records';
import { readDotinCvs } from '@talent/testkit';
import { degreeWithMajor, type CvConfidenceFamily, type FieldPath } from '../cv-confidence.js';
import { findDegrees } from '../degrees.js';

export const norm = (s: unknown): string =>
  String(s ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}+#]+/gu, ' ')
    .trim();
export const words = (s: unknown): string[] => norm(s).split(' ').filter(Boolean);

/** Same entity: equal once normalised, or one inside the other (whole words) covering at least half of it. */
export function same(a: string, b: string): boolean {
  const x = norm(a);
  const y = norm(b);
  if (!x || !y) return false;
  if (x === y) return true;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return ` ${long} `.includes(` ${short} `) && words(short).length / words(long).length >= 0.5;
}

/** A predicted title equals a span, or (unless strict) is a compound ("Founder and CEO") one of whose parts does. */
export function sameTitle(got: string, exp: string, strict = false): boolean {
  if (same(got, exp)) return true;
  if (strict) return false;
  const parts = got.split(/\s+(?:and|&)\s+|\s*\/\s*/i).filter((p) => words(p).length);
  return parts.length > 1 && parts.some((p) => same(p, exp));
}

/** A degree "MS in Information Systems" against a span holding degree and subject (or the degree alone). */
export function degreeMatch(got: string, exp: string): boolean {
  const degree = got.replace(/ in .*$/, '');
  return (
    same(got, exp) ||
    same(degree, exp) ||
    (` ${norm(exp)} `.startsWith(` ${norm(degree)} `) &&
      (!got.includes(' in ') || ` ${norm(exp)} `.includes(` ${norm(got.replace(/^.*? in /, ''))} `)))
  );
}

/**
 * The record has no employer field: an experience entry's employer is its description's first line (the rules'
 * convention), read as the eval reads it: at most 12 words, a short tail after a dash, bar or comma (its place:
 * "Accenture - Pune") cut off; undefined when the line is no candidate (empty or longer).
 */
export const employerOfLine = (line: string): string | undefined =>
  line && words(line).length <= 12
    ? line.replace(/\s*[-–|,]\s*[^-–|,]*$/, (tail) => (words(tail).length <= 3 ? '' : tail))
    : undefined;
/** A labelled employer inside the entry's employer line, or the same entity. */
export const employerMatch = (got: string, exp: string): boolean =>
  ` ${norm(got)} `.includes(` ${norm(exp)} `) || same(got, exp);

/** Labelled college spans often carry the major or board before the name: an institution of two or more words inside counts. */
export const institutionMatch = (got: string, exp: string): boolean =>
  same(got, exp) || (words(got).length >= 2 && ` ${norm(exp)} `.includes(` ${norm(got)} `));

/**
 * Label conventions of the dotin set that the record does not follow, for a second, lenient figure next to the
 * eval's (never instead of it; README, *rules-22 / cv-conf-5*):
 * - 'credential': a Degree span naming no degree but a certification, licence, course or training ("CPR
 *   Certification", "Professional Educator License"; a bare "PMP" is not recognised and stays counted); the record's
 *   education holds degrees (a certifications section gives only its academic degrees, cv-analyzer.ts).
 * - 'subject': a Degree span naming no degree but the field the record holds as an entry's major ("Major: Consumer
 *   Economics" next to "Associate of Arts").
 * - 'employer': a College Name span found in no education entry but in a work-experience entry's text (a university
 *   the candidate worked at: "Joined Inc. / William Jessup University - San Jose").
 */
export type LabelConvention = 'credential' | 'subject' | 'employer';
const CREDENTIAL =
  /(?<!\p{L})(?:certif\p{L}*|licen[cs]\p{L}*|credentials?|accredit\p{L}*|trainings?|courses?|fellowship|programs?|programmes?)(?!\p{L})/iu;
const MAJOR_LABEL = /^\s*(?:majors?|majoring\s+in|minor|specialization\s+in|specialisation\s+in)\s*:?\s*/i;

export function degreeConvention(span: string, record: RecordContent): LabelConvention | undefined {
  if (findDegrees(span).length) return undefined;
  if (CREDENTIAL.test(span)) return 'credential';
  const subject = span.replace(MAJOR_LABEL, '');
  return record.education.some(
    (e) => e.major && (same(e.major, subject) || ` ${norm(e.major)} `.includes(` ${norm(subject)} `)),
  )
    ? 'subject'
    : undefined;
}

export function institutionConvention(span: string, record: RecordContent): LabelConvention | undefined {
  if (record.education.some((e) => e.institution_name && institutionMatch(e.institution_name, span))) return undefined;
  const inWork = record.experience.some((e) => ` ${norm(`${e.title} ${e.description}`)} `.includes(` ${norm(span)} `));
  return inWork ? 'employer' : undefined;
}

const PHONE_WORD =
  /\b(?:phone|mobile|mob|tel|telephone|cell|contact\s*(?:no|number))\b[^\d+\n]{0,15}(\+?[\d(][\d\s().-]{6,}\d)/gi;
const digits = (s: string) => s.replace(/\D/g, '');
// "A line" here is also a cell of the export, which separates lines by runs of spaces.
const REFERENCES_LINE =
  /(?:^|\n|\s{2,})(?:references?|referees?|referenzen|références|referencias|referenze|referenties|referências)[ \t]*:?[ \t]*(?=\n|\s{2,}|$)/i;
const candidatePart = (text: string) => {
  const at = text.search(REFERENCES_LINE);
  return at < 0 ? text : text.slice(0, at);
};
/** The phone proxy: numbers written after a phone word on the same line, before a references heading unless `all`. */
export function proxyPhones(text: string, all = false): string[] {
  const found = [...(all ? text : candidatePart(text)).matchAll(PHONE_WORD)].map((m) => m[1]!.trim());
  return [...new Set(found.filter((p) => digits(p).length >= 7 && digits(p).length <= 15))];
}
export const phoneMatch = (got: string, expected: string): boolean => {
  const a = digits(got);
  const b = digits(expected);
  return a.length >= 7 && b.length >= 7 && (a.endsWith(b.slice(-8)) || b.endsWith(a.slice(-8)));
};

/** A labelled dotin CV as the eval reads it: the export's escaped apostrophes read as apostrophes. */
export interface LabelledCv {
  file: string;
  text: string;
  labels: Map<string, string[]>;
}
const unescape = (s: string) => s.replace(/\\'/g, "'");
export function readLabelledCvs(dataDir: string): LabelledCv[] {
  return readDotinCvs(join(dataDir, 'cvs/dotin-train')).map((cv) => ({
    file: cv.file.replace(/\.xml$/, ''),
    text: unescape(cv.text),
    labels: new Map([...cv.labels].map(([type, spans]) => [type, spans.map(unescape)] as const)),
  }));
}

/** The eval's fixed split: sha1(file name with .xml) first byte even → A (trained on), odd → B (held out). */
export const cvHalf = (file: string): 'A' | 'B' =>
  createHash('sha1')
    .update(`${file.replace(/\.xml$/, '')}.xml`)
    .digest()[0]! & 1
    ? 'B'
    : 'A';

/** Whether one value of the record is right (a field the CV has no label of is not scored: no outcome). */
export interface FieldOutcome {
  family: CvConfidenceFamily;
  path: FieldPath;
  right: boolean;
}

type CvInformationEntry = Extract<FieldPath, { part: 'information' }>['field'];
type RecordContent = Omit<CvContent, 'hard_skills' | 'soft_skills'>;

/**
 * Each scored value of a record, right or not under the eval's matching. As in the eval, a CV without a span of a
 * field is not scored for it, and a secondary-school entry's degree or school that matches no span is left out.
 */
export function cvFieldOutcomes(record: RecordContent, cv: LabelledCv): FieldOutcome[] {
  const L = (type: string) => [...new Set(cv.labels.get(type) ?? [])];
  const out: FieldOutcome[] = [];
  const push = (family: CvConfidenceFamily, path: FieldPath, spans: readonly string[], right: boolean) => {
    if (spans.length) out.push({ family, path, right });
  };
  const info = record.information;
  const equal = (value: string, span: string) => norm(value) === norm(span);
  const fields: Array<[CvInformationEntry, string, string[], (value: string, span: string) => boolean]> = [
    ['name', `${info.first_name} ${info.last_name}`.trim(), L('Name').slice(0, 1), equal],
    [
      'email',
      info.email[0] ?? '',
      L('Email Address').map((e) => e.toLowerCase().replace(/^indeed\.com\/r\//, '')),
      equal,
    ],
    ['phone', info.phone[0] ?? '', proxyPhones(cv.text), phoneMatch],
    // The predicted city inside the labelled location.
    ['city', info.address.city, L('Location'), (city, span) => ` ${norm(span)} `.includes(` ${norm(city)} `)],
  ];
  for (const [field, value, spans, match] of fields)
    if (value)
      push(
        field,
        { part: 'information', field },
        spans,
        spans.some((span) => match(value, span)),
      );
  const titles = L('Designation');
  record.experience.forEach((e, index) => {
    if (e.title)
      push(
        'title',
        { part: 'experience', index, field: 'title' },
        titles,
        titles.some((t) => sameTitle(e.title, t)),
      );
  });
  const degrees = L('Degree');
  const schools = L('College Name');
  record.education.forEach((e, index) => {
    const secondary = findDegrees(e.degree)[0]?.level === 1;
    const degree = e.degree && degreeWithMajor(e);
    const degreeRight = degrees.some((d) => degreeMatch(degree, d));
    if (degree && (!secondary || degreeRight))
      push('degree', { part: 'education', index, field: 'degree' }, degrees, degreeRight);
    const school = e.institution_name;
    const schoolRight = schools.some((s) => institutionMatch(school, s));
    if (school && (!secondary || schoolRight))
      push('institution', { part: 'education', index, field: 'institution_name' }, schools, schoolRight);
  });
  return out;
}
