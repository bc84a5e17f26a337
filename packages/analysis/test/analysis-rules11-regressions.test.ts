// Red-team regressions of the rules-11 changes, on CVs and lines written for the test (fake people, schools, firms).
import { describe, expect, it } from 'vitest';
import { parseCv } from '../src/cv-analyzer.js';
import { findDateSpans } from '../src/dates.js';

const NOW = new Date('2025-03-01T00:00:00Z');
const years = (line: string) =>
  findDateSpans(line, NOW).map((s) => [s.start?.year ?? null, s.end?.year ?? null, s.ongoing]);
const schools = (cv: string) =>
  parseCv(cv, NOW).education.map((e) => [e.degree, e.institution_name, e.start_date, e.end_date]);

describe('academic years at both ends of a range', () => {
  it('reads a range whose end repeats the term or year label', () => {
    expect(years('Curso 2009/2010 – Curso 2013/2014   Grado en Enfermería')).toEqual([[2009, 2014, false]]);
    expect(years('WS 2008/09 – SS 2014   Studium Maschinenbau')).toEqual([[2008, 2014, false]]);
    expect(years('a.a. 2012/13 – a.a. 2014/15')).toEqual([[2012, 2015, false]]);
  });

  it("reads Europass's arrow between the ends of a range", () => {
    expect(years("01/09/2017 → aujourd'hui")).toEqual([[2017, 2025, true]]);
    expect(years('01/09/2014 → 30/06/2016')).toEqual([[2014, 2016, false]]);
    expect(years('2015 -> 2018')).toEqual([[2015, 2018, false]]);
  });

  it('reads an academic year at the end of a sentence', () => {
    expect(years('Bachelorstudium an der Hochschule Kiel 2010/11 bis 2013/14.')).toEqual([[2010, 2014, false]]);
    expect(years('Worked there 1987-92.')).toEqual([[1987, 1992, false]]);
  });

  it('gives a Lebenslauf entry both ends', () => {
    const cv = [
      'Katrin Mollwitz',
      'katrin.mollwitz@post.test',
      '',
      'Ausbildung',
      'WS 2008/09 – SS 2014   Studium Maschinenbau, Universität Falkenau',
      '                       Abschluss: Diplom-Ingenieur (Dipl.-Ing.)',
    ].join('\n');
    expect(schools(cv)).toEqual([['Diplom-Ingenieur', 'Universität Falkenau', '2008-01', '2014-01']]);
  });
});

