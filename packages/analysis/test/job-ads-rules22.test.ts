// The rules-22 round (headline-lr-12), each on an ad written for the test (invented employers, real towns): the
// language of a short ad, gender endings in brackets, LinkedIn's "City, Region, Country", GeoNames towns beyond our
// city list, "Title at Company in City", a qualifier after a field, and words of a headline that are no field.
import { describe, expect, it } from 'vitest';
import { createRulesAnalyzer } from '../src/index.js';
import { detectLanguage } from '../src/language.js';

const noSkills = { link: async (_text: string, language: string) => ({ language, skills: [] }) };
const analyzer = createRulesAnalyzer(noSkills, { now: () => new Date('2026-11-30T12:00:00Z') });
const job = (lines: readonly string[]) => analyzer.analyzeJob(lines.join('\n'));
const info = async (lines: readonly string[]) => (await job(lines)).information;

describe('the language of a short job ad', () => {
  it('reads Spanish, Dutch, Italian and Portuguese ads that share words with other languages', async () => {
    // Spanish "en" and Dutch "per" were counted for Dutch and Italian; short texts never reached the trigrams.
    const spanish = [
      'Enfermero/a para residencia de mayores en Málaga',
      'Residencia Los Olivos',
      'Se requiere título de Grado en Enfermería y colegiación.',
      'Ofrecemos contrato indefinido y buen ambiente de trabajo.',
    ];
    const dutch = [
      'Vacature: Verpleegkundige VVT',
      'Zorggroep Het Baken - Zwolle',
      '32-36 uur per week',
      'Wij zoeken een verpleegkundige niveau 4.',
    ];
    const italian = [
      'Operatore socio sanitario (OSS) – RSA Villa Serena – Firenze',
      'Si offre contratto a tempo indeterminato con turni diurni e notturni.',
    ];
    const portuguese = [
      'Operador de Armazém (m/f)',
      'Localidade: Porto',
      'Empresa: Sonae MC',
      'Tipo de contrato: Contrato sem termo',
      'Funções:',
      '- Receção e arrumação de mercadoria',
    ];
    expect((await job(spanish)).source_language).toBe('es');
    expect((await job(dutch)).source_language).toBe('nl');
    expect((await job(italian)).source_language).toBe('it');
    expect((await job(portuguese)).source_language).toBe('pt');
  });
  it('keeps English for a few names and tools, where trigrams are no evidence', () => {
    expect(detectLanguage('Jane Doe\nSkills\nDocker, Java\nJava again')).toBe('en');
  });
});

describe('a gender ending joined to a word', () => {
  it('is no separator, and leaves the record\'s title ("Aide-soignant(e) de nuit", "Vendedor(a) de loja")', async () => {
    const french = await info(['Aide-soignant(e) de nuit – EHPAD Les Tilleuls – Strasbourg', 'Vous accompagnez les résidents.']);
    expect(french.title).toBe('Aide-soignant de nuit');
    expect(french.company).toBe('EHPAD Les Tilleuls');
    const portuguese = await info(['Vendedor(a) de loja | Calçados Rio Ltda. | Curitiba - PR', 'Atendimento ao cliente.']);
    expect(portuguese.title).toBe('Vendedor de loja');
    expect(portuguese.company).toBe('Calçados Rio Ltda.');
  });
  it('leaves slashed, starred and coloned endings too, and full-word pairs as written', async () => {
    expect((await info(['Impiegato/a amministrativo/a', 'Studio Conti – Torino'])).title).toBe('Impiegato amministrativo');
    expect((await info(['Erzieher*in in Teilzeit', 'Kita Sonnenschein, Freiburg'])).title).toMatch(/^Erzieher\b(?!\*)/);
    expect((await info(['Serveur/serveuse – Brasserie du Port – La Rochelle'])).title).toBe('Serveur/serveuse');
  });
});

