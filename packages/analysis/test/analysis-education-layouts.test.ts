// Education (and a few experience) layouts of real CVs, each rule on a snippet written for the test (fake people
// and schools), in the languages the rule covers.
import { describe, expect, it } from 'vitest';
import { findDegrees } from '../src/degrees.js';
import { parseEducation } from '../src/education.js';
import { parseExperience } from '../src/experience.js';
import { createRulesAnalyzer } from '../src/index.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const education = (text: string) => parseEducation(toLines(text), NOW);
const experience = (text: string) => parseExperience(toLines(text), NOW);
const field = (text: string) => education(text)[0]!.major;

describe('degree names', () => {
  it('reads "Doctor of …" and the doctorates written with a field in French and German', () => {
    expect(education('Doctor of Philosophy in Economics, Lakeview University, 2012')[0]).toMatchObject({
      degree: 'Doctor of Philosophy',
      major: 'Economics',
      institution_name: 'Lakeview University',
    });
    expect(findDegrees('Doctor of Education, 2009')[0]).toMatchObject({ level: 6 });
    expect(findDegrees('Docteur en informatique, Université de Rennes')[0]).toMatchObject({ level: 6 });
    expect(findDegrees('Doktor der Naturwissenschaften, Universität Jena')[0]).toMatchObject({ level: 6 });
    // A doctor is a job too.
    expect(findDegrees('Worked as a doctor in a rural clinic')).toEqual([]);
  });

  it('keeps "Degree" with the degree whatever its case', () => {
    expect(education("Master's Degree, Photography, Harlow Art Institute")[0]).toMatchObject({
      degree: "Master's Degree",
      major: 'Photography',
    });
  });
});

describe('the field of study', () => {
  it('is not the date or the grade written after the degree', () => {
    expect(field('Associate of Arts, December 2007')).toBe('');
    expect(field('Bachelor of Science in Education, May 2010')).toBe('Education');
    expect(field('Masters of Business Administration, 1979')).toBe('');
    expect(field('Licenciatura en Economía, junio 2015')).toBe('Economía');
    expect(field("Master's Degree, Photography, G.P.A 3.4")).toBe('Photography');
    expect(field('Laurea in Ingegneria Civile, voto 108/110')).toBe('Ingegneria Civile');
  });

  it('stops before the department that wrapped onto the line', () => {
    expect(field('MSc in Computer Science, Department of Computing')).toBe('Computer Science');
  });

  it('is read in brackets after the degree, where an abbreviation stays part of the degree', () => {
    expect(field('B.Tech (Electronics and Communication) 2012')).toBe('Electronics and Communication');
    expect(education('BE (IT), Coastal Institute of Technology')[0]).toMatchObject({ degree: 'BE (IT)', major: '' });
    expect(education('BA (Hons) History')[0]).toMatchObject({ degree: 'BA (Hons)', major: 'History' });
  });

  it('is the line under a degree that holds only a field', () => {
    expect(education('BA (Hons)\nMarketing\nNorthgate University 2005 - 2008')[0]).toMatchObject({
      degree: 'BA (Hons)',
      major: 'Marketing',
      institution_name: 'Northgate University',
      end_date: '2008-01',
    });
    expect(education('Bachelor\nInformatique de gestion 2014\nHaute École de Namur')[0]).toMatchObject({
      major: 'Informatique de gestion',
      end_date: '2014-01',
    });
    // A place under the degree is not a field.
    expect(education('Bachelor of Science\nDallas, Texas')[0]!.major).toBe('');
  });
});

describe('school names', () => {
  it('joins a school name the layout wrapped', () => {
    expect(
      education(
        '1996 - 2000: Bachelor of Science in Mechanical Engineering, Upper Peninsula Technological\nUniversity',
      )[0],
    ).toMatchObject({ institution_name: 'Upper Peninsula Technological University', end_date: '2000-01' });
    expect(education('MBA, Saint Anselm Institute of\nManagement Studies, 2011')[0]!.institution_name).toBe(
      'Saint Anselm Institute of Management Studies',
    );
  });

  it('leaves out a place in a bracket the commas cut open', () => {
    expect(
      education('MS in Geology, Ozark University of Science and Technology (Rolla, MO)')[0]!.institution_name,
    ).toBe('Ozark University of Science and Technology');
  });

  it('starts the school after a sentence ends', () => {
    expect(education('M.Tech in Micro and Opto Electronics. Westfield University')[0]!.institution_name).toBe(
      'Westfield University',
    );
    expect(education("B.Com, St. Aidan's College, 2010")[0]!.institution_name).toBe("St. Aidan's College");
  });
});