describe('degrees a profile states in sentences (no education heading)', () => {
  it('ends the school where the sentence goes on, and keeps two wrapped degrees apart', () => {
    const cv = [
      'Morgan Ashworth',
      'Senior Data Engineer',
      'morgan.ashworth@mail.test',
      '',
      'PROFILE',
      'Data engineer with nine years building pipelines. Holds an MSc in Data Science from the University of Tarnley and',
      'a BSc in Mathematics, Hollowmere University, 2011.',
      '',
      'EXPERIENCE',
      'Data Engineer',
      'Pellmore Analytics Ltd, Leeds',
      'March 2019 – Present',
    ].join('\n');
    expect(schools(cv)).toEqual([
      ['MSc', 'University of Tarnley', '', ''],
      ['BSc', 'Hollowmere University', '', '2011-01'],
    ]);
  });

  it('gives the school, not the sentence, after "and" or a degree named mid-sentence', () => {
    const cv = [
      'Olivia Brandlin',
      'olivia.brandlin@mail.test',
      '',
      'Professional Summary',
      'CPA with a Master of Accountancy from Redgate State University and six years in public accounting.',
      '',
      'Professional Experience',
      'Senior Accountant — Alder & Pine LLP, Denver, CO (2019 – present)',
    ].join('\n');
    expect(schools(cv)).toEqual([['Master of Accountancy', 'Redgate State University', '', '']]);
    const de = [
      'Jonas Petermann',
      'jonas.petermann@mail.test',
      '',
      'Profil',
      'Wirtschaftsinformatiker mit Master of Science der Technischen Universität Halmstadt (2016) und sechs Jahren',
      'Erfahrung in der SAP-Beratung.',
    ].join('\n');
    expect(schools(de)).toEqual([['Master of Science', 'Technische Universität Halmstadt', '', '2016-01']]);
  });

  it('reads an elided article as no quote', () => {
    const cv = [
      'Antoine Girardeau',
      'antoine.girardeau@mel.test',
      '',
      'Profil',
      "Diplômé d'un Master en marketing digital de l'Université de Valmont (2014), je pilote des projets web.",
    ].join('\n');
    const school = parseCv(cv, NOW).education.map((e) => e.institution_name);
    expect(school.every((s) => !/Diplômé|\bd\b/.test(s))).toBe(true);
  });

  it('reads a degree word that is one only before its field, and ends the school before a second degree', () => {
    const cv = [
      'Rafael Moura Lima',
      'rafael.lima@correio.test',
      '',
      'Resumo',
      'Bacharel em Estatística pela Universidade de Campinas Norte (2016) e MBA em Ciência de Dados pela Escola Paulista',
      'de Negócios (2019).',
    ].join('\n');
    expect(schools(cv)[0]).toEqual(['Bacharel', 'Universidade de Campinas Norte', '', '2016-01']);
  });

  it("reads an Italian profile's 'laureata in … presso l'Università di …'", () => {
    const cv = [
      'Francesca Colli',
      'francesca.colli@posta.test',
      '',
      'Profilo',
      "Psicologa iscritta all'Albo, laureata in Psicologia Clinica presso l'Università di Rovigo nel 2015. Collaboro",
      'con scuole e studi associati.',
    ].join('\n');
    expect(schools(cv)).toEqual([['laureata', 'Università di Rovigo', '', '2015-01']]);
  });

  it('keeps a school whose name joins capitalised words', () => {
    const cv = [
      'Lena Corvan',
      'lena.corvan@mail.test',
      '',
      'Profile',
      'Designer with a BA in Illustration, University of Arts and Design Kelby, 2015.',
    ].join('\n');
    expect(schools(cv)).toEqual([['BA', 'University of Arts and Design Kelby', '', '2015-01']]);
  });
});

describe('Dutch school names written as one word', () => {
  it('reads a Rijksuniversiteit or a …hogeschool as the school', () => {
    const cv = [
      'Sanne de Wit',
      'sanne.dewit@post.test',
      '',
      'Opleiding en training',
      '2012/13 – 2014/15   Master Bestuurskunde, Universiteit Leiden',
      '2009 – 2012         Bachelor Sociologie, Rijksuniversiteit Veendam',
      '2005 – 2009         HBO Verpleegkunde, Lindehogeschool Assen',
    ].join('\n');
    expect(schools(cv)).toEqual([
      ['Master', 'Universiteit Leiden', '2012-01', '2015-01'],
      ['Bachelor', 'Rijksuniversiteit Veendam', '2009-01', '2012-01'],
      ['HBO', 'Lindehogeschool Assen', '2005-01', '2009-01'],
    ]);
  });
});

