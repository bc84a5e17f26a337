// Layout rules of the rules-13 layouts round (sections and headings), each on a CV written for the test (fake
// people, firms and schools) in one of the layouts a red-team pass found misread.
import { describe, expect, it } from 'vitest';
import { parseCv } from '../src/cv-analyzer.js';
import { cvSections } from '../src/sections.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const lines = (...xs: string[]) => xs.join('\n');
const kinds = (text: string) => cvSections(toLines(text)).map((s) => s.kind);
const section = (text: string, kind: string) =>
  cvSections(toLines(text))
    .filter((s) => s.kind === kind)
    .flatMap((s) => s.lines.map((l) => l.text));

describe('headings inside a one-line export', () => {
  it('cuts a shouted heading out of the line it runs into', () => {
    const cv =
      'Tamsin Oakridge tamsin.oakridge@example.com +44 7700 900456 Norwich PROFILE Buyer with nine years in ' +
      'fashion retail. WORK EXPERIENCE Senior Buyer Fernhollow Stores Ltd, Norwich March 2019 - Present Led the ' +
      'womenswear range. Buyer Quayside Apparel, Ipswich June 2014 - February 2019 Ran supplier reviews. EDUCATION ' +
      'BA Fashion Management University of Marshfield 2013 SKILLS Excel, SAP';
    expect(kinds(cv)).toEqual(['header', 'summary', 'experience', 'education', 'skills']);
    expect(section(cv, 'education')[0]).toMatch(/^BA Fashion Management/);
  });

  it("reads the export's posts and degrees one by one", () => {
    const cv =
      'Tamsin Oakridge tamsin.oakridge@example.com Norwich PROFILE Buyer with nine years in fashion retail. WORK ' +
      'EXPERIENCE Senior Buyer, Fernhollow Stores Ltd March 2019 - Present Led the womenswear range. Buyer, ' +
      'Quayside Apparel June 2014 - February 2019 Ran supplier reviews. EDUCATION MA Fashion Buying University ' +
      'of Marshfield 2014 BA Textile Design University of Corley 2012 SKILLS Excel, SAP';
    expect(section(cv, 'experience')).toEqual([
      'Senior Buyer, Fernhollow Stores Ltd',
      'March 2019 - Present',
      'Led the womenswear range.',
      'Buyer, Quayside Apparel',
      'June 2014 - February 2019',
      'Ran supplier reviews.',
    ]);
    const record = parseCv(cv, NOW);
    expect(record.experience.map((p) => [p.title, p.start_date])).toEqual([
      ['Senior Buyer', '2019-03'],
      ['Buyer', '2014-06'],
    ]);
    expect(record.education.map((e) => e.end_date)).toEqual(['2014-01', '2012-01']);
  });

  it('cuts headings in title case when the line holds several (German)', () => {
    const cv =
      'Jonas Feldkamp jonas.feldkamp@example.de 0151 9876543 Bremen Berufserfahrung 04/2017 - heute Vertriebsleiter ' +
      'Nordlicht Maschinenbau GmbH, Bremen Aufbau des Exportgeschäfts 09/2012 - 03/2017 Vertriebsingenieur ' +
      'Weserwerk AG, Oldenburg Betreuung von Großkunden Ausbildung 2008 - 2012 Bachelor of Engineering ' +
      'Maschinenbau Hochschule Geestland Kenntnisse SAP, Englisch';
    expect(kinds(cv)).toEqual(['header', 'experience', 'education', 'skills']);
  });

  it('reads a lone title-case heading only beside others (French)', () => {
    const cv =
      'Mathilde Roux mathilde.roux@example.fr 06 98 76 54 32 Rennes Expérience professionnelle Responsable achats ' +
      'Laiteries Brocéliande SA, Rennes 2016 - 2023 Négociation des contrats fournisseurs Formation Master Achats ' +
      'Université de Vilaine 2015 Compétences SAP, Excel';
    expect(kinds(cv)).toEqual(['header', 'experience', 'education', 'skills']);
  });

  it('leaves a long sentence naming a heading word alone', () => {
    const cv = lines(
      'Idris Calloway',
      'PROFILE',
      'Operations lead who spent the last decade building warehouse teams, in charge of Education programmes for ' +
        'new staff and of the onboarding of every seasonal worker across the three regional sites we ran in the north',
      'EXPERIENCE',
      'Operations Lead, Brackwater Logistics, 2015 - 2024',
    );
    expect(kinds(cv)).toEqual(['header', 'summary', 'experience']);
  });
});

