/** What the model sees of a job and a CV: the requirement lines, numbered, and the CV record as plain text. */
import type { ChatMessage } from '@talent/platform';
import type { CvRecord, JobRecord } from '../scoring/index.js';

// A CV record rarely needs more; past this, older entries are cut rather than the request growing without bound.
const MAX_CV_CHARS = 12_000;

const INSTRUCTIONS = [
  'You check a candidate CV against the requirement lines of a job.',
  'For every numbered requirement line give: line (its number), score (integer 0–10: 10 fully met with clear evidence,',
  '5 partly met or only related experience, 0 nothing in the CV supports it), evidence (the shortest passage of the CV',
  'that supports the score, copied exactly, or an empty string when nothing does) and reason (one short sentence).',
  'Judge only from the CV text; do not assume skills or experience it does not state.',
].join('\n');

const range = (start: string, end: string) => (start || end ? ` (${start || '?'} – ${end || 'present'})` : '');

/** The CV record as text, section by section; the evidence the model quotes must come from it. */
export function cvText(cv: CvRecord): string {
  const parts: string[] = [];
  if (cv.experience.length) {
    parts.push('Experience:');
    for (const e of cv.experience)
      parts.push(
        `- ${[e.title, e.activity_sector].filter(Boolean).join(', ')}${range(e.start_date, e.end_date)}`,
        ...(e.description ? [`  ${e.description.replace(/\s*\n\s*/g, ' ')}`] : []),
      );
  }
  if (cv.education.length) {
    parts.push('Education:');
    for (const e of cv.education)
      parts.push(
        `- ${[e.degree, e.major, e.institution_name].filter(Boolean).join(', ')}${range(e.start_date, e.end_date)}`,
      );
  }
  if (cv.skill_descriptions.length) parts.push('Skills:', ...cv.skill_descriptions.map((s) => `- ${s}`));
  const skills = [...cv.hard_skills, ...cv.soft_skills].map((s) => s.skill).filter(Boolean);
  if (skills.length) parts.push(`Skills found: ${[...new Set(skills)].join(', ')}`);
  const text = parts.join('\n');
  return text.length > MAX_CV_CHARS ? text.slice(0, MAX_CV_CHARS) : text;
}

export function rescoringMessages(job: JobRecord, lines: readonly string[], cv: string): ChatMessage[] {
  const title = job.information.title ? `Job: ${job.information.title}\n` : '';
  return [
    { role: 'system', content: INSTRUCTIONS },
    {
      role: 'user',
      content: `${title}Requirement lines:\n${lines.map((l, i) => `${i + 1}. ${l}`).join('\n')}\n\nCV:\n${cv}`,
    },
  ];
}
