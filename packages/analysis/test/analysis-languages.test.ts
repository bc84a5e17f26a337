/**
 * The rules analyzer on one CV and one job posting per supported language (fixtures/languages: our own text, fake
 * people and companies), every record field checked; then the rules added for them, each on a sentence of its own.
 */
import { readFileSync } from 'node:fs';
import { cvContent, jobContent } from '@talent/records';
import { describe, expect, it } from 'vitest';
import { createRulesAnalyzer, type SkillLinker } from '../src/index.js';
import { postcodePlace } from '../src/contacts.js';
import { degreePhrase, findDegrees, majorAfter } from '../src/degrees.js';
import { parseEducation } from '../src/education.js';
import { cleanTitle, parseExperience } from '../src/experience.js';
import { splitTitleAndCompany, parseJob } from '../src/job-analyzer.js';
import { withTwoSurnames } from '../src/names.js';
import { jobSections } from '../src/sections.js';
import { toLines, unspaceCapitals } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const fixture = (name: string) => readFileSync(new URL(`./fixtures/languages/${name}`, import.meta.url), 'utf8');

/** Records the language the analyzer asks the linker to link in; links nothing. */
function recordingLinker(): SkillLinker & { languages: string[] } {
  const languages: string[] = [];
  return {
    languages,
    async link(_text, language) {
      languages.push(language);
      return { skills: [], language };
    },
  };
}

interface CvWant {
  name: [string, string];
  email: string;
  phone: string;
  place: [string, string];
  /** Months count both the first and the last month (March 2019 – June 2025 = 76). */
  experience: Array<[title: string, employerLine: string, start: string, end: string, months: number]>;
  education: Array<[degree: string, major: string, school: string, start: string, end: string]>;
  skills: string;
}