describe('dates of education entries', () => {
  it('does not take a date of birth between entries for a date of study', () => {
    for (const line of [
      'DOB: 12/09/1985',
      'Date of birth: 12.09.1985',
      'Geburtsdatum: 12.09.1985',
      'Fecha de nacimiento: 12/09/1985',
    ]) {
      const entries = education(`A levels\n${line}\nKingsmead College 2003 - 2005`);
      expect(
        entries.map((e) => e.end_date),
        line,
      ).not.toContain('1985-09');
    }
  });
});

describe('degrees outside the education section', () => {
  it('takes an academic degree written under professional development, not the certificates', async () => {
    const analyzer = createRulesAnalyzer({ link: async () => ({ language: 'en', skills: [] }) }, { now: () => NOW });
    const cv = await analyzer.analyzeCv(
      [
        'Dana Whitcombe',
        'Professional History',
        'Consultant',
        '2007 - Present',
        'Harrow & Pike Ltd',
        'Professional Development',
        'University of North Fenwick',
        'Bachelor of Science in Business Administration',
        'Project Management Professional (PMP)',
        'Diploma in Workplace Safety',
      ].join('\n'),
    );
    expect(cv.education).toEqual([
      expect.objectContaining({
        degree: 'Bachelor of Science',
        major: 'Business Administration',
        institution_name: 'University of North Fenwick',
      }),
    ]);
  });
});

describe('experience titles', () => {
  it('does not take a heading or a personal detail left next to the dates for a title', () => {
    expect(
      experience('PROJECT SUMMARY\nJan 2015 - Mar 2017\nBuilt the billing pipeline of the retail unit.')[0]!.title,
    ).toBe('');
    expect(experience('Date of Birth\n12 March 1990 - 2019\nPacked orders for the online shop.')[0]!.title).toBe('');
    expect(experience('Harbour Analytics\nJan 2015 - Mar 2017\nData Steward')[0]!.title).not.toBe('');
  });
});

describe('several positions under one employer', () => {
  it('reads each position the body names after the first, with the employer and no dates of its own', () => {
    const entries = experience(
      [
        'Brightwater Systems Inc. - Denver, CO 2009 - Present',
        'Senior IT Manager',
        'Led the infrastructure team of twelve engineers.',
        'Negotiated service level agreements with vendors.',
        'Oracle Developer/Application Architect',
        'Built custom reporting applications in Oracle APEX.',
        'Data Migration Specialist',
        'Moved legacy billing data to the new platform.',
      ].join('\n'),
    );
    expect(entries.map((e) => e.title)).toEqual([
      'Senior IT Manager',
      'Oracle Developer/Application Architect',
      'Data Migration Specialist',
    ]);
    expect(entries[0]).toMatchObject({ start_date: '2009-01' });
    expect(entries[1]).toMatchObject({ start_date: '', end_date: '', duration: 0 });
    // The employer line as the first entry's description opens with it.
    expect(entries[0]!.description.split('\n')[0]).toBe('Brightwater Systems Inc. - Denver, CO');
    expect(entries[1]!.description.split('\n')).toEqual([
      'Brightwater Systems Inc. - Denver, CO',
      'Built custom reporting applications in Oracle APEX.',
    ]);
  });

  it('does the same in German', () => {
    const entries = experience(
      [
        'Nordlicht Logistik GmbH, Hamburg',
        '03/2016 – heute',
        'Teamleiter Disposition',
        'Verantwortung für zwölf Disponenten.',
        'Projektleiter Lagerverwaltung',
        'Einführung eines neuen Lagerverwaltungssystems.',
      ].join('\n'),
    );
    expect(entries.map((e) => e.title)).toEqual(['Teamleiter Disposition', 'Projektleiter Lagerverwaltung']);
  });

  it('does not take a duty line or a wrapped sentence for a position', () => {
    const entries = experience(
      [
        'Harbour Schools Trust, Leeds',
        'Deputy Head Teacher',
        'September 2014 - July 2019',
        'Planned the timetable with the',
        'Head Teacher',
        'Assist staff with instructional techniques',
        'Help principal with building schedules',
      ].join('\n'),
    );
    expect(entries.map((e) => e.title)).toEqual(['Deputy Head Teacher']);
  });
});

