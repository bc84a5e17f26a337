import { emptyCvInformation } from '@talent/records';
import { describe, expect, it } from 'vitest';
import { GROUP_SHARES, prepareDetails, relevanceScale, scoreCandidates, SET_SHARES, type CvRecord, type DetailGroup, type JobRecord, type SkillGraph, type Weights } from '../src/scoring/index.js';
import { applyShares } from '../src/scoring/shares.js';
import type { Dimension } from '../src/scoring/types.js';
import { RELEVANCE_KEY } from '../src/scoring/relevance.js';

// Issue 28: requirements that link to no taxonomy skill still count on the CV's text, and the whole ad is
// compared with the whole CV, so a trade's own words (certifications, tools, places) rank its people first.
const graph: SkillGraph = { broader: () => [], narrower: () => [], name: () => undefined };
const equal: Weights = { experience: 0.25, hard_skills: 0.25, soft_skills: 0.25, education: 0.25 };

const trainerAd: JobRecord = {
  id: 'job-trainer',
  information: {
    title: 'Personal Trainer',
    company: 'Invented Gym Co',
    description: 'A community gym with group classes and a personal training studio.',
    activity_sector: '',
    locations: [],
    job_type: '',
    contract_type: '',
  },
  experience_preference: { title: 'Personal Trainer', activity_sector: '', description: '', duration: 12 },
  education_preference: { degree: '', major: '', score: '' },
  // None of these links to a taxonomy skill in this graph: they are scored on the CV's text only.
  job_requirements: ['NASM or ACE personal trainer certification.', 'Current CPR/AED certification.', 'Coach clients one on one on the gym floor.'],
  source_language: 'en',
  hard_skills: [],
  soft_skills: [],
};

function person(id: string, title: string, description: string, skills: string[] = []): CvRecord {
  return {
    id,
    information: emptyCvInformation(),
    experience: [{ title, activity_sector: '', description, duration: 36, start_date: '2021-01', end_date: '2023-12' }],
    education: [],
    skill_descriptions: skills,
    source_language: 'en',
    hard_skills: [],
    soft_skills: [],
  };
}

// Invented people.
const trainer = person('cv-trainer', 'Fitness Coach', 'Coached clients one on one at a gym; wrote strength programs. NASM certified, CPR/AED current.');
const hr = person('cv-hr', 'HR Representative', 'Ran onboarding and benefits enrolment; organised staff training sessions and interpersonal skills workshops.');

