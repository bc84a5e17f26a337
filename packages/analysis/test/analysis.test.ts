import { cvContent, jobContent } from '@talent/records';
import { describe, expect, it } from 'vitest';
import { findPhones, findLinks, findEmails, findPlace } from '../src/contacts.js';
import { findDateSpans, formatYearMonth, monthsBetween, statedMonths } from '../src/dates.js';
import { findDegrees, levelName } from '../src/degrees.js';
import { createRulesAnalyzer, type LinkedSkill, type SkillLinker } from '../src/index.js';
import { detectLanguage } from '../src/language.js';
import { findName } from '../src/names.js';
import { cvSections, jobSections } from '../src/sections.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const IDS = {
  java: '0a8c3f1e-5b2d-4c6e-9f7a-1b2c3d4e5f60',
  python: '1b9d4a2f-6c3e-4d7f-8a8b-2c3d4e5f6071',
  kubernetes: '3dbf6c4b-8e5a-4f9b-8cad-4e5f60718293',
  docker: '4ec07d5c-9f6b-4a0c-9dbe-5f60718293a4',
  teamwork: '5fd18e6d-a07c-4b1d-8ecf-60718293a4b5',
} as const;
const SOFT = new Set(['teamwork']);

/** Finds a few fixed words; evidence is the line the word is on, one result per occurrence. */
function fakeLinker(
  options: { language?: string; hint?: LinkedSkill['hint']; extra?: LinkedSkill[] } = {},
): SkillLinker & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async link(text, language, context) {
      calls.push(`${context}:${language}`);
      const skills: LinkedSkill[] = [...(options.extra ?? [])];
      for (const line of text.split('\n')) {
        for (const [word, id] of Object.entries(IDS)) {
          const pattern =
            word === 'teamwork' ? /teamwork|teamfähigkeit|travail en équipe/i : new RegExp(`\\b${word}\\b`, 'i');
          if (pattern.test(line))
            skills.push({
              id,
              name: word,
              type: SOFT.has(word) ? 'soft-skill' : 'hard-skill',
              evidence: line.trim(),
              confidence: 0.8,
              hint: options.hint,
            });
        }
      }
      return { skills, language: options.language ?? language };
    },
  };
}

const range = (line: string) =>
  findDateSpans(line, NOW).map((s) => [
    formatYearMonth(s.start),
    formatYearMonth(s.end),
    s.start && s.end ? monthsBetween(s.start, s.end) : null,
  ]);

describe('dates and durations', () => {
  it.each([
    ['June 2016 to Present', '2016-06', '2025-06', 109],
    ['February 2013 - September 2014', '2013-02', '2014-09', 20],
    ['Jun 2015 – Aug 2015', '2015-06', '2015-08', 3],
    ['01/2018 – heute', '2018-01', '2025-06', 90],
    ['März 2019 bis Juni 2021', '2019-03', '2021-06', 28],
    ['seit 04.2020', '2020-04', '2025-06', 63],
    ["janv. 2015 - aujourd'hui", '2015-01', '2025-06', 126],
    ['depuis septembre 2020', '2020-09', '2025-06', 58],
    ['enero de 2018 - actualidad', '2018-01', '2025-06', 90],
    ['settembre 2019 – attuale', '2019-09', '2025-06', 70],
    ['mrt 2017 - heden', '2017-03', '2025-06', 100],
    ['março de 2016 até atual', '2016-03', '2025-06', 112],
    ['15.03.2019 - 30.06.2020', '2019-03', '2020-06', 16],
    ['January to May 2009', '2009-01', '2009-05', 5],
    ['August 2014  Present', '2014-08', '2025-06', 131],
    ['2010 – 2014', '2010-01', '2014-01', 48],
    ['Partner (1987-92)', '1987-01', '1992-01', 60],
    ['September 2017 onwards', '2017-09', '2025-06', 94],
    ['2012Present', '2012-01', '2025-06', 161],
  ])('%s → %s … %s, %i months', (line, start, end, months) => {
    expect(range(line)[0]).toEqual([start, end, months]);
  });

  it('a lone date is an end date; words that only look like months are not dates', () => {
    expect(range('Graduated May 2016')).toEqual([['', '2016-05', null]]);
    expect(range('I may set out 2 things, 2 years ago')).toEqual([]);
  });

  it.each([
    ['3 years of experience', 36],
    ['2 years 10 months', 34],
    ['5+ years', 60],
    ['3-5 years of relevant experience', 36],
    ['mindestens 5 Jahre Berufserfahrung', 60],
    ['5-jährige Erfahrung', 60],
    ["3 à 5 ans d'expérience", 36],
    ['de 3 a 5 años de experiencia', 36],
    ['almeno 2 anni di esperienza', 24],
    ['minimaal 4 jaar werkervaring', 48],
    ['pelo menos três anos de experiência', 36],
    ['18 months', 18],
    ['three years', 36],
  ])('%s → %i months', (text, months) => {
    expect(statedMonths(text)).toBe(months);
  });

  it('ages are not durations', () => {
    expect(statedMonths('I am 25 years old')).toBeUndefined();
  });
});

