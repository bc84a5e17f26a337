// Rules of the rules-12 round, each on a CV snippet written for the test (fake people and employers).
import { describe, expect, it } from 'vitest';
import { createRulesAnalyzer } from '../src/index.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const noSkills = { link: async (_text: string, language: string) => ({ language, skills: [] }) };
const analyzer = createRulesAnalyzer(noSkills, { now: () => NOW });

describe('the words that title a CV document', () => {
  it('leave a guide’s post under the name alone ("Senior Tour Guide" is a post, not a document word)', async () => {
    const r = await analyzer.analyzeCv(
      [
        'Teodora Vasquez-Lind',
        'Senior Tour Guide',
        'Lisbon - teodora.vl@example.com',
        '',
        'WORK EXPERIENCE',
        'Museum Assistant',
        'Casa Lumen Museum - Lisbon',
        'March 2016 to May 2019',
        '• Led school groups through the galleries',
      ].join('\n'),
    );
    expect(r.experience.map((e) => [e.title, e.duration])).toEqual([
      ['Museum Assistant', expect.any(Number)],
      ['Senior Tour Guide', 0],
    ]);
  });

  it('keep a sample page’s title from being read as a post or a name in every language’s form', async () => {
    const r = await analyzer.analyzeCv(
      [
        'Lebenslauf Vorlage',
        'Jonas Pfeiffer',
        'Bürokaufmann',
        'Köln - jonas.pfeiffer@example.de',
        '',
        'BERUFSERFAHRUNG',
        'Sachbearbeiter',
        'Rheinfeld Logistik GmbH, Köln',
        '03/2017 – heute',
        '• Auftragsabwicklung',
      ].join('\n'),
    );
    expect(r.information.first_name).toBe('Jonas');
    expect(r.experience.map((e) => e.title)).not.toContain('Lebenslauf Vorlage');
  });
});

describe('an agency’s letterhead above the CV', () => {
  it('is no person’s name when it ends the way firms’ names end ("… Staffing Group", "… Recruitment Partners")', async () => {
    const names = [];
    for (const letterhead of ['Brightmoor Staffing Group', 'Harlow Recruitment Partners']) {
      const r = await analyzer.analyzeCv(
        [letterhead, 'Candidate Profile', '', 'Lena Marsh', 'Leeds - lena.marsh@example.com', '', 'EXPERIENCE'].join(
          '\n',
        ),
      );
      names.push([r.information.first_name, r.information.last_name]);
    }
    expect(names).toEqual([
      ['Lena', 'Marsh'],
      ['Lena', 'Marsh'],
    ]);
  });
});

describe('after the rules-12 red-team pass', () => {
  it('keeps the headline post under the subject line of the candidate’s own application', async () => {
    const r = await analyzer.analyzeCv(
      [
        'Bewerbung als Strategischer Einkäufer (m/w/d)',
        '',
        'Markus Lehmann',
        'Industriekaufmann',
        'markus.lehmann@example.de',
        '',
        'BERUFSERFAHRUNG',
        'Operativer Einkäufer',
        'Ruhrstahl Komponenten GmbH, Dortmund',
        '05/2019 – heute',
      ].join('\n'),
    );
    expect(r.experience.map((e) => e.title)).toContain('Industriekaufmann');
  });

  it('reads no country from a dated education line with a colon below the header', async () => {
    const r = await analyzer.analyzeCv(
      [
        'Ethan Mbeki',
        'ethan.mbeki@example.ac.uk · Bristol',
        '',
        'Education',
        'University of Severnside — BEng Civil Engineering (expected 2026)',
        '2024: Exchange semester at Technische Universität Nordmark, Germany',
      ].join('\n'),
    );
    // Not Germany: the header's "Bristol" is a city of the list (rules-19), the exchange semester's country no address.
    expect(r.information.address).toEqual({ city: 'Bristol', country: 'United Kingdom' });
  });

  it('reads "Grado Medio 2012 – 2014" as the years, not the middle of 2012', async () => {
    const r = await analyzer.analyzeCv(
      [
        'Laura Sánchez Gil',
        'laura.sanchez@example.es',
        '',
        'FORMACIÓN',
        'Grado Medio 2012 – 2014: Técnico en Actividades Comerciales, IES Macarena, Sevilla',
      ].join('\n'),
    );
    expect(r.education.map((e) => e.start_date)).toEqual(['2012-01']);
  });
});