describe('whole-ad relevance and unlinked requirements', () => {
  it('ranks the CV written in the trade’s own words first, and quotes what matched', () => {
    const ranked = scoreCandidates(trainerAd, [hr, trainer], equal, graph);
    expect(ranked.map((c) => c.person_id)).toEqual([trainer.id, hr.id]);
    const top = ranked[0]!;
    const detail = top.score_dict.hard_skills[RELEVANCE_KEY]!;
    expect(detail.score).toBeGreaterThan(ranked[1]!.score_dict.hard_skills[RELEVANCE_KEY]!.score);
    expect(detail.explanation).toContain('“nasm” in experience “Fitness Coach (2021-01–2023-12)”');
    expect(detail.explanation).toContain('NASM certified');
    expect(top.score_dict.experience[RELEVANCE_KEY]!.explanation).toContain('experience “Fitness Coach');
  });

  it('counts a requirement that links to no skill on the CV text, quoting the passage', () => {
    const [scored] = scoreCandidates(trainerAd, [trainer], equal, graph);
    const line = scored!.score_dict.hard_skills['Current CPR/AED certification.']!;
    expect(line.score).toBeGreaterThan(0);
    expect(line.explanation).toContain('CPR/AED current');
    const [none] = scoreCandidates(trainerAd, [hr], equal, graph);
    expect(none!.score_dict.hard_skills['Current CPR/AED certification.']!.score).toBe(0);
  });

  it('adds no relevance detail to a dimension the ad does not state, so it neither drags nor lifts the total', () => {
    const [scored] = scoreCandidates(trainerAd, [trainer], equal, graph);
    expect(scored!.score_dict.education).toEqual({});
    expect(scored!.score_dict.soft_skills).toEqual({});
    expect(scored!.score_meta.education).toBe(0);
    // The total is the average of the stated dimensions alone.
    expect(scored!.summary_score).toBe(Math.round(((scored!.score_meta.hard_skills + scored!.score_meta.experience) / 2) * 100) / 100);
  });

  it('lets the whole-ad match decide most of a dimension stated by one generic soft skill, by the learned shares', () => {
    // One generic soft skill, as many ads name; the HR CV states it, the trainer's CV holds the trade's words.
    const ad: JobRecord = {
      ...trainerAd,
      soft_skills: [{ id: 'soft-plan', skill: 'plan', type: 'soft-skill', relationship: 'required', explanation: '' }],
    };
    const planner = { ...hr, soft_skills: [{ id: 'soft-plan', skill: 'plan', type: 'soft-skill' as const, relationship: 'required' as const, explanation: 'Planned onboarding.' }] };
    const ranked = scoreCandidates(ad, [planner, trainer], equal, graph);
    expect(ranked.map((c) => c.person_id)).toEqual([trainer.id, planner.id]);
    // The soft skills' share is set (rules-10, SET_SHARES), the relevance's learned.
    const soft = { ...GROUP_SHARES.soft_skills, ...SET_SHARES.soft_skills };
    expect(soft.relevance!).toBeGreaterThan(soft.skills!);
    // The relevance's share × the job's scale (rules-7), from the groups the ad's details fall in.
    const groups: Partial<Record<Dimension, DetailGroup[]>> = {};
    for (const d of prepareDetails(ad, graph)(planner)) if (!groups[d.dimension]?.includes(d.group)) (groups[d.dimension] ??= []).push(d.group);
    const relevance = soft.relevance! * relevanceScale(groups);
    for (const c of ranked) {
      const details = c.score_dict.soft_skills;
      // Each group's share of the dimension (scoring/shares.ts), whatever the number of details in it.
      expect(c.score_meta.soft_skills).toBeCloseTo(
        (soft.skills! * details['plan']!.score + relevance * details[RELEVANCE_KEY]!.score) / (soft.skills! + relevance),
        2,
      );
    }
    expect(ranked[1]!.score_dict.soft_skills['plan']!.score).toBeGreaterThan(ranked[0]!.score_dict.soft_skills['plan']!.score);
  });

  it('scores and explains a soft skill the ad names but lets it barely move the total (rules-10, a set share)', () => {
    // Two CVs alike but for the soft skill one of them lists: transversal soft skills say nothing about the line of
    // work, so listing it must not lift a CV past another (rules-9: 0.44 of 2.69, ≈ 1.6 points of the dimension).
    const ad: JobRecord = {
      ...trainerAd,
      soft_skills: [{ id: 'soft-plan', skill: 'plan', type: 'soft-skill', relationship: 'required', explanation: '' }],
    };
    const planner = { ...hr, soft_skills: [{ id: 'soft-plan', skill: 'plan', type: 'soft-skill' as const, relationship: 'required' as const, explanation: 'Planned onboarding.' }] };
    const [withSkill] = scoreCandidates(ad, [planner], equal, graph);
    const [without] = scoreCandidates(ad, [hr], equal, graph);
    expect(withSkill!.score_dict.soft_skills['plan']!.score).toBe(10);
    expect(withSkill!.score_dict.soft_skills['plan']!.explanation).toContain('Planned onboarding.');
    expect(without!.score_dict.soft_skills['plan']!.score).toBe(0);
    expect(withSkill!.score_dict.soft_skills[RELEVANCE_KEY]!.score).toBe(without!.score_dict.soft_skills[RELEVANCE_KEY]!.score);
    expect(withSkill!.score_meta.soft_skills - without!.score_meta.soft_skills).toBeLessThan(0.1);
    expect(SET_SHARES.soft_skills!.skills!).toBeLessThan(GROUP_SHARES.soft_skills.skills!);
  });

  it('still scores the soft skills dimension by the skills alone when a CV has no relevance detail', () => {
    // An LLM-judged CV gets no relevance detail: its soft skills then decide the dimension on their own.
    const shared = applyShares([
      { dimension: 'soft_skills', group: 'skills', key: 'plan', weight: 2, detail: { score: 10, criteria: 'test', explanation: 'test' } },
      { dimension: 'soft_skills', group: 'skills', key: 'lead others', weight: 1, detail: { score: 4, criteria: 'test', explanation: 'test' } },
    ]);
    const mean = shared.reduce((a, d) => a + d.weight * d.detail.score, 0) / shared.reduce((a, d) => a + d.weight, 0);
    expect(mean).toBeCloseTo((2 * 10 + 4) / 3, 10);
  });

  it('adds the relevance detail to education when the ad states it, quoting an education entry', () => {
    const ad: JobRecord = {
      ...trainerAd,
      information: { ...trainerAd.information, description: `${trainerAd.information.description} Kinesiology graduates welcome.` },
      education_preference: { degree: '', major: 'Kinesiology', score: '' },
    };
    const studied: CvRecord = {
      ...trainer,
      education: [{ degree: 'Bachelor of Science', major: 'Kinesiology', score: '', institution_name: 'Invented University', start_date: '2016-09', end_date: '2020-06' }],
    };
    const [scored] = scoreCandidates(ad, [studied], equal, graph);
    const education = scored!.score_dict.education;
    expect(Object.keys(education)).toEqual(['major', RELEVANCE_KEY]);
    expect(education[RELEVANCE_KEY]!.explanation).toContain('education “Bachelor of Science, Kinesiology');
    const shares = GROUP_SHARES.education;
    expect(scored!.score_meta.education).toBeCloseTo(
      (shares.major! * education['major']!.score + shares.relevance! * education[RELEVANCE_KEY]!.score) / (shares.major! + shares.relevance!),
      2,
    );
  });

  it('gives the same result every time and for any order of the CVs', () => {
    const a = JSON.stringify(scoreCandidates(trainerAd, [hr, trainer], equal, graph));
    const b = JSON.stringify(scoreCandidates(trainerAd, [trainer, hr], equal, graph));
    expect(a).toBe(b);
  });
});

