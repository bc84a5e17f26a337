/**
 * Per-field confidence and evidence of a CV record (issue 26): each value the rules chose is described by features
 * the analyzer has at that point (the section and line it stands in, its position, how many values the field has,
 * token shapes, dictionary hits, whether other rules agree: the name in the e-mail address, a degree the degree
 * list knows), and a logistic regression per field family (data/cv-confidence-model.json, trained by
 * `training/train-cv-confidence.ts` on half A of the labelled dotin CVs) turns them into the probability that the
 * value is right. The evidence is the passage of the original text the value was found in.
 */
import { committedData } from './data-files.js';
import type { CvContent, CvFieldConfidence } from '@talent/records';
import type { CvSectionKind } from './headings.js';
import { hasPhoneLabel } from './contacts.js';
import { findDegrees } from './degrees.js';
import { score } from './headline.js';
import { HIGHER_EDUCATION, legalForms, organisationHints, roleWords, schoolWords } from './lexicon.js';
import { looksLikeName } from './names.js';
import type { Section } from './sections.js';
import { foldSameLength, foldWords, isUpper, wordCount, type Line } from './text.js';

export const CV_CONFIDENCE_FAMILIES = ['name', 'email', 'phone', 'city', 'title', 'degree', 'institution'] as const;
export type CvConfidenceFamily = (typeof CV_CONFIDENCE_FAMILIES)[number];

export interface CvConfidenceModel {
  version: string;
  weights: Record<CvConfidenceFamily, Record<string, number>>;
}

/** Where a value sits in the record: the field_confidence entry it fills. */
export type FieldPath =
  | { part: 'information'; field: 'name' | 'email' | 'phone' | 'city' }
  | { part: 'experience'; index: number; field: 'title' }
  | { part: 'education'; index: number; field: 'degree' | 'institution_name' };

/** A path as one string ("experience.2.title"), to join observations with their labels. */
export const pathKey = (p: FieldPath): string =>
  p.part === 'information' ? `information.${p.field}` : `${p.part}.${p.index}.${p.field}`;

/** One value of the record with what the model reads about it. */
export interface FieldObservation {
  family: CvConfidenceFamily;
  path: FieldPath;
  value: string;
  evidence: string;
  features: string[];
}

type Content = Omit<CvContent, 'hard_skills' | 'soft_skills'>;

/** How a degree is shown with its subject ("MS in Information Systems"): what the degree's confidence is about. */
export const degreeWithMajor = (e: { degree: string; major: string }) =>
  e.major ? `${e.degree} in ${e.major}` : e.degree;

const bucket = (n: number, edges: readonly number[]) => {
  const i = edges.findIndex((e) => n <= e);
  return i < 0 ? `>${edges[edges.length - 1]!}` : `<=${edges[i]!}`;
};

function shape(value: string): string {
  if (isUpper(value)) return 'upper';
  const words = value.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length && words.every((w) => /^\p{Lu}/u.test(w))) return 'title';
  if (/^\p{Ll}/u.test(value)) return 'lower';
  return 'mixed';
}

// A passage longer than this (a line of a text whose line breaks were lost) is cut around the value.
const MAX_EVIDENCE = 160;

/** The CV's lines with each line's section and folded text, computed once for all of a record's values. */
class CvLayout {
  readonly folded: string[];
  readonly kinds: Array<CvSectionKind | 'header'>;
  private readonly foldedText: string;
  constructor(
    private readonly text: string,
    readonly lines: readonly Line[],
    sections: readonly Section<CvSectionKind>[],
  ) {
    const kindOf = new Map<Line, CvSectionKind | 'header'>();
    for (const s of sections) for (const l of s.lines) kindOf.set(l, s.kind);
    this.folded = lines.map((l) => ` ${foldWords(l.text)} `);
    this.kinds = lines.map((l) => kindOf.get(l) ?? 'other');
    this.foldedText = foldSameLength(text);
  }

  /** The first line holding the value's words, preferring lines of the given sections. */
  lineOf(value: string, kinds: readonly (CvSectionKind | 'header')[] = []): number {
    const v = ` ${foldWords(value)} `;
    if (!v.trim()) return -1;
    let first = -1;
    for (let i = 0; i < this.folded.length; i++) {
      if (!this.folded[i]!.includes(v)) continue;
      if (kinds.length === 0 || kinds.includes(this.kinds[i]!)) return i;
      if (first < 0) first = i;
    }
    return first;
  }

  /** The passage of the original text around the value (or, failing that, its longest word): a substring of it. */
  evidence(value: string): string {
    const words = value.split(/[\s,;|()]+/).filter((w) => w.length >= 3);
    const probes = [value, ...words.sort((a, b) => b.length - a.length)].map((p) => p.trim()).filter(Boolean);
    for (const probe of probes) {
      const at = this.foldedText.indexOf(foldSameLength(probe));
      if (at >= 0) return this.passage(at, at + probe.length);
    }
    return '';
  }