describe('contacts', () => {
  it('formats phone numbers in E.164 with the guessed country and ignores dates and year ranges', () => {
    const text = 'Tel.: 030 1234567\nBerufserfahrung 2015-2019, 01/2015 – 02/2019\n+33 6 12 34 56 78';
    expect(findPhones(text, 'DE')).toEqual(['+49301234567', '+33612345678']);
  });

  it('finds international numbers without a country and keeps a labelled number the library cannot place', () => {
    expect(findPhones('Mobile: +91 98450 12345', undefined)).toEqual(['+919845012345']);
    expect(findPhones('Phone: (123)345-7890', undefined)).toEqual(['(123)345-7890']);
    expect(findPhones('Worked 2001-2005 on 1,234,567 records', 'US')).toEqual([]);
  });

  it('lowercases and de-duplicates e-mails, including apostrophes in the local part', () => {
    expect(findEmails("Mail: Jane.O'Brien@Example.org, jane.o'brien@example.org; x@y.io")).toEqual([
      "jane.o'brien@example.org",
      'x@y.io',
    ]);
  });

  it('separates LinkedIn, GitHub and a personal website', () => {
    expect(
      findLinks('linkedin.com/in/jane-doe | github.com/janedoe | www.janedoe.dev | https://www.indeed.com/r/jane'),
    ).toEqual({
      linkedin: 'https://linkedin.com/in/jane-doe',
      github: 'https://github.com/janedoe',
      website: 'https://www.janedoe.dev',
    });
  });

  it('reads city and country from an address line or a "City, Region" line near the top', () => {
    expect(findPlace(['Jane Doe', 'Address: 12 High Street, Leeds LS1 4AP, United Kingdom'], 2)).toEqual({
      city: 'Leeds',
      country: 'United Kingdom',
    });
    expect(findPlace(['Jane Doe', 'Austin, TX 78701 | jane@x.org'], 2)).toEqual({
      city: 'Austin',
      country: 'United States',
    });
    expect(findPlace(['Asha Rao', 'Pune, Maharashtra - Email me on Indeed'], 2)).toEqual({
      city: 'Pune',
      country: 'India',
    });
    // Without a label or a known country/region nothing is guessed.
    expect(findPlace(['Jane Doe', 'Springfield'], 2)).toEqual({ city: '', country: '' });
  });
});

