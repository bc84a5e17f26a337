// Rules of the rules-19 round, each on an ad or CV written for the test (fake people and employers): hiring
// prefixes however they are punctuated, a lone city's country from the city list (ads and CVs), and a pay line that
// is no requirement.
import { describe, expect, it } from 'vitest';
import { parseJobLocation } from '../src/job-analyzer.js';
import { createRulesAnalyzer } from '../src/index.js';

const noSkills = { link: async (_text: string, language: string) => ({ language, skills: [] }) };
const analyzer = createRulesAnalyzer(noSkills, { now: () => new Date('2026-11-29T12:00:00Z') });
const job = (lines: readonly string[]) => analyzer.analyzeJob(lines.join('\n'));

describe('a hiring prefix ends at whatever mark closes it', () => {
  for (const prefix of ["We're hiring!", 'We’re hiring!', 'We are hiring:', 'Now hiring –']) {
    it(`"${prefix} Sous Chef at …" keeps the prefix out of the title`, async () => {
      const record = await job([
        `${prefix} Sous Chef at The Brass Ladle (Manchester)`,
        '',
        'What you will do',
        '- Run the pass in the head chef’s absence',
      ]);
      expect(record.information.title).toBe('Sous Chef');
      expect(record.information.company).toBe('The Brass Ladle');
    });
  }
});

describe('a place written alone', () => {
  it('takes the country our city list gives it', () => {
    expect(parseJobLocation('Lisboa')).toEqual({ city: 'Lisboa', country: 'Portugal' });
    expect(parseJobLocation('Leeds')).toEqual({ city: 'Leeds', country: 'United Kingdom' });
  });
  it('keeps an unknown city without inventing a country', () => {
    expect(parseJobLocation('Vila Nova de Paiva')).toEqual({ city: 'Vila Nova de Paiva', country: '' });
  });
  it('reads a known city’s country over a region it cannot place', () => {
    expect(parseJobLocation('München, Oberbayern')).toEqual({ city: 'München', country: 'Germany' });
  });
});

describe('a pay line under the requirements', () => {
  it('is no requirement', async () => {
    const record = await job([
      'Line Cook',
      'The Brass Ladle, Manchester',
      '',
      'Requirements',
      '- 2+ years on a busy grill section',
      '- Level 2 Food Hygiene certificate',
      '£26,000 – £29,000 + tips. 45 hours per week.',
    ]);
    expect(record.job_requirements).toEqual(['2+ years on a busy grill section', 'Level 2 Food Hygiene certificate']);
  });
  it('keeps a requirement that mentions money', async () => {
    const record = await job(['Finance Manager', '', 'Requirements', '- Managed budgets above €5M']);
    expect(record.job_requirements).toEqual(['Managed budgets above €5M']);
  });
});

describe('a CV address that names only its city', () => {
  it('takes the country our city list gives the city', async () => {
    const cv = await analyzer.analyzeCv(
      ['Lena Vogt', 'Anschrift: Lindenweg 5, 70173 Stuttgart', 'E-Mail: lena.vogt@example.de'].join('\n'),
    );
    expect(cv.information.address).toEqual({ city: 'Stuttgart', country: 'Germany' });
  });
  it('reads a city of the list alone in a header cell, after a symbol', async () => {
    const cv = await analyzer.analyzeCv(
      [
        'LUCÍA MARTÍN GARCÍA',
        'Enfermera',
        '',
        '📍 Valencia   ✉ lucia.mg@example.es   ☎ 654 321 987',
        '',
        'PERFIL',
        'Enfermera.',
      ].join('\n'),
    );
    expect(cv.information.address).toEqual({ city: 'Valencia', country: 'Spain' });
  });
});

describe('ordinary ads in other languages', () => {
  it('a banner line above the headline is no place ("Stellenanzeige")', async () => {
    const record = await job([
      'Stellenanzeige',
      '',
      'Die Stadtwerke Lindau GmbH suchen zum 01.03.2027 eine/n',
      '',
      'Elektroniker/in für Betriebstechnik (m/w/d)',
      'in Vollzeit, unbefristet',
      '',
      'Ihr Profil:',
      '• Führerschein Klasse B',
    ]);
    expect(record.information.title).toBe('Elektroniker für Betriebstechnik');
    expect(record.information.company).toBe('Die Stadtwerke Lindau GmbH');
    expect(record.information.locations.map((l) => l.city)).not.toContain('Stellenanzeige');
  });
  it('a city with its district gives the city ("Lyon 7e")', async () => {
    const record = await job([
      "Offre d'emploi : Comptable fournisseurs H/F",
      'CDI – Lyon 7e – Télétravail 2 jours/semaine',
      '',
      'Votre profil',
      '- 3 ans d’expérience minimum',
    ]);
    expect(record.information.title).toBe('Comptable fournisseurs');
    expect(record.information.locations[0]).toEqual({ city: 'Lyon', country: 'France' });
  });
  it('a place after the title is no company when the ad names its employer below', async () => {
    const record = await job([
      'Magazijnmedewerker – Venlo',
      'Fulltime | Direct in dienst bij Kuehne+Nagel',
      '',
      'Wat vragen wij?',
      '- Heftruckcertificaat',
    ]);
    expect(record.information.company).toBe('Kuehne+Nagel');
    expect(record.information.locations.map((l) => l.city)).toEqual(['Venlo']);
  });
  it('the company on the line under a "Title - Specialty" headline, when the model clearly prefers it', async () => {
    const record = await job([
      'Outside Sales Representative - HVAC Equipment',
      'Brazos Supply | Houston, TX 77041',
      '',
      'Qualifications:',
      '- 2+ years of B2B outside sales experience',
    ]);
    expect(record.information.title).toBe('Outside Sales Representative');
    expect(record.information.company).toBe('Brazos Supply');
  });
  it('a company written in the plural hires; "we" is no company', async () => {
    const utilities = await job([
      'Die Stadtwerke Lindau GmbH suchen eine/n Netzmonteur/in (m/w/d)',
      '',
      'Ihr Profil:',
      '- Ausbildung',
    ]);
    expect(utilities.information.company).toBe('Die Stadtwerke Lindau GmbH');
    const we = await job(['We are hiring a Barista in Porto.', 'You will prepare coffee and serve customers.']);
    expect(we.information.company).toBe('');
  });
  it('a hiring prefix names no skill', async () => {
    const texts: string[] = [];
    const recording = createRulesAnalyzer(
      { link: async (text: string, language: string) => (texts.push(text), { language, skills: [] }) },
      { now: () => new Date('2026-11-29T12:00:00Z') },
    );
    await recording.analyzeJob(
      "Offre d'emploi : Comptable H/F\nVoltaire Conseil – Lyon\n\nVotre profil\n- Maîtrise d'Excel",
    );
    expect(texts[0]).not.toMatch(/offre d'emploi/i);
    expect(texts[0]).toMatch(/Maîtrise d'Excel/);
  });
});