  /** A phone number is stored normalised ("+447700900123"): its line holds the same last eight digits. */
  phoneLine(value: string): number {
    const tail = lastDigits(value);
    return this.lines.findIndex((l) => l.text.replace(/\D/g, '').includes(tail));
  }

  phoneEvidence(value: string): string {
    const tail = lastDigits(value);
    for (const m of this.text.matchAll(PHONE_LIKE))
      if (m[0].replace(/\D/g, '').endsWith(tail)) return this.passage(m.index, m.index + m[0].length);
    return '';
  }

  /** The line of the original text around [at, end), cut around it when the line is a whole text's run. */
  private passage(at: number, end: number): string {
    let start = this.text.lastIndexOf('\n', at) + 1;
    let stop = this.text.indexOf('\n', end);
    if (stop < 0) stop = this.text.length;
    if (stop - start > MAX_EVIDENCE) {
      start = Math.max(start, at - MAX_EVIDENCE / 2);
      stop = Math.min(stop, end + MAX_EVIDENCE / 2);
    }
    return this.text.slice(start, stop).trim();
  }
}

const PHONE_LIKE = /\+?[\d(][\d\s()./-]{5,}\d/g;
const lastDigits = (phone: string) => phone.replace(/\D/g, '').slice(-8);

const LONG_LINE = 300;

/** What every value is described by: where it stands and what it looks like. */
function common(layout: CvLayout, value: string, line: number, count: number): string[] {
  const f = [
    `pos ${line < 0 ? 'none' : bucket(line, [0, 1, 2, 5, 10, 30, 80])}`,
    `words ${bucket(wordCount(value), [1, 2, 3, 4, 6, 10])}`,
    `shape ${shape(value)}`,
    `count ${bucket(count, [1, 2, 3, 5])}`,
  ];
  if (line < 0) return [...f, 'line none'];
  f.push(`section ${layout.kinds[line]}`);
  if (layout.folded[line]!.trim() === foldWords(value)) f.push('whole line');
  if (layout.lines[line]!.bullet) f.push('bullet');
  // A text whose line breaks were lost reads its values out of one long run.
  if (layout.lines[line]!.text.length > LONG_LINE) f.push('long line');
  if (/\d/.test(value)) f.push('digits');
  return f;
}

const tokens = (s: string) =>
  foldWords(s)
    .split(' ')
    .filter((t) => t.length >= 3);

function nameFeatures(layout: CvLayout, content: Content, line: number): string[] {
  const { first_name: first, last_name: last, email } = content.information;
  const full = `${first} ${last}`.trim();
  const locals = email.map((e) => foldWords(e.split('@')[0] ?? '').replace(/ /g, ''));
  const inMail = tokens(full).filter((t) => locals.some((l) => l.includes(t))).length;
  const f = [`name in email ${Math.min(inMail, 2)}`];
  if (!last || !first) f.push('name one part');
  if (looksLikeName(full)) f.push('looks like name');
  if (line >= 0) {
    const text = layout.lines[line]!.text;
    if (/\bname\b\s*[:：]?/i.test(text)) f.push('name label');
    if (roleWords.inText(text)) f.push('role word in line');
    if (wordCount(text) > wordCount(full) + 2) f.push('line has more');
  }
  return f;
}

function emailFeatures(value: string, content: Content): string[] {
  const local = value.split('@')[0] ?? '';
  const name = tokens(`${content.information.first_name} ${content.information.last_name}`);
  const f = [`tld ${/\.([a-z]+)$/.exec(value)?.[1] ?? 'none'}`];
  if (/\d/.test(local)) f.push('local digits');
  if (name.some((t) => foldWords(local).replace(/ /g, '').includes(t))) f.push('local has name');
  if (value.length > 40) f.push('long');
  return f;
}

function phoneFeatures(layout: CvLayout, value: string, line: number): string[] {
  const digits = value.replace(/\D/g, '').length;
  const f = [`digits ${bucket(digits, [8, 10, 12, 14])}`];
  if (value.startsWith('+')) f.push('plus');
  if (line >= 0 && hasPhoneLabel(layout.lines[line]!.text)) f.push('phone label');
  return f;
}

function cityFeatures(layout: CvLayout, content: Content, line: number): string[] {
  const f: string[] = [];
  if (content.information.address.country) f.push('has country');
  if (line >= 0 && /,/.test(layout.lines[line]!.text)) f.push('comma line');
  if (line >= 0 && /\b(?:address|location|city|based)\b/i.test(layout.lines[line]!.text)) f.push('address label');
  return f;
}

function titleFeatures(content: Content, index: number, titleCount: ReadonlyMap<string, number>): string[] {
  const e = content.experience[index]!;
  const f = [`entry ${Math.min(index, 4)}`];
  if (roleWords.inText(e.title)) f.push('role word');
  if (legalForms.inText(e.title)) f.push('legal form');
  if (organisationHints.inText(e.title)) f.push('organisation hint');
  if (schoolWords.inText(e.title)) f.push('school word');
  if (e.start_date) f.push('dated');
  if (!e.description) f.push('no description');
  if (/\s(?:and|&)\s|\//i.test(e.title)) f.push('compound');
  if (/[.:;]$/.test(e.title) || wordCount(e.title) > 6) f.push('sentence-like');
  if ((titleCount.get(foldWords(e.title)) ?? 0) > 1) f.push('repeated');
  return f;
}

function educationFeatures(content: Content, index: number, field: 'degree' | 'institution_name'): string[] {
  const e = content.education[index]!;
  const level = findDegrees(e.degree)[0]?.level ?? 0;
  const f = [`entry ${Math.min(index, 3)}`, `level ${level}`];
  if (e.major) f.push('major');
  if (e.end_date || e.start_date) f.push('dated');
  if (field === 'degree') {
    if (e.institution_name) f.push('has institution');
    if (e.degree.length <= 6) f.push('short degree');
  } else {
    if (e.degree) f.push('has degree');
    if (HIGHER_EDUCATION.test(e.institution_name)) f.push('higher education word');
    if (schoolWords.inText(e.institution_name)) f.push('school word');
    if (legalForms.inText(e.institution_name)) f.push('legal form');
  }
  return f;
}

const EDUCATION_KINDS = ['education', 'certifications'] as const;

/** Every value of the record the confidence model scores, with its features and evidence. */
export function observeCvFields(
  text: string,
  lines: readonly Line[],
  sections: readonly Section<CvSectionKind>[],
  content: Content,
): FieldObservation[] {
  const layout = new CvLayout(text, lines, sections);
  const out: FieldObservation[] = [];
  const add = (
    family: CvConfidenceFamily,
    path: FieldPath,
    value: string,
    count: number,
    kinds: readonly (CvSectionKind | 'header')[],
    own: (line: number) => string[],
  ) => {
    if (!value) return;
    const phone = family === 'phone';
    const line = phone ? layout.phoneLine(value) : layout.lineOf(value, kinds);
    const features = [...common(layout, value, line, count), ...own(line)].map((f) => `${family}: ${f}`);
    const evidence = phone ? layout.phoneEvidence(value) : layout.evidence(value);
    out.push({ family, path, value, evidence, features });
  };
  const info = content.information;
  const name = `${info.first_name} ${info.last_name}`.trim();
  add('name', { part: 'information', field: 'name' }, name, 1, ['header'], (l) => nameFeatures(layout, content, l));
  const email = info.email[0] ?? '';
  add('email', { part: 'information', field: 'email' }, email, info.email.length, [], () =>
    emailFeatures(email, content),
  );
  const phone = info.phone[0] ?? '';
  add('phone', { part: 'information', field: 'phone' }, phone, info.phone.length, [], (l) =>
    phoneFeatures(layout, phone, l),
  );
  add('city', { part: 'information', field: 'city' }, info.address.city, 1, ['header', 'contact'], (l) =>
    cityFeatures(layout, content, l),
  );
  // How often each title recurs, counted once (a CV may list dozens of entries).
  const titleCount = new Map<string, number>();
  for (const e of content.experience) titleCount.set(foldWords(e.title), (titleCount.get(foldWords(e.title)) ?? 0) + 1);
  content.experience.forEach((e, index) =>
    add(
      'title',
      { part: 'experience', index, field: 'title' },
      e.title,
      content.experience.length,
      ['experience'],
      () => titleFeatures(content, index, titleCount),
    ),
  );
  content.education.forEach((e, index) => {
    const count = content.education.length;
    add(
      'degree',
      { part: 'education', index, field: 'degree' },
      e.degree && degreeWithMajor(e),
      count,
      EDUCATION_KINDS,
      () => educationFeatures(content, index, 'degree'),
    );
    add(
      'institution',
      { part: 'education', index, field: 'institution_name' },
      e.institution_name,
      count,
      EDUCATION_KINDS,
      () => educationFeatures(content, index, 'institution_name'),
    );
  });
  return out;
}

const rounded = (p: number) => Math.round(p * 1000) / 1000;

/** The record's field_confidence: each observed value's probability under the model, with its evidence. */
export function cvFieldConfidence(
  observations: readonly FieldObservation[],
  content: Content,
  model: CvConfidenceModel,
): CvFieldConfidence {
  const out: CvFieldConfidence = {
    information: {},
    experience: content.experience.map(() => ({})),
    education: content.education.map(() => ({})),
  };
  for (const o of observations) {
    const entry = { confidence: rounded(score(model.weights[o.family], o.features)), evidence: o.evidence };
    const p = o.path;
    if (p.part === 'information') out.information[p.field] = entry;
    else if (p.part === 'experience') out.experience[p.index]![p.field] = entry;
    else out.education[p.index]![p.field] = entry;
  }
  return out;
}

/** The committed model (data/cv-confidence-model.json). */
export const cvConfidenceModel = committedData<CvConfidenceModel>('cv-confidence-model.json');