const CVS: Array<[string, CvWant]> = [
  [
    'en',
    {
      name: ['Olivia', 'Hartley'],
      email: 'olivia.hartley@example.co.uk',
      phone: '+447911123456',
      place: ['Manchester', 'United Kingdom'],
      experience: [
        ['Senior Data Engineer', 'Northwind Retail Ltd, Manchester', '2019-03', '2025-06', 76],
        ['Data Engineer', 'Brightwater Energy plc, Leeds', '2015-09', '2019-02', 42],
      ],
      education: [['BSc', 'Computer Science', 'University of Leeds', '2011-01', '2015-01']],
      skills: 'Python, SQL, Apache Spark, PostgreSQL, Airflow',
    },
  ],
  [
    'de',
    {
      name: ['Jonas', 'Weidemann'],
      email: 'jonas.weidemann@beispiel.de',
      phone: '+491701234567',
      place: ['München', 'Germany'],
      experience: [
        ['Senior Softwareentwickler', 'Alpenblick Software GmbH, München', '2019-03', '2025-06', 76],
        ['Softwareentwickler', 'Nordlicht IT AG, Hamburg', '2015-10', '2019-02', 41],
      ],
      education: [['Bachelor of Science', 'Informatik', 'Technische Universität München', '2011-10', '2015-09']],
      skills: 'Java, Spring Boot, SQL, Docker, Git',
    },
  ],
  [
    'fr',
    {
      name: ['Camille', 'Rousseau'],
      email: 'camille.rousseau@exemple.fr',
      phone: '+33612345678',
      place: ['Lyon', 'France'],
      experience: [
        ['Responsable marketing digital', 'Maison Lavande SAS, Lyon', '2020-01', '2025-06', 65],
        ['Chargée de communication', 'Groupe Horizon SA, Paris', '2016-09', '2019-12', 40],
      ],
      education: [
        ['Master', 'Marketing et Communication', 'Université Lumière Lyon 2', '2014-01', '2016-01'],
        ['Licence', 'Économie', 'Université Paris Nanterre', '2011-01', '2014-01'],
      ],
      skills: 'Google Analytics, référencement naturel, gestion de projet, communication',
    },
  ],
  [
    'es',
    {
      name: ['Lucía', 'Fernández Ortega'],
      email: 'lucia.fernandez@ejemplo.es',
      phone: '+34612345678',
      place: ['Madrid', 'Spain'],
      experience: [
        ['Ingeniera de software sénior', 'Soluciones Iberia S.L., Madrid', '2018-01', '2025-06', 89],
        ['Desarrolladora web', 'Tecnologías del Sur S.A., Sevilla', '2015-01', '2017-12', 36],
      ],
      education: [['Grado', 'Ingeniería Informática', 'Universidad de Sevilla', '2010-01', '2014-01']],
      skills: 'JavaScript, TypeScript, Node.js, MySQL, trabajo en equipo',
    },
  ],
  [
    'it',
    {
      name: ['Marco', 'Bianchi'],
      email: 'marco.bianchi@esempio.it',
      phone: '+393471234567',
      place: ['Milano', 'Italy'],
      experience: [
        ['Responsabile amministrativo', 'Ferretti Logistica S.r.l., Milano', '2018-04', '2025-06', 87],
        ['Contabile', 'Studio Rinaldi S.p.A., Bergamo', '2014-01', '2018-03', 51],
      ],
      education: [
        ['Laurea magistrale', 'Economia e Commercio', 'Università degli Studi di Milano', '2011-01', '2013-01'],
      ],
      skills: 'Contabilità, Excel, SAP, analisi di bilancio',
    },
  ],
  [
    'nl',
    {
      name: ['Sanne', 'de Vries'],
      email: 'sanne.devries@voorbeeld.nl',
      phone: '+31612345678',
      place: ['Amsterdam', 'Netherlands'],
      experience: [
        ['Senior verpleegkundige', 'Ziekenhuis Amstelland, Amstelveen', '2019-05', '2025-06', 74],
        ['Verpleegkundige', 'Zorggroep Noord B.V., Haarlem', '2014-08', '2019-04', 57],
      ],
      education: [['Bachelor', 'Verpleegkunde', 'Hogeschool van Amsterdam', '2010-01', '2014-01']],
      skills: 'Patiëntenzorg, wondzorg, communicatie, Microsoft Excel',
    },
  ],
  [
    'pt',
    {
      name: ['João', 'Pereira Santos'],
      email: 'joao.santos@exemplo.pt',
      phone: '+351912345678',
      place: ['Lisboa', 'Portugal'],
      experience: [
        ['Analista de dados sénior', 'Atlântico Seguros S.A., Lisboa', '2020-03', '2025-06', 64],
        ['Analista de dados', 'Banco Horizonte, Porto', '2016-02', '2020-02', 49],
      ],
      education: [['Licenciatura', 'Estatística', 'Universidade do Porto', '2012-01', '2015-01']],
      skills: 'Python, SQL, Power BI, estatística',
    },
  ],
];

describe('a CV in each of the seven languages', () => {
  it.each(CVS)('reads every field of the %s CV', async (language, want) => {
    const linker = recordingLinker();
    const cv = cvContent.parse(
      await createRulesAnalyzer(linker, { now: () => NOW }).analyzeCv(fixture(`cv-${language}.txt`)),
    );
    expect(cv.source_language).toBe(language);
    expect(linker.languages).toEqual([language]);
    expect([cv.information.first_name, cv.information.last_name]).toEqual(want.name);
    expect(cv.information.email).toEqual([want.email]);
    expect(cv.information.phone).toEqual([want.phone]);
    expect([cv.information.address.city, cv.information.address.country]).toEqual(want.place);
    expect(
      cv.experience.map((e) => [e.title, e.description.split('\n')[0], e.start_date, e.end_date, e.duration]),
    ).toEqual(want.experience);
    expect(cv.education.map((e) => [e.degree, e.major, e.institution_name, e.start_date, e.end_date])).toEqual(
      want.education,
    );
    expect(cv.skill_descriptions[0]).toBe(want.skills);
  });
});

interface JobWant {
  title: string;
  company: string;
  place: [string, string];
  months: number;
  degree: [string, string];
  requirements: number;
  preferred: string;
}

