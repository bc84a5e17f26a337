import type { DirectoryProfileInput } from './profile-schema.js';

/**
 * The CSV form of a directory (services/sourcing/README.md, "Providers"): one profile per row, a header row naming
 * the columns (any order, any letter case, unknown columns ignored):
 *
 *   id, full_name, headline, location, seniority, summary, updated_at     plain values
 *   skills, languages, emails, phones                                     lists separated by `;` or `|`
 *   links        `type=url` entries (`linkedin=https://…`); a bare URL is typed from its host
 *   experience   `Title @ Company [START..END]` entries, END empty or `present` while current; dates optional
 *   education    `Degree in Major @ School [START..END]`, `Degree @ School` or `School`
 */
export const CSV_COLUMNS = [
  'id',
  'full_name',
  'headline',
  'location',
  'seniority',
  'summary',
  'skills',
  'languages',
  'emails',
  'phones',
  'links',
  'experience',
  'education',
  'updated_at',
] as const;

const LIST_SEPARATOR = /[;|]/;
const DATED_ENTRY = /^(?<body>.*?)\s*(?:\[(?<start>[^\]]*?)\s*\.\.\s*(?<end>[^\]]*?)\])?$/;

export function splitList(cell: string | undefined): string[] {
  return (cell ?? '')
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter(Boolean);
}

function datedEntry(entry: string): { body: string; start: string | null; end: string | null; current: boolean } {
  const groups = DATED_ENTRY.exec(entry)?.groups ?? {};
  const end = groups.end?.trim() ?? '';
  const hasRange = groups.start !== undefined;
  return {
    body: (groups.body ?? entry).trim(),
    start: groups.start?.trim() || null,
    end: end && end.toLowerCase() !== 'present' ? end : null,
    current: hasRange ? !end || end.toLowerCase() === 'present' : false,
  };
}

/** `Senior Engineer @ Globex [2021-04..present]` → one experience entry. */
export function parseExperience(entry: string): NonNullable<DirectoryProfileInput['experience']>[number] {
  const { body, start, end, current } = datedEntry(entry);
  const at = body.lastIndexOf(' @ ');
  return {
    title: at >= 0 ? body.slice(0, at) : body,
    company: at >= 0 ? body.slice(at + 3) : null,
    start_date: start,
    end_date: end,
    is_current: current,
  };
}

/** `MSc in Computer Science @ Westmoor University [2014..2016]` → one education entry. */
export function parseEducation(entry: string): NonNullable<DirectoryProfileInput['education']>[number] {
  const { body, start, end } = datedEntry(entry);
  const at = body.lastIndexOf(' @ ');
  if (at < 0) return { school: body, start_date: start, end_date: end };
  const studies = body.slice(0, at);
  const inAt = studies.indexOf(' in ');
  return {
    school: body.slice(at + 3),
    degree: (inAt >= 0 ? studies.slice(0, inAt) : studies) || null,
    major: inAt >= 0 ? studies.slice(inAt + 4) : null,
    start_date: start,
    end_date: end,
  };
}

const KNOWN_LINK_HOSTS: [RegExp, string][] = [
  [/(^|\.)linkedin\./, 'linkedin'],
  [/(^|\.)github\./, 'github'],
  [/(^|\.)gitlab\./, 'gitlab'],
  [/(^|\.)(twitter|x)\.com$/, 'twitter'],
];

export function parseLink(entry: string): { type: string; url: string } {
  const equals = entry.indexOf('=');
  if (equals > 0 && !entry.slice(0, equals).includes('/'))
    return { type: entry.slice(0, equals).trim(), url: entry.slice(equals + 1).trim() };
  let host = '';
  try {
    host = new URL(/^[a-z]+:\/\//i.test(entry) ? entry : `https://${entry}`).hostname;
  } catch {
    // not a URL: typed as a website, kept as written
  }
  return { type: KNOWN_LINK_HOSTS.find(([pattern]) => pattern.test(host))?.[1] ?? 'website', url: entry };
}

/** A CSV row (header → cell) in the shape the profile schema validates. */
export function csvRowToProfile(row: Record<string, string>): DirectoryProfileInput {
  const cell = (name: string) => row[name]?.trim() || null;
  return {
    id: cell('id') ?? '',
    full_name: cell('full_name') ?? '',
    headline: cell('headline'),
    location: cell('location'),
    seniority: cell('seniority'),
    summary: cell('summary'),
    updated_at: cell('updated_at'),
    skills: splitList(row.skills),
    languages: splitList(row.languages),
    emails: splitList(row.emails),
    phones: splitList(row.phones),
    links: splitList(row.links).map(parseLink),
    experience: splitList(row.experience).map(parseExperience),
    education: splitList(row.education).map(parseEducation),
  };
}
