import type { StoredCandidate } from '../search/candidate-view.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2019-03` → `Mar 2019`, `2019` → `2019`: the way CVs write dates, so the analyzer reads them as it reads any CV. */
function cvDate(date: string | null): string | undefined {
  const match = date ? /^(\d{4})(?:-(\d{2}))?/.exec(date) : null;
  if (!match) return undefined;
  const month = match[2] ? MONTHS[Number(match[2]) - 1] : undefined;
  return month ? `${month} ${match[1]}` : match[1];
}

function period(start: string | null, end: string | null, current: boolean): string | undefined {
  const from = cvDate(start);
  const to = current ? 'Present' : cvDate(end);
  if (from && to) return `${from} - ${to}`;
  return from ?? to;
}

/**
 * A sourced profile written as a plain CV, the input of an ordinary CV analysis: the record, its skills and its
 * matching then work exactly as for an uploaded CV. Contacts appear only when they were revealed (paid) in the
 * session; the text is deterministic, so ingesting the same purchase again finds the same CV.
 */
export function profileAsCvText(candidate: StoredCandidate): string {
  const { profile } = candidate;
  const lines: string[] = [profile.full_name];
  if (profile.headline) lines.push(profile.headline);
  const contacts = [
    ...(candidate.emailRevealed ? profile.emails.map((email) => `Email: ${email}`) : []),
    ...(candidate.phoneRevealed ? profile.phones.map((phone) => `Phone: ${phone}`) : []),
    ...(profile.location ? [`Location: ${profile.location}`] : []),
  ];
  lines.push(...contacts);
  for (const link of profile.links) lines.push(`${link.type}: ${link.url}`);
  if (profile.summary) lines.push('', 'Summary', profile.summary);
  if (profile.experience.length > 0) {
    lines.push('', 'Experience');
    for (const entry of profile.experience) {
      lines.push('', [entry.title, entry.company].filter(Boolean).join(' at '));
      const when = period(entry.start_date, entry.end_date, entry.is_current);
      lines.push([when, entry.location].filter(Boolean).join(' | '));
      if (entry.summary) lines.push(entry.summary);
    }
  }
  if (profile.education.length > 0) {
    lines.push('', 'Education');
    for (const entry of profile.education) {
      const degree = [entry.degree, entry.major].filter(Boolean).join(' in ');
      lines.push('', [degree, entry.school].filter(Boolean).join(', '));
      const when = period(entry.start_date, entry.end_date, false);
      if (when) lines.push(when);
    }
  }
  if (profile.skills.length > 0) lines.push('', 'Skills', profile.skills.join(', '));
  if (profile.languages.length > 0) lines.push('', 'Languages', profile.languages.join(', '));
  return lines.filter((line, index, all) => line !== '' || all[index - 1] !== '').join('\n').trim();
}