describe('trades, care and service posts the role vocabulary lacked', () => {
  it('give the title of a "dates Title, Employer, Place" row in German, French and Spanish', async () => {
    const titles = async (lines: string[]) =>
      (await analyzer.analyzeCv(lines.join('\n'))).experience.map((e) => e.title);
    expect(
      await titles([
        'Markus Lehmann',
        'markus.lehmann@example.de',
        '',
        'BERUFSERFAHRUNG',
        'seit 05/2019      Operativer Einkäufer, Ruhrstahl Komponenten GmbH, Dortmund',
        '• Bestellabwicklung',
        '2011 – 2018  Tischlergeselle, Holzwerkstatt Brandt GmbH, Hagen',
        '• Möbelbau',
      ]),
    ).toEqual(['Operativer Einkäufer', 'Tischlergeselle']);
    expect(
      await titles([
        'Claire Morel',
        'claire.morel@example.fr',
        '',
        'EXPÉRIENCE PROFESSIONNELLE',
        'Depuis 2016 : Maître de conférences, Université de Valmont',
        'Enseignement et recherche',
      ]),
    ).toEqual(['Maître de conférences']);
    expect(
      await titles([
        'Lucía Ortega Ruiz',
        'lucia.ortega@example.es',
        '',
        'EXPERIENCIA PROFESIONAL',
        '2015 – 2020  Enfermera, Hospital Santa Clara de Albacete S.L., Albacete',
        '• Cuidados intensivos',
      ]),
    ).toEqual(['Enfermera']);
  });
});

describe('phone numbers of the other countries that write the CV’s language', () => {
  it('reads a Brazilian mobile with its area code in a Portuguese CV, and a Portuguese one as before', async () => {
    const phones = async (phoneLine: string) =>
      (
        await analyzer.analyzeCv(
          [
            'Rafael Almeida Costa',
            phoneLine,
            'rafael.costa@example.com',
            '',
            'EXPERIÊNCIA PROFISSIONAL',
            'Analista de Sistemas',
            'Banco Horizonte S.A.',
            'março de 2018 – atual',
            '• Desenvolvimento de sistemas de pagamento para clientes corporativos',
          ].join('\n'),
        )
      ).information.phone;
    // It was +351 955550143: the last nine digits read as a number of Portugal.
    expect(await phones('Telefone: (11) 95555-0143')).toEqual(['+5511955550143']);
    expect(await phones('Telemóvel: 912 345 678')).toEqual(['+351912345678']);
  });
});

describe('names above an application, after the rules-12 red-team pass', () => {
  const person = async (lines: string[]) => {
    const r = await analyzer.analyzeCv(lines.join('\n'));
    return [r.information.first_name, r.information.last_name];
  };

  it('leaves out "Dra." before the name, as "Dr."', async () => {
    expect(
      await person([
        'Dra. Marta Gil Navarro',
        'marta.gil@example.es',
        '',
        'EXPERIENCIA PROFESIONAL',
        '2015 – actualidad  Médica adjunta, Hospital Santa Clara S.L., Albacete',
        '• Atención de urgencias y guardias en el servicio de medicina interna',
      ]),
    ).toEqual(['Marta', 'Gil Navarro']);
  });

  it('takes neither the posting the letter answers nor the vacancy’s title for the name', async () => {
    expect(
      await person([
        'Bewerbung als Strategischer Einkäufer (m/w/d)',
        'Ihre Stellenanzeige',
        '',
        'Markus Lehmann',
        'markus.lehmann@example.de',
      ]),
    ).toEqual(['Markus', 'Lehmann']);
    expect(
      await person([
        'Teamleider Klantenservice',
        'Wij zoeken een ervaren teamleider voor ons contactcenter.',
        '',
        'Sanne de Wit',
        'sanne.dewit@example.nl',
      ]),
    ).toEqual(['Sanne', 'de Wit']);
  });
});

describe('Europass name fields written surname, comma, given names', () => {
  it('give both parts, in Portuguese and in Dutch ("Naam / Voornaam")', async () => {
    const person = async (lines: string[]) => {
      const r = await analyzer.analyzeCv(lines.join('\n'));
      return [r.information.first_name, r.information.last_name];
    };
    expect(
      await person([
        'Curriculum Vitae Europass',
        '',
        'Informação pessoal',
        'Apelido(s) / Nome(s) próprio(s) Costa, Rafael Almeida',
        'Correio electrónico rafael.costa@example.pt',
      ]),
    ).toEqual(['Rafael Almeida', 'Costa']);
    // The particle the comma moved to the end starts the surname.
    expect(
      await person([
        'Curriculum Vitae Europass',
        '',
        'Informação pessoal',
        'Apelido(s) / Nome(s) próprio(s) Costa, Rafael Almeida da',
        'Correio electrónico rafael.costa@example.pt',
      ]),
    ).toEqual(['Rafael Almeida', 'da Costa']);
    expect(
      await person([
        'Europass curriculum vitae',
        '',
        'Persoonlijke informatie',
        'Naam / Voornaam van der Berg, Sanne',
        'E-mail sanne.vdberg@example.nl',
      ]),
    ).toEqual(['Sanne', 'van der Berg']);
  });
});

describe('a Filipino compound surname and an Italian trade', () => {
  it('keeps "Dela Cruz" whole and reads "Geometra – Studio Tecnico …" title first', async () => {
    const r = await analyzer.analyzeCv(['Maria Dela Cruz', 'maria.dc@example.ph'].join('\n'));
    expect([r.information.first_name, r.information.last_name]).toEqual(['Maria', 'Dela Cruz']);
    const it = await analyzer.analyzeCv(
      [
        'Luca Bianchi',
        'luca.bianchi@example.it',
        '',
        'ESPERIENZA PROFESSIONALE',
        '2015 – 2020  Geometra – Studio Tecnico Ferraro, Bergamo',
        '• Rilievi e pratiche catastali',
      ].join('\n'),
    );
    expect(it.experience.map((e) => [e.title, e.description.split('\n')[0]])).toEqual([
      ['Geometra', 'Studio Tecnico Ferraro, Bergamo'],
    ]);
  });
});

