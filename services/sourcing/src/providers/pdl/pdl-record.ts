import type { ProfileEducation, ProfileExperience, ProfileLink, Seniority, SourcedProfile } from '../provider.js';

/**
 * PDL person records as they arrive: any field may be missing or null, and contact fields a plan does not include
 * come as `true`/`false` instead of values. Every reader below accepts anything and keeps only what fits.
 */
type Loose = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const texts = (value: unknown): string[] =>
  list(value)
    .map(text)
    .filter((item): item is string => item !== null);
const object = (value: unknown): Loose =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : {};
const unique = (values: (string | null)[]) => [...new Set(values.filter((value): value is string => value !== null))];

/** PDL's `job_title_levels` → our levels: the highest level wins; "lead" comes from the title. */
const LEVELS: [string[], Seniority][] = [
  [['cxo', 'owner', 'partner'], 'executive'],
  [['vp', 'director'], 'director'],
  [['manager'], 'manager'],
  [['senior'], 'senior'],
  [['entry'], 'junior'],
  [['training', 'unpaid'], 'intern'],
];

function seniority(levels: string[], title: string | null): Seniority | null {
  const found = LEVELS.find(([names]) => names.some((name) => levels.includes(name)))?.[1] ?? null;
  const lead = title !== null && /\blead\b/i.test(title);
  if (lead && (found === null || found === 'senior' || found === 'junior')) return 'lead';
  return found;
}

/** PDL writes profile URLs without scheme (`linkedin.com/in/…`). */
const url = (value: unknown): string | null => {
  const raw = text(value);
  return raw === null ? null : /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
};

function links(record: Loose): ProfileLink[] {
  const found: ProfileLink[] = [];
  const add = (type: string, value: unknown) => {
    const href = url(value);
    if (href && !found.some((link) => link.url === href)) found.push({ type, url: href });
  };
  add('linkedin', record.linkedin_url);
  add('github', record.github_url);
  add('twitter', record.twitter_url);
  add('facebook', record.facebook_url);
  for (const profile of list(record.profiles)) add(text(object(profile).network) ?? 'website', object(profile).url);
  return found;
}

function experience(record: Loose): ProfileExperience[] {
  return list(record.experience).flatMap((entry) => {
    const job = object(entry);
    const title = text(object(job.title).name) ?? text(job.title);
    if (!title) return [];
    const endDate = text(job.end_date);
    return [
      {
        title,
        company: text(object(job.company).name) ?? text(job.company) ?? '',
        start_date: text(job.start_date),
        end_date: endDate,
        is_current: endDate === null && (job.is_primary === true || text(job.start_date) !== null),
        location: texts(job.location_names)[0] ?? null,
        summary: text(job.summary),
      },
    ];
  });
}

function education(record: Loose): ProfileEducation[] {
  return list(record.education).flatMap((entry) => {
    const school = object(entry);
    const name = text(object(school.school).name) ?? text(school.school);
    if (!name) return [];
    return [
      {
        school: name,
        degree: texts(school.degrees)[0] ?? null,
        major: texts(school.majors)[0] ?? null,
        start_date: text(school.start_date),
        end_date: text(school.end_date),
      },
    ];
  });
}

/** The PDL record as our profile; null when it has no id (it could not be selected or ingested). */
export function fromPdlRecord(value: unknown): SourcedProfile | null {
  const record = object(value);
  const id = text(record.id);
  if (!id) return null;
  const jobTitle = text(record.job_title);
  const company = text(record.job_company_name);
  const fullName = text(record.full_name) ?? unique([text(record.first_name), text(record.last_name)]).join(' ');
  const updated = text(record.job_last_updated) ?? text(record.job_last_changed) ?? text(record.job_last_verified);
  return {
    id,
    full_name: fullName,
    headline: text(record.headline) ?? (jobTitle ? (company ? `${jobTitle} at ${company}` : jobTitle) : null),
    location: text(record.location_name),
    seniority: seniority(texts(record.job_title_levels), jobTitle),
    summary: text(record.summary),
    experience: experience(record),
    education: education(record),
    skills: unique(texts(record.skills)),
    languages: unique(list(record.languages).map((language) => text(object(language).name) ?? text(language))),
    links: links(record),
    emails: unique([
      ...list(record.emails).map((email) => text(object(email).address) ?? text(email)),
      text(record.work_email),
      text(record.recommended_personal_email),
      ...texts(record.personal_emails),
    ]),
    phones: unique([text(record.mobile_phone), ...texts(record.phone_numbers)]),
    source: 'pdl',
    updated_at: updated ? updated.slice(0, 10) : null,
  };
}
