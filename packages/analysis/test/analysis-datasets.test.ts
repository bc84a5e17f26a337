/**
 * The rules analyzer on real documents (data/README.md): 310 labelled CVs and 1,250 job postings. Asserts what a
 * user would notice in aggregate and prints the measured figures. Skipped when the data folder is absent.
 */
import { cvContent, jobContent, type CvContent, type JobContent } from '@talent/records';
import { readDotinCvs, readGoogleCareersJobs, type CareersJob, type LabelledCv } from '@talent/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRulesAnalyzer, type LinkedSkill, type SkillLinker } from '../src/index.js';
import { countryNamed, countryOfRegion } from '../src/places.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const CV_DIR = process.env.TALENT_CV_DIR ?? '/work/shared/data/cvs/dotin-train';
const JOBS_CSV = process.env.TALENT_JOBS_CSV ?? '/work/shared/data/jobs/google-careers-1250.csv';
const YEAR_MONTH = /^(\d{4}-(0[1-9]|1[0-2]))?$/;

/** Links three fixed words (the real linker is the skills service). */
const linker: SkillLinker = {
  async link(text, language) {
    const skills: LinkedSkill[] = [];
    for (const line of text.split('\n')) {
      if (/\bjava\b/i.test(line))
        skills.push({
          id: '0a8c3f1e-5b2d-4c6e-9f7a-1b2c3d4e5f60',
          name: 'Java',
          type: 'hard-skill',
          evidence: line,
          confidence: 0.9,
          hint: undefined,
        });
      if (/\bsql\b/i.test(line))
        skills.push({
          id: '2cae5b3a-7d4f-4e8a-9b9c-3d4e5f607182',
          name: 'SQL',
          type: 'hard-skill',
          evidence: line,
          confidence: 0.9,
          hint: undefined,
        });
      if (/\bcommunication\b/i.test(line))
        skills.push({
          id: '5fd18e6d-a07c-4b1d-8ecf-60718293a4b5',
          name: 'communication',
          type: 'soft-skill',
          evidence: line,
          confidence: 0.9,
          hint: undefined,
        });
    }
    return { skills, language };
  },
};
const analyzer = createRulesAnalyzer(linker, { now: () => NOW });

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const pct = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(1)}% (${n}/${d})`;

// --- labelled CVs -----------------------------------------------------------------------------------------

const cvs: LabelledCv[] = readDotinCvs(CV_DIR);

describe.skipIf(cvs.length === 0)('rules analyzer on the labelled CVs', () => {
  const results: CvContent[] = [];
  beforeAll(async () => {
    for (const cv of cvs) results.push(await analyzer.analyzeCv(cv.text));
  });

  it('produces valid records: schema, YYYY-MM dates, whole non-negative month durations', () => {
    for (const [i, r] of results.entries()) {
      expect(() => cvContent.parse(r), cvs[i]!.file).not.toThrow();
      for (const e of [...r.experience, ...r.education]) {
        expect(e.start_date, cvs[i]!.file).toMatch(YEAR_MONTH);
        expect(e.end_date, cvs[i]!.file).toMatch(YEAR_MONTH);
      }
      for (const e of r.experience) expect(Number.isInteger(e.duration) && e.duration >= 0, cvs[i]!.file).toBe(true);
    }
  });

  it('finds the name, the e-mail and the sections a reader would', () => {
    let named = 0,
      nameRight = 0,
      mailed = 0,
      mailFound = 0,
      designated = 0,
      titleRight = 0,
      titles = 0,
      titlesLabelled = 0;
    let companies = 0,
      companyFound = 0,
      degrees = 0,
      degreeFound = 0,
      colleges = 0,
      collegeFound = 0,
      located = 0,
      cityRight = 0;
    for (const [i, cv] of cvs.entries()) {
      const r = results[i]!;
      const name = cv.labels.get('Name')?.[0];
      if (name) {
        named++;
        nameRight += +(norm(`${r.information.first_name} ${r.information.last_name}`) === norm(name));
      }
      const email = cv.labels.get('Email Address')?.[0];
      if (email) {
        mailed++;
        mailFound += +r.information.email.includes(email.toLowerCase());
      }
      const designations = (cv.labels.get('Designation') ?? []).map(norm);
      if (designations.length) {
        designated++;
        titleRight += +r.experience.some((e) => designations.includes(norm(e.title)));
        titles += r.experience.length;
        titlesLabelled += r.experience.filter((e) => designations.includes(norm(e.title))).length;
      }
      const experienceText = norm(r.experience.map((e) => `${e.title} ${e.description}`).join(' '));
      const overlaps = (a: string, b: string) => b !== '' && (norm(a).includes(norm(b)) || norm(b).includes(norm(a)));
      for (const c of new Set(cv.labels.get('Companies worked at') ?? [])) {
        companies++;
        companyFound += +experienceText.includes(norm(c));
      }
      for (const d of new Set(cv.labels.get('Degree') ?? [])) {
        degrees++;
        degreeFound += +r.education.some((e) => overlaps(d, e.degree));
      }
      for (const c of new Set(cv.labels.get('College Name') ?? [])) {
        colleges++;
        collegeFound += +r.education.some((e) => overlaps(c, e.institution_name));
      }
      if (r.information.address.city) {
        located++;
        cityRight += +(cv.labels.get('Location') ?? []).some((l) => norm(l).includes(norm(r.information.address.city)));
      }
    }
    const withExperience = results.filter((r) => r.experience.length > 0).length;
    const withEducation = results.filter((r) => r.education.length > 0).length;
    const withPhone = results.filter((r) => r.information.phone.length > 0).length;
    const dated = results.flatMap((r) => r.experience).filter((e) => e.start_date || e.end_date).length;
    const entries = results.reduce((n, r) => n + r.experience.length, 0);
    console.log(
      [
        `CVs: ${cvs.length}`,
        `name exactly right: ${pct(nameRight, named)}`,
        `labelled e-mail found: ${pct(mailFound, mailed)}`,
        `CVs with experience entries: ${pct(withExperience, cvs.length)}; entries dated: ${pct(dated, entries)}`,
        `CVs where an entry title equals a labelled designation: ${pct(titleRight, designated)}; entry titles that are labelled designations: ${pct(titlesLabelled, titles)}`,
        `labelled employers found in experience text: ${pct(companyFound, companies)}`,
        `CVs with education entries: ${pct(withEducation, cvs.length)}; labelled degrees matched: ${pct(degreeFound, degrees)}; labelled colleges matched: ${pct(collegeFound, colleges)}`,
        `city found: ${pct(located, cvs.length)}, of which in a labelled location: ${pct(cityRight, located)}; CVs with a phone: ${pct(withPhone, cvs.length)}`,
      ].join('\n'),
    );
    expect(nameRight / named).toBeGreaterThanOrEqual(0.7);
    expect(mailFound / mailed).toBeGreaterThanOrEqual(0.9);
    expect(withExperience / cvs.length).toBeGreaterThanOrEqual(0.8);
    expect(withEducation / cvs.length).toBeGreaterThanOrEqual(0.8);
    expect(titleRight / designated).toBeGreaterThanOrEqual(0.6);
    expect(companyFound / companies).toBeGreaterThanOrEqual(0.6);
    expect(cityRight / located).toBeGreaterThanOrEqual(0.8);
  });
  // Speed is reported by `pnpm bench:documents` (in-process analyzer CVs/s), not asserted by a timed test.
});

// --- job postings -----------------------------------------------------------------------------------------

/** A posting as a user would paste it, in three layouts: "Company:" field, "Title at Company", "Company is hiring". */
function jobText(job: CareersJob, layout: number): string {
  const head =
    layout % 3 === 0
      ? `${job.title}\nCompany: ${job.company}\nLocation: ${job.location}`
      : layout % 3 === 1
        ? `${job.title} at ${job.company}\nLocation: ${job.location}`
        : `${job.company} is hiring!\n${job.title}\nLocation: ${job.location}`;
  return `${head}\n\nResponsibilities\n${job.responsibilities}\n\nMinimum qualifications\n${job.minimum}\n\nPreferred qualifications\n${job.preferred}\n`;
}

const lines = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const jobs = readGoogleCareersJobs(JOBS_CSV);

describe.skipIf(jobs.length === 0)('rules analyzer on the job postings', () => {
  const results: JobContent[] = [];
  beforeAll(async () => {
    for (const [i, job] of jobs.entries()) results.push(await analyzer.analyzeJob(jobText(job, i)));
  });

  it('fills title, company, locations, requirements and the experience duration', () => {
    let title = 0,
      company = 0,
      location = 0,
      requirements = 0,
      stated = 0,
      duration = 0,
      degree = 0,
      major = 0,
      description = 0;
    for (const [i, job] of jobs.entries()) {
      const r = results[i]!;
      expect(() => jobContent.parse(r)).not.toThrow();
      title += +(r.information.title === job.title);
      company += +(r.information.company === job.company);
      const parts = job.location.split(',').map((p) => p.trim());
      const last = parts[parts.length - 1]!;
      const country = parts.length === 1 ? '' : ((countryNamed(last) ?? countryOfRegion(last))?.name ?? last);
      const [l] = r.information.locations;
      const placeRight =
        r.information.locations.length === 1 &&
        l !== undefined &&
        (parts.length === 1
          ? l.city === last || l.country === (countryNamed(last)?.name ?? last)
          : l.city === parts[0] && l.country === country);
      location += +placeRight;
      requirements += +[...lines(job.minimum), ...lines(job.preferred)].every((q) => r.job_requirements.includes(q));
      // "N years" in the first minimum qualification that states years of experience → N × 12 months.
      const years = /(\d+)\+? years?/.exec(
        lines(job.minimum).find((q) => /experience/i.test(q) && /\d+\+? years?/.test(q)) ?? '',
      );
      if (years) {
        stated++;
        duration += +(r.experience_preference.duration === Number(years[1]) * 12);
      }
      degree += +(r.education_preference.degree !== '');
      major += +(r.education_preference.major !== '');
      description += +(r.information.description !== '');
    }
    console.log(
      [
        `jobs: ${jobs.length}`,
        `title: ${pct(title, jobs.length)}; company: ${pct(company, jobs.length)}; location: ${pct(location, jobs.length)}`,
        `all qualification lines in job_requirements: ${pct(requirements, jobs.length)}`,
        `"N years" → N×12 months: ${pct(duration, stated)}`,
        `education degree found: ${pct(degree, jobs.length)}; major found: ${pct(major, jobs.length)}; description filled: ${pct(description, jobs.length)}`,
      ].join('\n'),
    );
    expect(title / jobs.length).toBeGreaterThanOrEqual(0.98);
    expect(company / jobs.length).toBeGreaterThanOrEqual(0.98);
    expect(location / jobs.length).toBeGreaterThanOrEqual(0.97);
    expect(requirements / jobs.length).toBeGreaterThanOrEqual(0.98);
    expect(duration / stated).toBeGreaterThanOrEqual(0.95);
  });

  it('marks skills found only under the preferred qualifications optional', () => {
    let optionalRight = 0,
      optionalSeen = 0;
    for (const [i, job] of jobs.entries()) {
      const onlyPreferred =
        /\bsql\b/i.test(job.preferred) && !/\bsql\b/i.test(job.minimum) && !/\bsql\b/i.test(job.responsibilities);
      const sql = results[i]!.hard_skills.find((s) => s.skill === 'SQL');
      if (onlyPreferred && sql) {
        optionalSeen++;
        optionalRight += +(sql.relationship === 'optional');
      }
      if (/\bsql\b/i.test(job.minimum)) expect(sql?.relationship).toBe('required');
    }
    console.log(`SQL only in preferred qualifications → optional: ${pct(optionalRight, optionalSeen)}`);
    expect(optionalRight).toBe(optionalSeen);
  });
});