describe('education after the last post, and a stay abroad (rules-12 red-team pass)', () => {
  it('opens education at "HIGHER EDUCATION" or "Higher Education" above a degree, right after a post’s dates', async () => {
    for (const heading of ['HIGHER EDUCATION', 'Higher Education']) {
      const r = await analyzer.analyzeCv(
        [
          'Chloe Barrington',
          'chloe@example.co.uk',
          '',
          'EMPLOYMENT',
          'Sales Assistant',
          'Northern Books Ltd, Leeds',
          '2015 – 2019',
          heading,
          'BA (Hons) History, University of the Pennines, 2012 – 2015',
        ].join('\n'),
      );
      expect(r.experience.map((e) => e.title)).toEqual(['Sales Assistant']);
      expect(r.education.map((e) => [e.degree, e.institution_name])).toEqual([
        ['BA (Hons)', 'University of the Pennines'],
      ]);
    }
  });

  it('reads a research stay at another institute as no school of the degrees above', async () => {
    const r = await analyzer.analyzeCv(
      [
        'Tomasz Wierzbicki',
        'tomasz.w@example.com',
        '',
        'EDUCATION',
        'PhD in Physical Chemistry',
        'MSc in Chemistry',
        'Northfield University, Department of Chemistry',
        'Research stay at the Kepler Institute for Energy Storage, Ulm (6 months)',
        '2010 – 2015',
      ].join('\n'),
    );
    expect(r.education.map((e) => e.institution_name)).not.toContain('Kepler Institute for Energy Storage');
    // A stay written as a row of its own, with its own dates, stays an entry.
    const row = await analyzer.analyzeCv(
      [
        'Tobias Reinhardt',
        'tobias.r@example.de',
        '',
        'AUSBILDUNG',
        '10/2014 – 03/2019',
        'B.Eng. Maschinenbau, Hochschule Neckartal',
        '2. Halbjahr 2018',
        'Auslandssemester, Universidad de Valdemora, Spanien',
      ].join('\n'),
    );
    expect(row.education.map((e) => e.institution_name)).toEqual(['Hochschule Neckartal', 'Universidad de Valdemora']);
  });
});

describe('German and Italian CVs the red-team wrote', () => {
  it('read "Ausbildung zum Tischler" as the vocational qualification and its trade', async () => {
    const r = await analyzer.analyzeCv(
      [
        'Markus Lehmann',
        'markus@example.de',
        '',
        'AUSBILDUNG',
        '2008 – 2011  Ausbildung zum Tischler, Berufskolleg Hagen',
      ].join('\n'),
    );
    expect(r.education.map((e) => [e.degree, e.major, e.institution_name])).toEqual([
      ['Ausbildung', 'Tischler', 'Berufskolleg Hagen'],
    ]);
  });

  it('open the experience section at "PRAKTIKA" and "POSIZIONI", with internships and professors as posts', async () => {
    const de = await analyzer.analyzeCv(
      [
        'Jonas Weber',
        'jonas.weber@example.de',
        '',
        'STUDIUM',
        'seit 10/2023     Bachelor Wirtschaftsinformatik, Technische Universität Elbtal',
        '',
        'PRAKTIKA',
        '03/2025 – 05/2025  Praktikum IT-Beratung, Sachsen Consulting GmbH, Dresden',
        '07/2022 – 09/2022  Ferienjob Lager, Elbe Logistik GmbH, Pirna',
      ].join('\n'),
    );
    expect(de.experience.map((e) => e.title)).toEqual(['Praktikum IT-Beratung', 'Ferienjob Lager']);
    const it = await analyzer.analyzeCv(
      [
        'Lorenzo Vitali',
        'lorenzo.vitali@example.it',
        '',
        'POSIZIONI',
        'Dal 2018 – tuttora: Professore associato di Scienza delle Costruzioni, Politecnico di Arnovalle',
        '2012 – 2018: Ricercatore, Politecnico di Arnovalle',
      ].join('\n'),
    );
    expect(it.experience.map((e) => e.title)).toEqual([
      'Professore associato di Scienza delle Costruzioni',
      'Ricercatore',
    ]);
  });
});

describe('a quarter or half of a year alone', () => {
  it('runs from its first month to its last ("1. Quartal 2025", "2. Halbjahr 2018")', async () => {
    const { findDateSpans, formatYearMonth } = await import('../src/dates.js');
    const span = (line: string) =>
      findDateSpans(line, NOW).map((s) => [formatYearMonth(s.start), formatYearMonth(s.end)]);
    expect(span('1. Quartal 2025  Praktikum IT-Beratung')).toEqual([['2025-01', '2025-03']]);
    expect(span('2. Halbjahr 2018')).toEqual([['2018-07', '2018-12']]);
  });
});