describe('names, sections, degrees, language', () => {
  it('finds the name in the first lines, skipping document titles and job titles', () => {
    expect(findName(toLines('CURRICULUM VITAE\nSenior Software Engineer\nJane van der Berg\njane@x.org'))).toEqual({
      first: 'Jane',
      last: 'van der Berg',
    });
    expect(findName(toLines('Jean DUPONT\n12 rue de la Paix'))).toEqual({ first: 'Jean', last: 'Dupont' });
    expect(findName(toLines('RESUME OF JOHN MICHAEL SMITH\nObjective'))).toEqual({
      first: 'John Michael',
      last: 'Smith',
    });
    expect(findName(toLines('Ivan Keeling 87 Some Example Street\nKansas City, MO 52364'))).toEqual({
      first: 'Ivan',
      last: 'Keeling',
    });
    // Labelled fields state which part is the surname.
    expect(findName(toLines('Persönliche Daten\nVorname: Anna\nNachname: Schmidt'))).toEqual({
      first: 'Anna',
      last: 'Schmidt',
      stated: true,
    });
  });

  it('recognises headings in several languages, and not degrees or titles that contain a heading word', () => {
    const text = [
      'BERUFSERFAHRUNG',
      'x',
      'Expérience professionnelle',
      'x',
      'Formación académica',
      'x',
      'Competenze tecniche',
      'x',
      'Werkervaring',
      'x',
      'Formação Académica',
      'x',
      'Bachelor of Education',
      'Education Coordinator',
      'IT-Kenntnisse:',
      'x',
      'Skills & Abilities',
      'x',
      'Sprachkenntnisse',
      'x',
      'Projects',
      'x',
    ].join('\n');
    expect(cvSections(toLines(text)).map((s) => `${s.kind}:${s.lines.length}`)).toEqual([
      'header:0',
      'experience:1',
      'experience:1',
      'education:1',
      'skills:1',
      'experience:1',
      'education:3',
      'skills:1',
      'skills:1',
      'languages:1',
      'projects:1',
    ]);
    expect(
      jobSections(
        toLines('Ihre Aufgaben\nx\nIhr Profil\nx\nWünschenswert\nx\nWir bieten\nx\nProfil recherché\nx\nRequisitos\nx'),
      ).map((s) => s.kind),
    ).toEqual(['header', 'responsibilities', 'requirements', 'preferred', 'benefits', 'requirements', 'requirements']);
  });

  it('grades degrees across languages and leaves "MS Office" and "master new tools" alone', () => {
    const levels = (t: string) => findDegrees(t).map((d) => levelName(d.level));
    expect(levels('BA/BS degree; MS or PhD in Computer Science')).toEqual([
      'Bachelor',
      'Bachelor',
      'Master',
      'Doctorate',
    ]);
    expect(levels('Abgeschlossenes Studium der Informatik, Promotion von Vorteil; Abitur')).toEqual([
      'Bachelor',
      'High School',
    ]);
    expect(levels("Diplôme d'ingénieur ou Master en informatique; Licence en droit")).toEqual([
      'Master',
      'Master',
      'Bachelor',
    ]);
    expect(levels('Proficient in MS Office; able to master new tools; Boston, MA.')).toEqual([]);
  });

  it('detects the language of a text among en, de, fr, es, it, nl, pt', () => {
    expect(
      detectLanguage(
        'Ich habe fünf Jahre Erfahrung in der Entwicklung von Software und bin ein Teamplayer mit Leidenschaft für die Arbeit.',
      ),
    ).toBe('de');
    expect(
      detectLanguage(
        "J'ai travaillé pendant cinq ans dans le développement de logiciels pour des clients dans le secteur bancaire.",
      ),
    ).toBe('fr');
    expect(
      detectLanguage(
        'Tengo cinco años de experiencia en el desarrollo de software y trabajo muy bien en equipo con los clientes.',
      ),
    ).toBe('es');
    expect(
      detectLanguage(
        'Ho lavorato per cinque anni nello sviluppo di software per clienti del settore bancario e delle assicurazioni.',
      ),
    ).toBe('it');
    expect(
      detectLanguage(
        'Ik heb vijf jaar ervaring met het ontwikkelen van software voor klanten in de financiële sector en ik werk graag in een team.',
      ),
    ).toBe('nl');
    expect(
      detectLanguage(
        'Tenho cinco anos de experiência no desenvolvimento de software para clientes do setor bancário e também dos seguros.',
      ),
    ).toBe('pt');
    expect(
      detectLanguage('Five years of experience in the development of software for banks and insurance companies.'),
    ).toBe('en');
  });
});