const JOBS: Array<[string, JobWant]> = [
  [
    'en',
    {
      title: 'Backend Engineer',
      company: 'Lumen Payments',
      place: ['Dublin', 'Ireland'],
      months: 36,
      degree: ['Bachelor', 'Computer Science'],
      requirements: 4,
      preferred: 'Experience with Kubernetes',
    },
  ],
  [
    'de',
    {
      title: 'Buchhalter',
      company: 'Sonnental Bau GmbH',
      place: ['Stuttgart', 'Germany'],
      months: 36,
      degree: ['Bachelor', 'Betriebswirtschaftslehre'],
      requirements: 4,
      preferred: 'Erfahrung mit DATEV',
    },
  ],
  [
    'fr',
    {
      title: 'Chef de projet informatique',
      company: 'Banque Rhodanienne',
      place: ['Lyon', 'France'],
      months: 60,
      degree: ['Master', 'informatique'],
      requirements: 4,
      preferred: 'Connaissance du secteur bancaire',
    },
  ],
  [
    'es',
    {
      title: 'Enfermera de quirófano',
      company: 'Clínica Mediterránea',
      place: ['Valencia', 'Spain'],
      months: 24,
      degree: ['Bachelor', 'Enfermería'],
      requirements: 4,
      preferred: 'Inglés de nivel intermedio',
    },
  ],
  [
    'it',
    {
      title: 'Sviluppatore Java',
      company: 'Dolomiti Software S.r.l.',
      place: ['Torino', 'Italy'],
      months: 48,
      degree: ['Bachelor', 'Informatica o Ingegneria Informatica'],
      requirements: 4,
      preferred: 'Esperienza con Docker',
    },
  ],
  [
    'nl',
    {
      title: 'Logistiek planner',
      company: 'Van Dijk Transport B.V.',
      place: ['Utrecht', 'Netherlands'],
      months: 36,
      degree: ['Bachelor', 'Logistiek'],
      requirements: 4,
      preferred: 'Ervaring met planningssoftware',
    },
  ],
  [
    'pt',
    {
      title: 'Analista financeiro',
      company: 'Grupo Tejo',
      place: ['Lisboa', 'Portugal'],
      months: 36,
      degree: ['Bachelor', 'Economia ou Gestão'],
      requirements: 4,
      preferred: 'Experiência com SAP',
    },
  ],
];

describe('Unicode forms', () => {
  it('gives the same record for composed and decomposed accents', async () => {
    const analyzer = createRulesAnalyzer(recordingLinker(), { now: () => NOW });
    const text = fixture('cv-fr.txt');
    expect(await analyzer.analyzeCv(text.normalize('NFD'))).toEqual(await analyzer.analyzeCv(text.normalize('NFC')));
  });
});

describe('a job posting in each of the seven languages', () => {
  it.each(JOBS)('reads every field of the %s job', async (language, want) => {
    const linker = recordingLinker();
    const text = fixture(`job-${language}.txt`);
    const job = jobContent.parse(await createRulesAnalyzer(linker, { now: () => NOW }).analyzeJob(text));
    expect(job.source_language).toBe(language);
    expect(linker.languages).toEqual([language]);
    expect(job.information).toMatchObject({
      title: want.title,
      company: want.company,
      locations: [{ city: want.place[0], country: want.place[1] }],
      job_type: 'full-time',
      contract_type: 'permanent',
    });
    expect(job.information.description).not.toBe('');
    expect(job.experience_preference.duration).toBe(want.months);
    expect(job.experience_preference.title).toBe(want.title);
    expect([job.education_preference.degree, job.education_preference.major]).toEqual(want.degree);
    expect(job.job_requirements).toHaveLength(want.requirements);
    expect(parseJob(text).preferred).toEqual([want.preferred]);
  });
});

