import { describe, expect, it } from 'vitest';
import { agrees, MIN_OCCUPATION_SCORE, occupationQuery, prepareTitle, rolePart, titleSimilarity } from '../src/scoring/titles.js';

describe('job-title similarity', () => {
  it('compares the role a posting names before its team, product, place or language', () => {
    expect(rolePart('Program Manager, Cloud Platform Sales (German)')).toBe('Program Manager');
    expect(rolePart('Site Reliability Engineer - Payments | Dublin')).toBe('Site Reliability Engineer');
    expect(rolePart('Data Engineer – Berlin')).toBe('Data Engineer');
    // A hyphen inside a word is not a separator.
    expect(rolePart('Front-end Developer')).toBe('Front-end Developer');
    // Nothing but a qualifier before the comma: the whole title is the role.
    expect(rolePart('Senior, Backend Engineer')).toBe('Senior, Backend Engineer');
  });

  it('weighs rank words 0 and generic role nouns ½, so the field of work decides', () => {
    const job = prepareTitle('Associate Product Marketing Manager, Hardware')!;
    expect(job.words.map((w) => [w.word, w.weight])).toEqual([
      ['associate', 0],
      ['product', 1],
      ['marketing', 1],
      ['manager', 0.5],
    ]);
    // 2.5 in all: a marketing manager covers 1.5 of it, an associate account manager only the noun.
    expect(titleSimilarity(job, 'Marketing Manager').share).toBe(0.6);
    expect(titleSimilarity(job, 'Associate Account Manager').share).toBe(0.2);
    expect(titleSimilarity(job, 'Head of Product Marketing').share).toBe(0.8);
  });

  it('knows rank words as whole words, so a field word sharing their stem keeps its weight', () => {
    // “trainer” and the rank word “trainee” share the six-letter stem “traine”.
    expect(prepareTitle('Personal Trainer')!.words.map((w) => [w.word, w.weight])).toEqual([
      ['personal', 1],
      ['trainer', 1],
    ]);
    expect(prepareTitle('Lead Interns Coordinator')!.words.map((w) => w.weight)).toEqual([0, 0, 0.5]);
  });

  it('does not take a word for another that only shares its six-letter stem', () => {
    const job = prepareTitle('Personal Trainer')!;
    expect(titleSimilarity(job, 'Personnel Officer, student trainee').share).toBe(0);
    expect(titleSimilarity(job, 'Personal Fitness Trainers').share).toBe(1);
    const developer = prepareTitle('Software Developer')!;
    expect(titleSimilarity(developer, 'Head of Software Development').share).toBe(1);
  });

  it('stems and folds, so titles in other word forms and accents meet', () => {
    const job = prepareTitle('Software Developer')!;
    expect(titleSimilarity(job, 'software development lead').share).toBe(1);
    expect(titleSimilarity(prepareTitle('Ingénieur réseau')!, 'Ingenieure Reseaux').share).toBe(1);
  });

  it('weighs the words of a role made only of rank words, or an intern posting could match nothing', () => {
    const job = prepareTitle('Intern')!;
    expect(job.total).toBe(1);
    expect(titleSimilarity(job, 'Summer intern, finance').share).toBe(1);
  });

  it('maps a title to its occupation query the same way every time, also once many other titles were seen', () => {
    const query = (title: string) => occupationQuery(title);
    expect(query('Senior Technical Recruiter, Cloud')).toBe('technical recruiter');
    expect(query('Intern')).toBe('intern');
    expect(query(' , ')).toBe('');
    // More distinct titles than the memo holds: what it answers afterwards is still each title's own query.
    const word = (i: number) => `zq${[3, 2, 1, 0].map((d) => 'abcdefghijklmnopqr'[Math.floor(i / 18 ** d) % 18]).join('')}`;
    for (let i = 0; i < 60_000; i++) expect(query(`Senior ${word(i)} developer`)).toBe(`${word(i)} developer`);
    expect(query('Senior Technical Recruiter, Cloud')).toBe('technical recruiter');
    expect(query(`Senior ${word(7)} developer`)).toBe(`${word(7)} developer`);
  });
});

describe('title → occupation mapping: confident and in the words of the title, or refused', () => {
  const occ = (name: string, score: number) => ({ id: `occ-${name}`, name, iscoGroup: '0000', score });
  it('keeps a confident mapping whose name agrees with the title both ways', () => {
    expect(agrees('accountant', occ('accountant', 1))).toBe(true);
    expect(agrees('automobile engineer', occ('automotive engineer', 1))).toBe(true);
    expect(agrees('public relations specialist', occ('public relations manager', 1))).toBe(true);
  });
  it('refuses a mapping that shares no field word with the title (issue 28: personal trainer)', () => {
    expect(agrees('personal trainer', occ('human resources officer', 0.81))).toBe(false);
    expect(agrees('technical recruiter', occ('recruitment consultant', 0.88))).toBe(false);
  });
  it('refuses a mapping below the confidence floor even when the words agree', () => {
    expect(agrees('vehicle technician', occ('vehicle technician', MIN_OCCUPATION_SCORE - 0.01))).toBe(false);
  });
  it('refuses an occupation that adds a word the title does not have, or a stem collision', () => {
    expect(agrees('accountant', occ('accounting manager', 1))).toBe(false);
    expect(agrees('mechanical engineer', occ('maintenance and repair engineer', 1))).toBe(false);
    expect(agrees('lecturer', occ('assistant lecturer', 0.8))).toBe(false);
    expect(agrees('project', occ('projectionist', 0.82))).toBe(false);
  });
  it('refuses a mapping whose field words agree only through a shared stem (account / accounting)', () => {
    expect(agrees('account manager', occ('accounting manager', 1))).toBe(false);
    expect(agrees('account executive', occ('accounting executive', 1))).toBe(false);
    // One field word the occupation's own (a plural aside), the others may be derivations of its words.
    expect(agrees('software development', occ('software developer', 1))).toBe(true);
    expect(agrees('accountants', occ('accountant', 1))).toBe(true);
  });
  it('refuses an occupation naming a rank the title does not state (another post)', () => {
    expect(agrees('secondary school teaching', occ('secondary school teaching assistant', 1))).toBe(false);
    expect(agrees('kitchen assistant', occ('kitchen assistant', 1))).toBe(true);
    // The title's own rank words still say nothing against the occupation.
    expect(agrees('senior accountant', occ('accountant', 1))).toBe(true);
  });
  it('maps a title of rank words and generic role nouns only to nothing', () => {
    expect(agrees('consultant', occ('consul', 1))).toBe(false);
    expect(agrees('executive', occ('executive assistant', 0.9))).toBe(false);
  });
});