describe('more entry layouts', () => {
  it('reads "Co-" as a prefix of the title, not the legal form "Co."', () => {
    const [entry] = experience('KEENWAVE\nSeattle, WA\nFounder and Co-CEO\n2007-Present\nFounded the company.');
    expect(entry).toMatchObject({ title: 'Founder and Co-CEO' });
    expect(entry!.description.split('\n')[0]).toBe('KEENWAVE');
  });

  it('splits a dated header that runs into its first sentence', () => {
    const entries = experience(
      [
        '2009-2011: Graduate Program Coordinator, Department of Sociology. Responsibilities included graduate admissions and advising.',
        '2005-2008: Department Chair, Sociology. Responsible for supervising faculty, staff and four programs.',
      ].join('\n'),
    );
    expect(entries.map((e) => [e.title, e.start_date, e.description.split('\n')[0]])).toEqual([
      ['Graduate Program Coordinator', '2009-01', 'Department of Sociology'],
      ['Department Chair', '2005-01', 'Sociology'],
    ]);
  });

  it('does not read a publication list under a research career as jobs', async () => {
    const analyzer = createRulesAnalyzer({ link: async () => ({ language: 'en', skills: [] }) }, { now: () => NOW });
    for (const heading of ['Journal Articles', 'Selected Publications', 'Veröffentlichungen']) {
      const cv = await analyzer.analyzeCv(
        [
          'Mara Lindqvist',
          'Research Experience',
          'Research Fellow',
          'Institute of Coastal Studies',
          '2012 - 2016',
          'Ran the field survey programme.',
          heading,
          'Lindqvist, M. and Ortega, P. (2015). Sediment Transport Models. Coastal Journal, 12(3).',
          'Lindqvist, M. (2014). Tidal Flats Revisited. Marine Letters, 8(1).',
        ].join('\n'),
      );
      expect(
        cv.experience.map((e) => e.title),
        heading,
      ).toEqual(['Research Fellow']);
    }
  });
});

describe('degree lines, continued', () => {
  it('does not take a thesis or a research project for a degree', () => {
    expect(findDegrees('Masters Research Project: how campus jobs shape learning')).toEqual([]);
    expect(findDegrees('Master Thesis in cooperation with a paint maker')).toEqual([]);
    expect(findDegrees('Master of Science in Geology')[0]).toMatchObject({ level: 5 });
  });

  it('reads B.S.Ed. and M.S.Ed. whole', () => {
    expect(education('B.S.Ed., Physical Education, Lakeshore University')[0]).toMatchObject({
      degree: 'B.S.Ed.',
      major: 'Physical Education',
    });
    expect(findDegrees('M.S.Ed. 2004')[0]).toMatchObject({ text: 'M.S.Ed.', level: 5 });
  });

  it('joins a field the layout wrapped after a joining word', () => {
    expect(
      education('B.Tech in Electronics and\nCommunication Engineering, Coastal Institute of Technology, 2012')[0],
    ).toMatchObject({
      major: 'Electronics and Communication Engineering',
      institution_name: 'Coastal Institute of Technology',
    });
  });

  it('ends the field before honours, an expected date, a concentration or an abbreviated month', () => {
    expect(field('Bachelor of Arts in English Literature summa cum laude')).toBe('English Literature');
    expect(field('B.A., Summa Cum Laude')).toBe('');
    expect(field('Master of Arts in Higher Education, Expected May 2026')).toBe('Higher Education');
    expect(field('BS in Information Technology, Concentration in Web Development')).toBe('Information Technology');
    expect(field('Bachelor of Science and Engineering, Major in Computer Engineering, Minor in Mathematics')).toBe(
      'Computer Engineering',
    );
    expect(field('Bachelor of Science in Dec 2010')).toBe('');
    expect(field('Bachelor of Laws (LL.B Honours)')).toBe('');
  });
});

describe('school names, continued', () => {
  const school = (text: string) =>
    education(text)
      .map((e) => e.institution_name)
      .filter(Boolean);

  it('does not take a sentence that mentions a school for its name', () => {
    expect(school('B.Ed. in Business Education\nOrganised college open days for new students')).toEqual([]);
    expect(school('Taught English at the high school and college levels.')).toEqual([]);
    expect(school('BSc Psychology\nCompleted High school')).toEqual([]);
  });

  it('keeps the name out of the sentence around it', () => {
    expect(school('MSc Informatics, the University of Oslo with courses in networks.')).toEqual(['University of Oslo']);
    expect(school('B.E Anna University, 2012')).toEqual(['Anna University']);
    expect(school('M.Tech. Visveswaraya Technological University')).toEqual(['Visveswaraya Technological University']);
    expect(school('Bachelor of Laws, University of Melbourne.')).toEqual(['University of Melbourne']);
  });

  it('reads a school of a CV written in lowercase', () => {
    expect(school('b.tech in computer science, chandigarh university, 2016')).toEqual(['chandigarh university']);
  });
});