describe('whole-ad relevance of an ad in another language (idf from ESCO labels in that language)', () => {
  // Invented ad and people, in German. SUBTLEXus (English) knows none of these words, so every one would weigh
  // the same: the CV sharing the ad's everyday words would outrank the one sharing its trade words.
  const ad: JobRecord = {
    ...trainerAd,
    id: 'job-buchhaltung',
    information: { ...trainerAd.information, title: 'Sachbearbeiter Buchhaltung', company: '', description:
        'Für unser Team in Köln suchen wir ab sofort einen Sachbearbeiter in Vollzeit. Wir betreuen Kunden in der Produktion. Wir bieten ein unbefristetes Arbeitsverhältnis, flexible Arbeitszeiten und eine attraktive Vergütung.',
    },
    experience_preference: { title: '', activity_sector: '', description: '', duration: 0 },
    job_requirements: [
      'Kontenabstimmung und Bilanzierung nach HGB.',
      'Erfahrung in der Zusammenarbeit mit Kunden und Mitarbeitern.',
      'Abgeschlossene kaufmännische Ausbildung.',
      'Sehr gute Kenntnisse in MS Office und DATEV.',
    ],
    source_language: 'de',
  };
  const german = (id: string, description: string): CvRecord => ({ ...person(id, 'Sachbearbeiter', description), source_language: 'de' });
  const everyday = german('cv-everyday', 'Betreuung von Kunden und Mitarbeitern in der Produktion, Zusammenarbeit im Team.');
  const trade = german('cv-trade', 'Kontenabstimmung und Bilanzierung nach HGB.');

  it('weighs the trade words of a German ad above its everyday words, and says where the idf comes from', () => {
    const ranked = scoreCandidates(ad, [everyday, trade], equal, graph);
    const relevance = (id: string) => ranked.find((c) => c.person_id === id)!.score_dict.hard_skills[RELEVANCE_KEY]!;
    expect(relevance(trade.id).score).toBeGreaterThan(relevance(everyday.id).score);
    expect(relevance(trade.id).criteria).toContain('ESCO occupations\' labels in de');
  });

  it('keeps SUBTLEXus for an English ad', () => {
    const [top] = scoreCandidates(trainerAd, [trainer], equal, graph);
    expect(top!.score_dict.hard_skills[RELEVANCE_KEY]!.criteria).toContain('SUBTLEXus');
  });
});

describe('whole-ad relevance reads the CV’s own text once (rules-11)', () => {
  // Invented ad and people. The skill linker explains each skill it finds by quoting the CV sentence it came from
  // (“Mentioned in: "…"”), often the same sentence for many skills. Counted as CV text, those quotes repeated the
  // sentence's words: the same CV with twelve linked skills had the higher relevance share (0.25 against 0.23).
  const ad: JobRecord = {
    ...trainerAd,
    id: 'job-pastry',
    information: { ...trainerAd.information, title: 'Pastry Cook', description: 'A bakery café baking croissants, laminated doughs and sourdough every morning.' },
    experience_preference: { title: '', activity_sector: '', description: '', duration: 0 },
    job_requirements: [
      'Laminated doughs and croissants.',
      'Sourdough and viennoiserie.',
      'Tempering chocolate.',
      'Food safety certificate and allergen training.',
      'Early shifts, weekends and holidays.',
    ],
  };
  const sentence = 'Baked croissants and sourdough every morning.';
  const plain = person('cv-plain', 'Cook', sentence);
  const skills = ['Baking', 'Pastry', 'Breakfast service', 'Bakery products', 'Bread making', 'Dough', 'Ovens', 'Food preparation', 'Fermentation', 'Pastry arts', 'Kitchen', 'Morning shifts'];
  const restated: CvRecord = {
    ...person('cv-restated', 'Cook', sentence),
    hard_skills: skills.map((skill, i) => ({ id: `skill-${i}`, skill, type: 'hard-skill', relationship: 'satisfies', explanation: `Mentioned in: "${sentence}"` })),
  };
  const share = (explanation: string) => Number(/weighted share ([\d.]+)/.exec(explanation)![1]);

  it('does not count a sentence again for each skill the linker quotes it for', () => {
    const ranked = scoreCandidates(ad, [restated, plain], equal, graph);
    const relevance = (id: string) => ranked.find((c) => c.person_id === id)!.score_dict.hard_skills[RELEVANCE_KEY]!;
    expect(share(relevance(restated.id).explanation)).toBeLessThanOrEqual(share(relevance(plain.id).explanation));
    expect(relevance(restated.id).score).toBeLessThanOrEqual(relevance(plain.id).score);
    // Its evidence is the CV's own sentence, never the linker's quote of it.
    expect(relevance(restated.id).explanation).toContain(`“${sentence}”`);
    expect(relevance(restated.id).explanation).not.toContain('CV skill');
    expect(relevance(restated.id).criteria).toContain('its own text, not its skills’ explanations');
  });
});