const GERMAN_CV = `Max Mustermann
Musterstraße 12, 10115 Berlin, Deutschland
Tel.: 030 1234567 · max.mustermann@example.de
linkedin.com/in/maxmustermann

Berufserfahrung

03/2019 – heute
Senior Softwareentwickler, Beispiel GmbH, Berlin
• Entwicklung von Microservices mit Java und Spring Boot
• Einführung von CI/CD mit GitLab

01/2015 – 02/2019
Softwareentwickler bei Muster AG, München
Branche: Automobil
• Wartung einer Java-Anwendung für die Fahrzeugdiagnose

Ausbildung

10/2010 – 09/2014
Technische Universität München
Bachelor of Science in Informatik, Note: 1,7

IT-Kenntnisse
Java, Spring Boot, Kubernetes
Teamfähigkeit, Kommunikationsstärke

Sprachen
Deutsch (Muttersprache), Englisch (fließend)
`;

const FRENCH_CV = `Jean DUPONT
12 rue de la Paix, 75002 Paris, France
Tél : 06 12 34 56 78 | jean.dupont@exemple.fr

Profil
Ingénieur logiciel avec huit ans d'expérience dans le développement web et les services en ligne.

Expérience professionnelle

Ingénieur logiciel — Société Exemple SAS
Janvier 2018 - aujourd'hui
Développement d'applications web en Python pour les clients de la banque.

Développeur Java chez Autre Entreprise
sept. 2015 – déc. 2017
Maintenance d'une plateforme de paiement.

Formation

Master en informatique, Université Claude Bernard Lyon 1
2013 - 2015
Mention très bien

Compétences
Python, Java, SQL
Travail en équipe
`;

const GERMAN_JOB = `Senior Java Entwickler (m/w/d)
Unternehmen: Beispiel GmbH
Standort: Berlin, Deutschland oder Hamburg
Anstellungsart: Vollzeit, unbefristet

Über uns
Wir sind ein wachsendes Softwareunternehmen im Bereich E-Commerce mit 200 Mitarbeitenden.

Ihre Aufgaben
• Entwicklung und Betrieb von Backend-Services mit Java und Spring
• Zusammenarbeit mit dem Produktteam

Ihr Profil
• Abgeschlossenes Studium der Informatik oder vergleichbare Qualifikation
• Mindestens 5 Jahre Berufserfahrung in der Java-Entwicklung
• Sehr gute Deutsch- und Englischkenntnisse

Wünschenswert
• Erfahrung mit Kubernetes

Wir bieten
• 30 Tage Urlaub und flexible Arbeitszeiten
`;

const FRENCH_JOB = `Développeur Full Stack (H/F)
Entreprise : Exemple SAS
Lieu : Lyon, France
Type de contrat : CDI
Temps de travail : Temps plein

Vos missions
- Concevoir et développer de nouvelles fonctionnalités en Python pour notre plateforme
- Participer aux revues de code

Profil recherché
- Diplôme d'ingénieur ou Master en informatique
- 3 à 5 ans d'expérience en développement web
- Maîtrise de JavaScript et de React

Un plus
- Connaissance de Docker
`;