describe('places written as job boards write them', () => {
  it('reads "City, Region, Country" as one place, the town first', async () => {
    const munich = await info([
      'Werkstudent Marketing (m/w/d)',
      'Lumio Software GmbH',
      'München, Bayern, Deutschland · Hybrid',
      'Wir sind ein junges Team.',
    ]);
    expect(munich.locations).toEqual([{ city: 'München', country: 'Germany' }]);
    const toulouse = await info(['Comptable unique H/F', 'Cabinet Lefèvre & Associés', 'Toulouse, Occitanie, France']);
    expect(toulouse.locations).toEqual([{ city: 'Toulouse', country: 'France' }]);
  });
  it('places a town by its name as written before folding accents (Münster is in Germany)', async () => {
    const record = await info([
      'Die Bäckerei Schröder sucht eine Verkäuferin (m/w/d) für unsere Filiale in Münster.',
      'Das bringst du mit: Freundlichkeit und Erfahrung im Verkauf.',
    ]);
    expect(record.locations[0]).toEqual({ city: 'Münster', country: 'Germany' });
  });
  it('reads no street as a town and no département number as part of it', async () => {
    const cashier = await info(['Cashier (Part-Time)', 'Corner Market Foods', '1421 Elm Street, Springfield, IL 62704']);
    expect(cashier.locations).toEqual([{ city: 'Springfield', country: 'United States' }]);
    const rouen = await info([
      "Offre d'emploi : Technicien de maintenance (H/F)",
      'Entreprise : Maintenix Industrie SAS',
      'Lieu : Rouen (76)',
    ]);
    expect(rouen.locations).toEqual([{ city: 'Rouen', country: 'France' }]);
  });
  it('reads no work arrangement or employment type as a town ("Remote (US)", "Temps complet")', async () => {
    const remote = await info(['Payroll Specialist', 'Remote (US) · Full-time', 'Northwind Health Partners']);
    expect(remote.locations.map((l) => l.city)).not.toContain('Remote');
    const french = await info(['Assistant(e) de direction', 'Ville de Montpellier', 'Temps complet, poste ouvert aux contractuels.']);
    expect(french.locations.map((l) => l.city)).not.toContain('Temps complet');
  });
});

describe('"Title at Company in City"', () => {
  it('splits the company from the town after it, in English, French and Dutch', async () => {
    const english = await info(['Software Engineer at Acme Corp in London', 'We build payment systems for banks.']);
    expect([english.title, english.company, english.locations[0]?.city]).toEqual(['Software Engineer', 'Acme Corp', 'London']);
    const french = await info(['Ingénieur commercial chez Solvia Énergie à Grenoble', 'Vous développez notre portefeuille.']);
    expect([french.company, french.locations[0]?.city]).toEqual(['Solvia Énergie', 'Grenoble']);
    const dutch = await info(['Verpleegkundige bij Zorggroep Rivierenland in Tiel', 'Je werkt in een klein team.']);
    expect([dutch.company, dutch.locations[0]?.city]).toEqual(['Zorggroep Rivierenland', 'Tiel']);
  });
});

describe('headline words that are no field', () => {
  it('reads a shift after the title as no company, and finds the employer on the next line', async () => {
    const warehouse = await info(['Warehouse Operative – Days', 'Parcelnet Logistics – Wakefield', 'Picking and packing orders.']);
    expect(warehouse.company).toBe('Parcelnet Logistics');
    expect(warehouse.locations[0]?.city).toBe('Wakefield');
    const care = await info(['Care Assistant - Night Shifts', 'Meadowbank Care Home, Dundee', 'We are looking for carers.']);
    expect(care.company).not.toBe('Night Shifts');
  });
  it('drops working hours in brackets and a hiring word after the title', async () => {
    expect((await info(['Kok (32-38 uur)', 'Restaurant De Gouden Leeuw · Maastricht'])).title).toBe('Kok');
    const german = await info(['Zahnmedizinische Fachangestellte (ZFA) gesucht!', 'Zahnarztpraxis Dr. Lang, Regensburg']);
    expect(german.title).not.toMatch(/gesucht/);
  });
  it('reads "Join our team" as no company and "sucht ab sofort eine" as no part of the title', async () => {
    const barista = await info([
      'Barista (Part-time)',
      'Bean There Coffee Co.',
      'Edinburgh, Scotland',
      'Join our friendly team in the heart of the Old Town.',
    ]);
    expect(barista.company).not.toMatch(/friendly team/);
    const bakery = await info([
      'Die Bäckerei Schröder sucht ab sofort eine Verkäuferin (m/w/d) für unsere Filiale in Münster.',
      'Das bringst du mit: Freundlichkeit und Erfahrung im Verkauf.',
    ]);
    expect(bakery.title).toBe('Verkäuferin');
    expect(bakery.company).toBe('Die Bäckerei Schröder');
  });
});