describe('degrees in a profile read sentence by sentence', () => {
  it('gives a degree the school of its own sentence, not one the sentence before named', () => {
    const cv = [
      'Dr. Helen Marwood',
      'Senior Lecturer in Nursing',
      'helen.marwood@mail.test',
      '',
      'Profile',
      'Senior lecturer who teaches on the Advanced Practice',
      'course at Kingsmere University. I hold a PhD in Health Sciences from Dunholm University (2012).',
      '',
      'Employment',
      'Senior Lecturer, Kingsmere University, 2016 – present',
    ].join('\n');
    expect(schools(cv)).toEqual([['PhD', 'Dunholm University', '', '2012-01']]);
  });

  it('reads no degree programme the candidate teaches or leads as a degree of theirs', () => {
    const cv = [
      'Dr. Helen Marwood',
      'helen.marwood@mail.test',
      '',
      'Profile',
      'Senior lecturer who leads the BSc Nursing programme at Westbury University and teaches on the MSc Advanced',
      'Practice course. I hold a PhD in Health Sciences from Dunholm University (2012).',
    ].join('\n');
    expect(schools(cv)).toEqual([['PhD', 'Dunholm University', '', '2012-01']]);
    const es = [
      'Marta Llorens',
      'marta.llorens@correo.test',
      '',
      'Perfil',
      'Desde 2017 coordino las prácticas del Máster en Biotecnología de la Universidad de Huesca.',
    ].join('\n');
    expect(schools(es)).toEqual([]);
  });

  it('takes no next sentence for the field of study', () => {
    const cv = [
      'Jenna Okoro',
      'Registered Nurse',
      'jenna.okoro@mail.test',
      '',
      'Summary',
      'Registered nurse (B.S.N., Harlow State University, 2015) with eight years in acute care. Currently pursuing an',
      'M.S.N. at Dunmore University School of Nursing.',
    ].join('\n');
    expect(parseCv(cv, NOW).education.map((e) => [e.degree, e.major, e.institution_name])).toEqual([
      ['B.S.N.', '', 'Harlow State University'],
      ['M.S.N.', '', 'Dunmore University School of Nursing'],
    ]);
  });

  it("reads no school in a job ad's requirement pasted into the CV", () => {
    const cv = [
      'Hannah Whitfield',
      'hannah.whitfield@mail.test',
      '',
      'Personal statement',
      'I am applying for the role of Marketing Coordinator advertised below.',
      'Requirements: Bachelor’s degree in Marketing or Communications from an accredited university; 2+ years experience.',
      '',
      'Experience',
      'Marketing Assistant',
      'Lumen Beauty Ltd — Manchester',
      'Aug 2021 – present',
    ].join('\n');
    expect(parseCv(cv, NOW).education).toEqual([]);
  });

  it('leaves no period a removed year left behind', () => {
    const cv = [
      'Thomas Kranz',
      'thomas.kranz@post.test',
      '',
      'Profil',
      'Seit 2015 leite ich ein Labor in Dresden. Zuvor Diplom in Chemie an der Universität Lindau (2008).',
    ].join('\n');
    expect(schools(cv)).toEqual([['Diplom', 'Universität Lindau', '', '2008-01']]);
  });
});

describe("the Europass CV's name field", () => {
  const name = (cv: string) => {
    const { first_name, last_name } = parseCv(cv, NOW).information;
    return [first_name, last_name];
  };

  it('reads the surname first, the label without a colon and the value in the next column', () => {
    const italian = [
      'Curriculum Vitae Europass',
      'Informazioni personali',
      'Cognome(i)/Nome(i)    Ferraro Lucia',
      'Indirizzo(i)    Via Po 12, 10123 Torino',
      'E-mail    lucia.ferraro@posta.test',
    ].join('\n');
    expect(name(italian)).toEqual(['Lucia', 'Ferraro']);
    const fr = [
      'Curriculum vitae Europass',
      'Information personnelle',
      'Nom(s) / Prénom(s)',
      'DUVAL Claire',
      'Adresse(s)    8 avenue Foch, 59000 Lille',
    ].join('\n');
    expect(name(fr)).toEqual(['Claire', 'Duval']);
  });
});

describe('a labelled line under a degree', () => {
  it('is no field of study', () => {
    const cv = [
      'Lena Murphy',
      'lena.murphy@mail.test',
      '',
      'EDUCATION',
      'Pinecrest High School -- Dunmore, AZ',
      'High School Diploma, 2011 (GPA: 3.8)',
      'Honors: National Honor Society',
    ].join('\n');
    expect(parseCv(cv, NOW).education.map((e) => e.major)).not.toContain('Honors: National Honor Society');
  });
});

describe("a researcher's 'Industry' and 'Academia' subheadings", () => {
  it('keeps the academic posts as jobs, not schools', () => {
    const cv = [
      'Dr. Niels Vermaat',
      'niels.vermaat@mail.test',
      '',
      'Experience',
      'Industry',
      'Senior ML Scientist, Tulipa AI B.V., Amsterdam',
      '2021 – present',
      'Academia',
      'Postdoctoral Researcher, University of Eastmoor',
      '2016 – 2019',
      '',
      'Education',
      'PhD Computer Science, Delft Polytechnic Institute, 2016',
    ].join('\n');
    const record = parseCv(cv, NOW);
    expect(record.education.map((e) => e.institution_name)).toEqual(['Delft Polytechnic Institute']);
    expect(record.experience.map((e) => e.title)).toContain('Postdoctoral Researcher');
  });
});
