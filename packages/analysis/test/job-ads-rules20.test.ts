// Rules of the rules-20 round, each on an ad or CV written for the test (fake people and employers): a field line's
// label is no value, hiring words written straight before a title, an employment type with its hours after a title,
// a work arrangement or country read as the employer, and the country of a town our short city list lacks.
import { describe, expect, it } from 'vitest';
import { parseJobLocation } from '../src/job-analyzer.js';
import { countryOfTown } from '../src/places.js';
import { createRulesAnalyzer } from '../src/index.js';

const noSkills = { link: async (_text: string, language: string) => ({ language, skills: [] }) };
const analyzer = createRulesAnalyzer(noSkills, { now: () => new Date('2026-11-29T12:00:00Z') });
const job = (lines: readonly string[]) => analyzer.analyzeJob(lines.join('\n'));

describe('a field line whose label no pattern knows', () => {
  it('gives no value from its label ("Pay: £31,500 a year" is no city)', async () => {
    const record = await job([
      'Stores Supervisor',
      'Harrowgate Supplies Ltd - Wakefield WF2',
      '£31,500 - £34,000 a year - Full-time',
      '',
      'Job details',
      'Pay: £31,500 - £34,000 a year',
      'Job type: Full-time, Permanent',
      'Shift: Day shift, Monday to Friday',
      '',
      'Full job description',
      'Harrowgate Supplies is looking for a Stores Supervisor to run a team of eight.',
      '',
      'Requirements:',
      '- 2 years of supervisory experience in a warehouse',
    ]);
    expect(record.information.title).toBe('Stores Supervisor');
    expect(record.information.locations.map((l) => l.city)).not.toContain('Pay');
    expect(record.information.locations.map((l) => l.city)).not.toContain('Shift');
  });
});

describe('a hiring word written straight before the title', () => {
  const cases: Array<[string, string, string]> = [
    ['Cercasi Cameriere di sala – Trattoria Da Nino, Rimini', 'Cameriere di sala', 'Trattoria Da Nino'],
    ['Se busca Camarero/a – Bar Las Tres Hojas, Sevilla', 'Camarero', 'Bar Las Tres Hojas'],
    ['Precisa-se Rececionista – Hotel Miradouro, Porto', 'Rececionista', 'Hotel Miradouro'],
    ['Gezocht Magazijnmedewerker – Van Dort Logistiek, Tiel', 'Magazijnmedewerker', 'Van Dort Logistiek'],
  ];
  for (const [headline, title, company] of cases) {
    it(`"${headline}" keeps the hiring word out of the title`, async () => {
      const record = await job([headline, '', 'Requisitos / Requirements:', '- Experiencia / experience']);
      expect(record.information.title).toBe(title);
      expect(record.information.company).toBe(company);
    });
  }
  it('is only a lead before a capitalised word: "Hiring Manager" stays a title in English', async () => {
    const record = await job(['Hiring Manager – Tarrow Recruitment, Leeds', '', 'Requirements', '- 3 years in recruitment']);
    expect(record.information.title).toBe('Hiring Manager');
  });
});

describe('after a title', () => {
  it('an employment type with its hours in parentheses is no part of it', async () => {
    const record = await job(['Kassierer/in (Teilzeit, 20 Std./Woche)', 'Frischmarkt Lehmann KG · Leipzig', '', 'Dein Profil', '- Erfahrung im Einzelhandel']);
    // The record's title leaves the gender ending (rules-22).
    expect(record.information.title).toBe('Kassierer');
  });
  it('other words in parentheses stay ("Electrician (Commercial)")', async () => {
    const record = await job(['Electrician (Commercial)', 'Company: Ridgeway Electrical', 'Location: Phoenix, AZ']);
    expect(record.information.title).toBe('Electrician (Commercial)');
  });
});

describe('a work arrangement or a country', () => {
  it('is no employer ("Junior Accountant — Remote (UK)")', async () => {
    const record = await job([
      'Junior Accountant — Remote (UK)',
      'Booksmith is a growing fintech for small businesses.',
      '',
      "You'll need",
      '- AAT Level 3',
    ]);
    expect(record.information.title).toBe('Junior Accountant');
    expect(record.information.company).toBe('');
  });
});

describe('the country of a town our city list lacks', () => {
  it('comes from the GeoNames towns, the city list first', () => {
    expect(countryOfTown('Doncaster')?.name).toBe('United Kingdom');
    expect(countryOfTown('Rimini')?.name).toBe('Italy');
    expect(countryOfTown('Valencia')?.name).toBe('Spain');
    expect(countryOfTown('Split')).toEqual({ name: 'Croatia', code: 'HR' });
    expect(countryOfTown('Zorblaxville')).toBeUndefined();
  });
  it('names the country of a job’s lone town and of a town before a region we cannot place', () => {
    expect(parseJobLocation('Tiel')).toEqual({ city: 'Tiel', country: 'Netherlands' });
    expect(parseJobLocation('Heidelberg, Kurpfalz')).toEqual({ city: 'Heidelberg', country: 'Germany' });
  });
  it('reads a town before its region’s code and postcode, with no comma', () => {
    expect(parseJobLocation('Melbourne VIC 3000')).toEqual({ city: 'Melbourne', country: 'Australia' });
    expect(parseJobLocation('Springfield IL')).toEqual({ city: 'Springfield', country: 'United States' });
  });
  it('names the country of a CV address’s town', async () => {
    const cv = await analyzer.analyzeCv(
      ['Jonas Reuter', 'Anschrift: Bergstraße 12, 69117 Heidelberg', 'E-Mail: jonas.reuter@example.de'].join('\n'),
    );
    expect(cv.information.address).toEqual({ city: 'Heidelberg', country: 'Germany' });
  });
});

describe('US-style postings', () => {
  it('"Hiring: Title at Employer, Town ST": the prefix is no employer, the employer ends at the comma', async () => {
    const record = await job([
      'Hiring: Prep Cook at Juniper Lunch Counter, Bend OR',
      'Juniper Lunch Counter is a busy breakfast spot downtown.',
      '',
      'Must have',
      '- 1+ year kitchen experience',
    ]);
    expect(record.information.title).toBe('Prep Cook');
    expect(record.information.company).toBe('Juniper Lunch Counter');
  });
  it('a location field that goes on with other fields gives one place', async () => {
    const record = await job([
      'Maintenance Technician II',
      'Location: Spartanburg, SC | Shift: 2nd | Pay: $26-$31/hr',
      '',
      "What You'll Need:",
      '- 3+ years of industrial maintenance experience',
    ]);
    expect(record.information.locations).toEqual([{ city: 'Spartanburg', country: 'United States' }]);
  });
  it('a shift in the headline is no city', async () => {
    const record = await job([
      'Registered Nurse - Med/Surg - Nights',
      'Cedar Valley Medical Center',
      'Twin Falls, ID 83301',
      '',
      'Qualifications:',
      '- Current RN license',
    ]);
    expect(record.information.locations.map((l) => l.city)).not.toContain('Nights');
  });
});