describe('a singular internship heading', () => {
  const cv = lines(
    'Ruairi Blackwood',
    'ruairi.blackwood@example.com',
    'EDUCATION',
    'BSc Computer Science',
    'University of Tollcross',
    '2022',
    'INTERNSHIP',
    'Software Engineering Intern',
    'Merrowgate Labs, Bristol',
    'June 2021 - August 2021',
    'SKILLS',
    'Java, Git',
  );

  it('opens an experience section after the education (the internship was read as a school)', () => {
    expect(kinds(cv)).toEqual(['header', 'education', 'experience', 'skills']);
    const posts = parseCv(cv, NOW).experience;
    expect(posts.map((p) => [p.title, p.start_date, p.end_date])).toEqual([
      ['Software Engineering Intern', '2021-06', '2021-08'],
    ]);
  });

  it('does so in French ("STAGE")', () => {
    const fr = lines(
      'Maëlle Guérin',
      'FORMATION',
      'Licence Informatique',
      'Université de Portbrune',
      '2023',
      'STAGE',
      'Développeuse web stagiaire',
      'Agence Lumiplume, Bordeaux',
      'Avril 2023 - Juin 2023',
    );
    expect(kinds(fr)).toEqual(['header', 'education', 'experience']);
  });

  it('reads the Spanish plural "Pasantías" as the section\'s heading too', () => {
    const es = lines(
      'Valentina Ibarra',
      'FORMACIÓN',
      'Licenciatura en Economía, Universidad de Altamira, 2020',
      'Pasantías',
      'Analista pasante, Banco Cordillera, 2019',
    );
    expect(kinds(es)).toEqual(['header', 'education', 'experience']);
  });

  it('stays an entry title inside an experience section', () => {
    const dated = lines(
      'Ruairi Blackwood',
      'EXPERIENCE',
      'Junior Developer, Merrowgate Labs',
      '2022 - 2024',
      'INTERNSHIP',
      'Corvane Analytics, Bath',
      '2021',
    );
    expect(kinds(dated)).toEqual(['header', 'experience']);
  });
});

describe('a Belgian "ENSEIGNEMENT" (education) section', () => {
  const cv = lines(
    'Arnaud Vanderstraeten',
    'arnaud.vds@example.be',
    'EXPÉRIENCE PROFESSIONNELLE',
    'Comptable',
    'Fiduciaire Hennebert SPRL, Namur',
    '2016 - 2022',
    'ENSEIGNEMENT',
    'Bachelier en comptabilité',
    'Haute École de la Sambre',
    '2012 - 2015',
    'LANGUES',
    'Français, néerlandais',
  );

  it('heads the degrees on a CV without another education section (they were read as a post)', () => {
    expect(kinds(cv)).toEqual(['header', 'experience', 'education', 'languages']);
    const record = parseCv(cv, NOW);
    expect(record.education.map((e) => e.institution_name)).toEqual(['Haute École de la Sambre']);
    expect(record.experience.map((p) => p.title)).toEqual(['Comptable']);
  });

  it("stays with a lecturer's posts when it lists courses", () => {
    const lecturer = lines(
      'Claire Dumoulin',
      'EXPÉRIENCE PROFESSIONNELLE',
      "Maître de conférences, Université d'Orvault, 2014 - 2024",
      'ENSEIGNEMENT',
      'Microéconomie (L2), 40 h par an',
      'FORMATION',
      'Doctorat en économie, Université de Valbrune, 2013',
    );
    expect(kinds(lecturer)).toEqual(['header', 'experience', 'education']);
    expect(section(lecturer, 'experience')).toContain('Microéconomie (L2), 40 h par an');
  });
});

describe('headings set with a glyph before them', () => {
  it('reads a shouted heading after a bullet glyph as a heading (Italian)', () => {
    const cv = lines(
      'Tommaso Ricciardi',
      'tommaso.ricciardi@example.it',
      '■ ESPERIENZE LAVORATIVE',
      'Ingegnere software',
      'Datavela S.r.l., Milano',
      '2019 - 2024',
      '■ ISTRUZIONE',
      'Laurea Magistrale in Informatica',
      'Politecnico di Montalto',
      '2018',
    );
    expect(kinds(cv)).toEqual(['header', 'experience', 'education']);
    expect(parseCv(cv, NOW).education.map((e) => e.institution_name)).toEqual(['Politecnico di Montalto']);
  });

  it('keeps a bulleted line in mixed case a list item', () => {
    expect(kinds(lines('Ana Beltrão', 'SKILLS', '• Education', '• Training'))).toEqual(['header', 'skills']);
  });
});