describe('rules analyzer', () => {
  const analyzer = createRulesAnalyzer(fakeLinker(), { now: () => NOW });

  it('analyses a German CV', async () => {
    const cv = cvContent.parse(await analyzer.analyzeCv(GERMAN_CV));
    expect(cv.information).toEqual({
      first_name: 'Max',
      last_name: 'Mustermann',
      email: ['max.mustermann@example.de'],
      phone: ['+49301234567'],
      linkedin: 'https://linkedin.com/in/maxmustermann',
      github: '',
      website: '',
      address: { city: 'Berlin', country: 'Germany' },
    });
    expect(cv.experience).toEqual([
      {
        title: 'Senior Softwareentwickler',
        activity_sector: '',
        description:
          'Beispiel GmbH, Berlin\nEntwicklung von Microservices mit Java und Spring Boot\nEinführung von CI/CD mit GitLab',
        duration: 76,
        start_date: '2019-03',
        end_date: '2025-06',
      },
      {
        title: 'Softwareentwickler',
        activity_sector: 'Automobil',
        description: 'Muster AG, München\nWartung einer Java-Anwendung für die Fahrzeugdiagnose',
        duration: 50,
        start_date: '2015-01',
        end_date: '2019-02',
      },
    ]);
    expect(cv.education).toEqual([
      {
        degree: 'Bachelor of Science',
        major: 'Informatik',
        score: 'Note: 1,7',
        institution_name: 'Technische Universität München',
        start_date: '2010-10',
        end_date: '2014-09',
      },
    ]);
    expect(cv.skill_descriptions).toEqual(['Java, Spring Boot, Kubernetes', 'Teamfähigkeit, Kommunikationsstärke']);
    expect(cv.source_language).toBe('de');
    expect(cv.hard_skills.map((s) => s.skill)).toEqual(['java', 'kubernetes']);
    expect(cv.soft_skills).toEqual([
      {
        id: IDS.teamwork,
        skill: 'teamwork',
        type: 'soft-skill',
        relationship: 'satisfies',
        explanation: 'Mentioned in: "Teamfähigkeit, Kommunikationsstärke"',
      },
    ]);
  });

  it('analyses a French CV', async () => {
    const cv = cvContent.parse(await analyzer.analyzeCv(FRENCH_CV));
    expect(cv.information).toMatchObject({
      first_name: 'Jean',
      last_name: 'Dupont',
      email: ['jean.dupont@exemple.fr'],
      phone: ['+33612345678'],
      address: { city: 'Paris', country: 'France' },
    });
    expect(
      cv.experience.map((e) => [e.title, e.description.split('\n')[0], e.start_date, e.end_date, e.duration]),
    ).toEqual([
      ['Ingénieur logiciel', 'Société Exemple SAS', '2018-01', '2025-06', 90],
      ['Développeur Java', 'Autre Entreprise', '2015-09', '2017-12', 28],
    ]);
    expect(cv.education).toEqual([
      {
        degree: 'Master',
        major: 'informatique',
        score: 'Mention très bien',
        institution_name: 'Université Claude Bernard Lyon 1',
        start_date: '2013-01',
        end_date: '2015-01',
      },
    ]);
    expect(cv.source_language).toBe('fr');
    expect(cv.soft_skills.map((s) => s.skill)).toEqual(['teamwork']);
  });

  it('analyses a German job', async () => {
    const job = jobContent.parse(await analyzer.analyzeJob(GERMAN_JOB));
    expect(job.information).toEqual({
      title: 'Senior Java Entwickler',
      company: 'Beispiel GmbH',
      description: 'Wir sind ein wachsendes Softwareunternehmen im Bereich E-Commerce mit 200 Mitarbeitenden.',
      activity_sector: '',
      locations: [
        { city: 'Berlin', country: 'Germany' },
        { city: 'Hamburg', country: 'Germany' },
      ],
      job_type: 'full-time',
      contract_type: 'permanent',
    });
    expect(job.experience_preference).toEqual({
      title: 'Senior Java Entwickler',
      activity_sector: '',
      description: 'Mindestens 5 Jahre Berufserfahrung in der Java-Entwicklung',
      duration: 60,
    });
    expect(job.education_preference).toEqual({ degree: 'Bachelor', major: 'Informatik', score: '' });
    expect(job.job_requirements).toEqual([
      'Abgeschlossenes Studium der Informatik oder vergleichbare Qualifikation',
      'Mindestens 5 Jahre Berufserfahrung in der Java-Entwicklung',
      'Sehr gute Deutsch- und Englischkenntnisse',
      'Erfahrung mit Kubernetes',
    ]);
    expect(job.source_language).toBe('de');
    // Java is in the responsibilities and the requirements: required; Kubernetes only under "Wünschenswert".
    expect(job.hard_skills.map((s) => [s.skill, s.relationship])).toEqual([
      ['java', 'required'],
      ['kubernetes', 'optional'],
    ]);
  });

  it('analyses a French job', async () => {
    const job = jobContent.parse(await analyzer.analyzeJob(FRENCH_JOB));
    expect(job.information).toMatchObject({
      title: 'Développeur Full Stack',
      company: 'Exemple SAS',
      locations: [{ city: 'Lyon', country: 'France' }],
      job_type: 'full-time',
      contract_type: 'permanent',
    });
    expect(job.experience_preference).toMatchObject({
      description: "3 à 5 ans d'expérience en développement web",
      duration: 36,
    });
    expect(job.education_preference).toEqual({ degree: 'Master', major: 'informatique', score: '' });
    expect(job.job_requirements).toHaveLength(4);
    expect(job.hard_skills.map((s) => [s.skill, s.relationship])).toEqual([
      ['python', 'required'],
      ['docker', 'optional'],
    ]);
  });

  it('reads "Title at Company", "Company is hiring", several locations and contract words', async () => {
    const a = await analyzer.analyzeJob(
      'Data Engineer at Acme Corp\nLocation: London, United Kingdom; Remote\nContract role, part-time\n\nRequirements\n- 2+ years of experience with SQL',
    );
    expect(a.information).toMatchObject({
      title: 'Data Engineer',
      company: 'Acme Corp',
      job_type: 'part-time',
      contract_type: 'contract',
    });
    expect(a.information.locations).toEqual([
      { city: 'London', country: 'United Kingdom' },
      { city: 'Remote', country: '' },
    ]);
    expect(a.experience_preference.duration).toBe(24);
    const b = await analyzer.analyzeJob(
      'Globex is hiring!\nSummer Intern, Marketing\nLocations: Paris, France | Madrid, Spain\n\nQualifications\nCurrently enrolled in a Bachelor’s degree in Marketing or related field.',
    );
    expect(b.information).toMatchObject({
      title: 'Summer Intern, Marketing',
      company: 'Globex',
      contract_type: 'internship',
    });
    expect(b.information.locations.map((l) => l.city)).toEqual(['Paris', 'Madrid']);
    expect(b.education_preference).toEqual({ degree: 'Bachelor', major: 'Marketing', score: '' });
  });

  it.each([
    [
      'es',
      'María García López\nCalle Mayor 5, 28013 Madrid, España\nTeléfono: 612 345 678 · maria.garcia@correo.es\n\nExperiencia profesional\nDesarrolladora Backend en Ejemplo S.L.\nenero de 2019 - actualidad\nDesarrollo de APIs con Java y Spring para el sector financiero.\n\nFormación académica\nGrado en Ingeniería Informática, Universidad Politécnica de Madrid\n2011 - 2015',
      {
        phone: '+34612345678',
        city: 'Madrid',
        country: 'Spain',
        title: 'Desarrolladora Backend',
        start: '2019-01',
        degree: 'Grado',
        major: 'Ingeniería Informática',
        school: 'Universidad Politécnica de Madrid',
      },
    ],
    [
      'it',
      'Luca Bianchi\nVia Roma 10, 20121 Milano, Italia\nCellulare: 347 123 4567 - luca.bianchi@esempio.it\n\nEsperienze lavorative\n09/2018 – oggi\nSviluppatore software presso Esempio S.p.A., Milano\nSviluppo di applicazioni web con Python e Django.\n\nIstruzione e formazione\nLaurea magistrale in Informatica, Università degli Studi di Milano, 110/110 e lode\n2016 – 2018',
      {
        phone: '+393471234567',
        city: 'Milano',
        country: 'Italy',
        title: 'Sviluppatore software',
        start: '2018-09',
        degree: 'Laurea magistrale',
        major: 'Informatica',
        school: 'Università degli Studi di Milano',
      },
    ],
    [
      'nl',
      'Jan de Vries\nKerkstraat 1, 1017 GA Amsterdam, Nederland\nTelefoon: 06 12345678 | jan.devries@voorbeeld.nl\n\nWerkervaring\nSoftware ontwikkelaar bij Voorbeeld B.V.\njan 2020 - heden\nOntwikkeling van webapplicaties met Java voor de klanten van het bedrijf.\n\nOpleiding\nHBO Informatica, Hogeschool van Amsterdam\n2015 - 2019',
      {
        phone: '+31612345678',
        city: 'Amsterdam',
        country: 'Netherlands',
        title: 'Software ontwikkelaar',
        start: '2020-01',
        degree: 'HBO',
        major: 'Informatica',
        school: 'Hogeschool van Amsterdam',
      },
    ],
  ])('analyses a CV in %s', async (language, text, want) => {
    const cv = cvContent.parse(await analyzer.analyzeCv(text));
    expect(cv.source_language).toBe(language);
    expect(cv.information.phone).toEqual([want.phone]);
    expect(cv.information.address).toEqual({ city: want.city, country: want.country });
    expect(cv.experience.map((e) => [e.title, e.start_date, e.end_date])).toEqual([
      [want.title, want.start, '2025-06'],
    ]);
    expect(cv.education.map((e) => [e.degree, e.major, e.institution_name])).toEqual([
      [want.degree, want.major, want.school],
    ]);
  });

  it.each([
    [
      'pt',
      'Engenheiro de Software Sênior\nEmpresa: Exemplo Ltda.\nLocal: São Paulo, Brasil\nTipo de contrato: CLT, tempo integral\n\nResponsabilidades\n- Desenvolver serviços em Java\n\nRequisitos\n- Bacharelado em Ciência da Computação ou áreas relacionadas\n- Pelo menos 5 anos de experiência com desenvolvimento backend\n\nDiferenciais\n- Experiência com Kubernetes',
      {
        title: 'Engenheiro de Software Sênior',
        company: 'Exemplo Ltda.',
        city: 'São Paulo',
        country: 'Brazil',
        months: 60,
        major: 'Ciência da Computação',
      },
    ],
    [
      'es',
      'Oferta de empleo: Analista de Datos\nEmpresa: Datos Ejemplo S.A.\nUbicación: Barcelona, España\nJornada: Tiempo completo\nTipo de contrato: Indefinido\n\nFunciones\n- Análisis de datos con SQL y Python\n\nRequisitos\n- Licenciatura o Grado en Estadística, Matemáticas o afines\n- Experiencia mínima de 3 años en puestos similares\n\nSe valorará\n- Conocimientos de Kubernetes',
      {
        title: 'Analista de Datos',
        company: 'Datos Ejemplo S.A.',
        city: 'Barcelona',
        country: 'Spain',
        months: 36,
        major: 'Estadística, Matemáticas',
      },
    ],
  ])('analyses a job in %s', async (language, text, want) => {
    const job = jobContent.parse(await analyzer.analyzeJob(text));
    expect(job.source_language).toBe(language);
    expect(job.information).toMatchObject({
      title: want.title,
      company: want.company,
      locations: [{ city: want.city, country: want.country }],
      job_type: 'full-time',
      contract_type: 'permanent',
    });
    expect(job.experience_preference.duration).toBe(want.months);
    expect(job.education_preference).toEqual({ degree: 'Bachelor', major: want.major, score: '' });
    expect(job.hard_skills.find((s) => s.skill === 'kubernetes')?.relationship).toBe('optional');
    expect(job.job_requirements).toHaveLength(3);
  });

  it('reads a job pasted from a job board: place in the company line, "What you\'ll bring", "Nice to have"', async () => {
    const job = await analyzer.analyzeJob(
      [
        'Senior Data Scientist',
        'Acme Analytics · Berlin, Germany (Hybrid)',
        'Full-time',
        '',
        'About the job',
        'Acme Analytics is looking for a Senior Data Scientist to join our growing team in Berlin.',
        '',
        "What you'll do",
        '- Build and ship models that forecast demand',
        '',
        "What you'll bring",
        '- 5+ years of experience in machine learning',
        '- MSc or PhD in Computer Science, Statistics or a related field',
        '- Python and SQL',
        '',
        'Nice to have',
        '- Experience with Docker',
      ].join('\n'),
    );
    expect(job.information).toMatchObject({
      title: 'Senior Data Scientist',
      company: 'Acme Analytics',
      description: 'Acme Analytics is looking for a Senior Data Scientist to join our growing team in Berlin.',
      locations: [{ city: 'Berlin', country: 'Germany' }],
      job_type: 'full-time',
    });
    expect(job.experience_preference).toMatchObject({
      description: '5+ years of experience in machine learning',
      duration: 60,
    });
    // "MSc or PhD": a master's is enough, so the level asked for is Master.
    expect(job.education_preference).toEqual({ degree: 'Master', major: 'Computer Science, Statistics', score: '' });
    expect(job.job_requirements).toHaveLength(4);
    expect(job.hard_skills.map((s) => [s.skill, s.relationship])).toEqual([
      ['python', 'required'],
      ['docker', 'optional'],
    ]);
  });

  it('reads a job written as plain paragraphs', async () => {
    const job = await analyzer.analyzeJob(
      'We are looking for a Customer Support Agent to join our team in Lisbon. You will answer customer questions by phone and e-mail.\n' +
        'The ideal candidate has at least 2 years of experience in customer service and fluent English and Portuguese.\n' +
        "A high school diploma is required; a bachelor's degree is a plus. This is a full-time, permanent position.",
    );
    expect(job.information).toMatchObject({
      title: 'Customer Support Agent',
      company: '',
      job_type: 'full-time',
      contract_type: 'permanent',
    });
    expect(job.information.description).toMatch(/^We are looking for a Customer Support Agent/);
    expect(job.experience_preference.duration).toBe(24);
    expect(job.job_requirements).toHaveLength(2);
  });

  it('takes the linker language, hints and ids as given, de-duplicates by id and drops invalid ids', async () => {
    const extra: LinkedSkill[] = [
      { id: IDS.docker, name: 'docker', type: 'hard-skill', evidence: 'Docker', confidence: 0.5, hint: 'optional' },
      { id: 'not-a-uuid', name: 'broken', type: 'hard-skill', evidence: 'x', confidence: 1, hint: undefined },
    ];
    const linker = fakeLinker({ language: 'en-GB', extra });
    const cv = await createRulesAnalyzer(linker, { now: () => NOW }).analyzeCv(
      'Jane Doe\nSkills\nDocker, Java\nJava again',
    );
    expect(linker.calls).toEqual(['cv:en']);
    expect(cv.source_language).toBe('en');
    expect(cv.hard_skills.map((s) => [s.skill, s.relationship])).toEqual([
      ['docker', 'satisfies'],
      ['java', 'satisfies'],
    ]);
    const job = await createRulesAnalyzer(fakeLinker({ hint: 'optional' })).analyzeJob(
      'Developer\nRequirements\n- Java',
    );
    expect(job.hard_skills.map((s) => s.relationship)).toEqual(['optional']);
  });

  it('returns complete, valid records for empty and unstructured text', async () => {
    for (const text of ['', '   \n\n', 'lorem ipsum dolor sit amet', '2015-2019 2020 +1 555 0100']) {
      const cv = cvContent.parse(await analyzer.analyzeCv(text));
      expect(cv.information.first_name).toBe('');
      const job = jobContent.parse(await analyzer.analyzeJob(text));
      expect(job.experience_preference.duration).toBe(0);
    }
  });
});