describe('rules for headings, titles, degrees, places, names and dates', () => {
  it('reads Markdown headings and bold headings as headings, not bullets', () => {
    const text = '## What you will do\n- Plan the spring catalogue\n\n**Nice to have:**\n- Experience with InDesign';
    const sections = jobSections(toLines(text)).filter((s) => s.lines.length > 0);
    expect(sections.map((s) => [s.kind, s.lines.map((l) => l.text)])).toEqual([
      ['responsibilities', ['Plan the spring catalogue']],
      ['preferred', ['Experience with InDesign']],
    ]);
  });

  it('rejoins letter-spaced and split small-caps headings from PDFs, and leaves other capitals alone', () => {
    expect(unspaceCapitals('E D U C AT IO N')).toBe('EDUCATION');
    expect(unspaceCapitals('W O R K  E X P E R I E N C E')).toBe('WORK EXPERIENCE');
    expect(unspaceCapitals('S ENIOR P ROJECT M ANAGER')).toBe('SENIOR PROJECT MANAGER');
    expect(unspaceCapitals('HR IT PR QA')).toBe('HR IT PR QA');
    expect(unspaceCapitals('I AM A TEAM PLAYER')).toBe('I AM A TEAM PLAYER');
    expect(unspaceCapitals('Java, C, C++')).toBe('Java, C, C++');
    expect(toLines('P ROFESSIONAL E XPERIENCE\nC ONSTRUCTION M ANAGER').map((l) => l.text)).toEqual([
      'PROFESSIONAL EXPERIENCE',
      'CONSTRUCTION MANAGER',
    ]);
  });

  it('knows "Required skills and experience" and "It would be great if you have" as posting headings', () => {
    const text =
      'Required skills and experience\n- Two years in a warehouse\n\nIt would be great if you have\n- A forklift licence';
    expect(
      jobSections(toLines(text))
        .filter((s) => s.lines.length > 0)
        .map((s) => s.kind),
    ).toEqual(['requirements', 'preferred']);
  });

  it('splits "role – employer" in either order, and only when one side names a role', () => {
    expect(splitTitleAndCompany('Warehouse Supervisor – Polder Logistics')).toEqual({
      title: 'Warehouse Supervisor',
      company: 'Polder Logistics',
    });
    expect(splitTitleAndCompany('Polder Logistics | Warehouse Supervisor')).toEqual({
      title: 'Warehouse Supervisor',
      company: 'Polder Logistics',
    });
    expect(splitTitleAndCompany('Program Manager – Data Center Engineer Hiring')).toBeUndefined();
    expect(splitTitleAndCompany('Product Designer')).toBeUndefined();
  });

  it('takes the company from an "About Acme" opening line and the title from the next line', () => {
    const job = parseJob('About Brightleaf Foods\n\nQuality Assurance Technician\nLocation: Cork, Ireland');
    expect([job.information.title, job.information.company]).toEqual([
      'Quality Assurance Technician',
      'Brightleaf Foods',
    ]);
  });

  it('asks for the lowest degree a mandatory line accepts, not the one preferred', () => {
    const job = parseJob(
      'Requirements\n- BA/BS degree in Economics or equivalent practical experience\n\nPreferred qualifications\n- PhD in Economics',
    );
    expect(job.education_preference).toEqual({ degree: 'Bachelor', major: 'Economics', score: '' });
    expect(parseJob('Requirements\n- MSc or PhD in Physics').education_preference.degree).toBe('Master');
  });

  it('reads a field of study written right after the degree, and stops the degree at its kind', () => {
    const major = (line: string) => {
      const mention = findDegrees(line)[0]!;
      const phrase = degreePhrase(line, mention);
      return [phrase.degree, majorAfter(line, phrase.end)];
    };
    expect(major('BSc Mechanical Engineering')).toEqual(['BSc', 'Mechanical Engineering']);
    expect(major('Master of Science Wirtschaftsinformatik')).toEqual(['Master of Science', 'Wirtschaftsinformatik']);
    expect(major('Bachelor of Business Administration')).toEqual(['Bachelor of Business Administration', '']);
    expect(major('Master Droit des Affaires, Université de Bordeaux')).toEqual(['Master', 'Droit des Affaires']);
    expect(major('PhD Candidate')).toEqual(['PhD', '']);
    expect(major('MBA 2019')).toEqual(['MBA', '']);
    expect(major('Licence en chimie ou équivalent')).toEqual(['Licence', 'chimie']);
  });

  it('keeps no duration, season or employer note as a job title', () => {
    expect(cleanTitle('Web Developer (at Orchard Press)')).toBe('Web Developer');
    expect(cleanTitle('Systems Engineer (Contract)')).toBe('Systems Engineer (Contract)');
    expect(cleanTitle('Data Analyst)')).toBe('Data Analyst');
    expect(cleanTitle('Current / 18 months')).toBe('');
    expect(cleanTitle('1 year 6 months')).toBe('');
    expect(cleanTitle('summer')).toBe('');
    expect(cleanTitle('Verkäuferin')).toBe('Verkäuferin');
  });

  it('does not take a thesis title for the school', () => {
    const entries = parseEducation(
      toLines(
        "PhD in History - Thesis: 'Trade Guilds and the Free University of Bruges'\nUniversity of Kent\n2012 – 2016\n\nMaster in Geschichte\nUniversität Wien\nMasterarbeit: Die Universität als Stadt im Mittelalter\n2010 – 2012",
      ),
      NOW,
    );
    expect(entries.map((e) => [e.degree, e.major, e.institution_name, e.start_date])).toEqual([
      ['PhD', 'History', 'University of Kent', '2012-01'],
      ['Master', 'Geschichte', 'Universität Wien', '2010-01'],
    ]);
  });

  it('reads "postcode city" addresses by the postcode form and the document language', () => {
    expect(postcodePlace('50667 Köln', 'de')).toEqual({ city: 'Köln', country: 'Germany' });
    expect(postcodePlace('31000 Toulouse', 'fr')).toEqual({ city: 'Toulouse', country: 'France' });
    expect(postcodePlace('3511 LK Utrecht', 'en')).toEqual({ city: 'Utrecht', country: 'Netherlands' });
    expect(postcodePlace('4000-123 Porto', 'en')).toEqual({ city: 'Porto', country: 'Portugal' });
    // Five digits alone say nothing in English (a US ZIP follows the city).
    expect(postcodePlace('10001 Manhattan', 'en')).toBeUndefined();
  });

  it('gives Spanish and Portuguese names their two family names', () => {
    expect(withTwoSurnames({ first: 'Carmen Ruiz', last: 'Delgado' }, 'es')).toEqual({
      first: 'Carmen',
      last: 'Ruiz Delgado',
    });
    expect(withTwoSurnames({ first: 'Ana Beatriz', last: 'Costa' }, 'pt')).toEqual({
      first: 'Ana',
      last: 'Beatriz Costa',
    });
    expect(withTwoSurnames({ first: 'Mary Ann', last: 'Baker' }, 'en')).toEqual({ first: 'Mary Ann', last: 'Baker' });
    expect(withTwoSurnames({ first: 'Pedro', last: 'Alves' }, 'pt')).toEqual({ first: 'Pedro', last: 'Alves' });
  });

  it.each([
    ['it', 'Da settembre 2017 a oggi', '2017-09'],
    ['de', 'Ab April 2021', '2021-04'],
    ['fr', 'Depuis mars 2022', '2022-03'],
    ['es', 'Desde junio de 2020', '2020-06'],
    ['pt', 'A partir de maio de 2019', '2019-05'],
  ])('leaves no "since" word of %s in the entry when the dates read "%s"', (_language, dates, start) => {
    const [entry] = parseExperience(
      toLines(`Office Manager\nKestrel Holdings Ltd\n${dates}\n- Ran the front office`),
      NOW,
    );
    expect(entry).toMatchObject({ title: 'Office Manager', start_date: start, end_date: '2025-06' });
    expect(entry!.description.split('\n')).toEqual(['Kestrel Holdings Ltd', 'Ran the front office']);
  });
});
