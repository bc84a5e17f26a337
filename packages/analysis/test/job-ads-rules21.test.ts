// The rules-21 round (headline-lr-10, lr-11), each on an ad written for the test (fake employers, real towns): a town
// our city list lacks before a state's code or beside a postcode, a public employer named after its town, an agency's
// client, a town after the title's dash, an acronym qualifying the title.
import { describe, expect, it } from 'vitest';
import { createRulesAnalyzer } from '../src/index.js';

const noSkills = { link: async (_text: string, language: string) => ({ language, skills: [] }) };
const analyzer = createRulesAnalyzer(noSkills, { now: () => new Date('2026-11-29T12:00:00Z') });
const job = (lines: readonly string[]) => analyzer.analyzeJob(lines.join('\n'));
const BODY = ['', 'Requirements', '- 1 year of warehouse experience', '- Able to lift 50 lbs'];

describe('a headline place followed by its state or province', () => {
  it('reads a town missing from the city list as the place, not the company ("Acme – Dayton, OH")', async () => {
    const record = await job(['Warehouse Associate', 'Acme – Dayton, OH', ...BODY]);
    expect(record.information.company).toBe('Acme');
    expect(record.information.locations).toEqual([{ city: 'Dayton', country: 'United States' }]);
  });
  it('reads the state written out as no second place ("Nashik, Maharashtra")', async () => {
    const record = await job(['Customer Service Executive', 'Kotak Services – Nashik, Maharashtra', ...BODY]);
    expect(record.information.company).toBe('Kotak Services');
    expect(record.information.locations).toEqual([{ city: 'Nashik', country: 'India' }]);
  });
});

describe('a public employer named after its town', () => {
  it('keeps the whole name as the company and the town as the place', async () => {
    const record = await job(['Elementary Teacher', 'Maple Grove Public Schools — Maple Grove, MN', ...BODY]);
    expect(record.information.title).toBe('Elementary Teacher');
    expect(record.information.company).toBe('Maple Grove Public Schools');
    expect(record.information.locations[0]).toEqual({ city: 'Maple Grove', country: 'United States' });
  });
  it('reads "Klinikum <town>" and "Comune di <town>" as employers', async () => {
    const klinikum = await job(['Pflegefachkraft (m/w/d)', 'Klinikum Reutlingen · Reutlingen', ...BODY]);
    expect(klinikum.information.company).toBe('Klinikum Reutlingen');
    expect(klinikum.information.locations[0]?.city).toBe('Reutlingen');
    const comune = await job(['Istruttore amministrativo', 'Comune di Rimini – Rimini', ...BODY]);
    expect(comune.information.company).toBe('Comune di Rimini');
    expect(comune.information.locations[0]).toEqual({ city: 'Rimini', country: 'Italy' });
  });
});

describe('a town written with its postcode or state code (headline-lr-11)', () => {
  it('reads the town after a postcode and before a British one', async () => {
    const heilbronn = await job([
      'Lagermitarbeiter (m/w/d) in Vollzeit',
      'Müller Spedition GmbH | 74072 Heilbronn',
      ...BODY,
    ]);
    expect(heilbronn.information.company).toBe('Müller Spedition GmbH');
    expect(heilbronn.information.locations[0]).toEqual({ city: 'Heilbronn', country: 'Germany' });
    const hexham = await job(['Kitchen Porter', 'The Old Bell Inn - Hexham NE46', ...BODY]);
    expect(hexham.information.company).toBe('The Old Bell Inn');
    expect(hexham.information.locations[0]?.city).toBe('Hexham');
  });
  it('reads a Brazilian state code as the region, not the company ("Campinas, SP")', async () => {
    const record = await job(['Estoquista', 'Rede Boa Compra – Campinas, SP', ...BODY]);
    expect(record.information.company).toBe('Rede Boa Compra');
    expect(record.information.locations).toEqual([{ city: 'Campinas', country: 'Brazil' }]);
  });
});

describe('an agency that hires for a client', () => {
  it('gives no company for "Our client, a …, is recruiting"', async () => {
    const record = await job([
      'Retail Assistant',
      'Our client, a leading fashion retailer, is recruiting in Glasgow.',
      ...BODY,
    ]);
    expect(record.information.title).toBe('Retail Assistant');
    expect(record.information.company).toBe('');
  });
});

describe('a town after the title', () => {
  it('is the place, not the employer ("Nurse – Bath", "Chef de partie – Nice")', async () => {
    const bath = await job(['Nurse – Bath', ...BODY]);
    expect(bath.information.company).toBe('');
    expect(bath.information.locations).toEqual([{ city: 'Bath', country: 'United Kingdom' }]);
    const nice = await job(['Chef de partie – Nice', '', 'Profil', '- 2 ans d’expérience en cuisine']);
    expect(nice.information.locations).toEqual([{ city: 'Nice', country: 'France' }]);
  });
  it('stays the employer when it carries a legal form or the ad names a place', async () => {
    const firm = await job(['Accounts Assistant – Bath Ltd', ...BODY]);
    expect(firm.information.company).toBe('Bath Ltd');
    const placed = await job(['Nurse – Bath', 'Location: Bristol', ...BODY]);
    expect(placed.information.company).toBe('Bath');
    expect(placed.information.locations[0]?.city).toBe('Bristol');
  });
});

describe('an acronym in brackets closing the title', () => {
  it('qualifies the title and is no employer ("Staff Accountant (CPA)", "Call Center Team Lead (BPO)")', async () => {
    const cpa = await job(['Staff Accountant (CPA)', '', 'Requirements', '- Active CPA license']);
    expect(cpa.information.company).toBe('');
    expect(cpa.information.title).toBe('Staff Accountant (CPA)');
    const bpo = await job(['Call Center Team Lead (BPO)', '', 'Requirements', '- 3 years in a call center']);
    expect(bpo.information.company).toBe('');
  });
  it('leaves the employer named elsewhere as it is', async () => {
    const named = await job(['Staff Accountant (CPA)', 'Company: Brightwater Partners', ...BODY]);
    expect(named.information.company).toBe('Brightwater Partners');
    expect(named.information.title).toBe('Staff Accountant (CPA)');
  });
});

describe('a town with its province in brackets', () => {
  it('keeps the town\'s own country, not a US state of the same code ("Sesto San Giovanni (MI)")', async () => {
    const record = await job(['Magazziniere', 'Logistica Brambilla S.r.l. – Sesto San Giovanni (MI)', ...BODY]);
    expect(record.information.company).toBe('Logistica Brambilla S.r.l.');
    expect(record.information.locations[0]).toEqual({ city: 'Sesto San Giovanni', country: 'Italy' });
  });
});