describe("an entry's part labels and headings run into posts", () => {
  it('"Responsibilities & Achievements" under a post stays in the experience section', () => {
    const cv = lines(
      'Priya Lathwell',
      'Marketing Experience',
      'Mar 2021',
      'current',
      'Promotions Assistant, Brightmoor Events, Leeds',
      'Responsibilities & Achievements',
      'Ran in-store product tastings',
      'Dec 2019',
      'Feb 2021',
      'Marketing Assistant, Harbour Lane Charity, York',
      'Responsibilities & Achievements',
      'Wrote the newsletter',
      'Skills',
      'Excel',
    );
    expect(kinds(cv)).toEqual(['header', 'experience', 'skills']);
    expect(section(cv, 'experience')).toContain('Marketing Assistant, Harbour Lane Charity, York');
  });

  it('"Experience" run into its first post after the skills opens the experience section', () => {
    const cv = lines(
      'Dmitri Hallworth',
      'Skills',
      'Programming: C#, TypeScript',
      'Experience Kestrel Interactive Media January 2018',
      'Present',
      'Senior Web Developer, Burbank, CA',
      'Built the storefront.',
    );
    expect(kinds(cv)).toEqual(['header', 'skills', 'experience']);
    expect(section(cv, 'experience')[0]).toBe('Kestrel Interactive Media January 2018');
  });

  it('"Career Overview" over dated posts is the experience section', () => {
    const cv = lines(
      'Lorna Pettigrew',
      'CAREER OVERVIEW',
      'ASSOCIATE PRINCIPAL (8/15 to Present) Greyloch Partners, Austin, TX',
      'Led the outsourcing practice.',
      'ENGAGEMENT MANAGER (3/10 - 7/15) Tallis Consulting, Dallas, TX',
      'Ran client projects.',
    );
    expect(kinds(cv)).toEqual(['header', 'experience']);
  });

  it('a profile that opens with a sentence stays a summary', () => {
    const cv = lines('Lorna Pettigrew', 'CAREER OVERVIEW', 'Consultant since 2010 in retail and banking.');
    expect(kinds(cv)).toEqual(['header', 'summary']);
  });
});

describe('two columns printed side by side', () => {
  const row = (left: string, right = '') => (right ? `${left.padEnd(50)}${right}` : left);

  it("reads the main column's posts whole, then the side column", () => {
    const cv = lines(
      row('Oksana Verhoeven', 'CONTACT'),
      row('EXPERIENCE', 'oksana.v@example.com'),
      row('Data Engineer', 'SKILLS'),
      row('Tollbridge Analytics, Manchester', 'Spark, Airflow'),
      row('Jan 2020 - Present', 'LANGUAGES'),
      row('Built ingestion pipelines.', 'English, Dutch'),
      'EDUCATION',
      'MSc Data Science',
      'University of Kelmsford',
      '2019',
    );
    expect(section(cv, 'experience')).toEqual([
      'Data Engineer',
      'Tollbridge Analytics, Manchester',
      'Jan 2020 - Present',
      'Built ingestion pipelines.',
    ]);
    expect(section(cv, 'skills')).toEqual(['Spark, Airflow']);
    const posts = parseCv(cv, NOW).experience;
    expect(posts.map((p) => [p.title, p.start_date])).toEqual([['Data Engineer', '2020-01']]);
  });

  it('leaves rows of dates and posts in a table as they are', () => {
    const cv = lines(
      'Henrik Saltvik',
      'EXPERIENCE',
      row('2019 - 2024', 'SENIOR ENGINEER'),
      row('Brevik Offshore AS, Bergen', ''),
      row('2014 - 2019', 'ENGINEER'),
      row('2012 - 2014', 'TRAINEE'),
      'SKILLS',
      'Ansys, MATLAB',
    );
    expect(section(cv, 'experience')[0]).toBe('2019 - 2024');
    expect(section(cv, 'experience')[1]).toBe('SENIOR ENGINEER');
  });
});

describe('a term abroad', () => {
  it('"Study Abroad Experience" heads study, not posts', () => {
    const cv = lines(
      'Maren Holloway',
      'EDUCATION',
      'BA History, University of Castleford, 2012',
      'Study Abroad Experience',
      'University of Ravensmoor, Leiden',
      'January to June 2011',
      'WORK EXPERIENCE',
      'Archive Assistant, Pellham Museum, 2012 - 2015',
    );
    expect(kinds(cv)).toEqual(['header', 'education', 'education', 'experience']);
    expect(parseCv(cv, NOW).experience.map((p) => p.start_date)).toEqual(['2012-01']);
  });

  it('so does "Auslandssemester" (German)', () => {
    expect(kinds(lines('Lena Brückner', 'Auslandssemester', 'Universität Nordhafen, 2014'))).toEqual([
      'header',
      'education',
    ]);
  });
});
