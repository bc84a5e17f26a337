// Dates, names and contacts (rules-12), on lines and CVs written for the test (fake people, fake firms).
import { describe, expect, it } from 'vitest';
import { parseCv } from '../src/cv-analyzer.js';
import { findDateSpans, formatYearMonth } from '../src/dates.js';

const NOW = new Date('2026-11-01T00:00:00Z');
/** Each span of a line as [start, end, ongoing, the text it covers]. */
const spans = (line: string) =>
  findDateSpans(line, NOW).map((s) => [
    formatYearMonth(s.start),
    formatYearMonth(s.end),
    s.ongoing,
    line.slice(s.from, s.to),
  ]);

describe('date forms a red-team found missing, rules-12', () => {
  it('reads months sharing one year, then a range from them', () => {
    expect(spans('Jan-Mar/2018 - Present')).toEqual([['2018-01', '2026-11', true, 'Jan-Mar/2018 - Present']]);
    expect(spans('Jan–Mar 2018 – Jun 2019')).toEqual([['2018-01', '2019-06', false, 'Jan–Mar 2018 – Jun 2019']]);
    // The month range alone is as before.
    expect(spans('Jan-Mar 2018')).toEqual([['2018-01', '2018-03', false, 'Jan-Mar 2018']]);
  });

  it('reads a year written as an apostrophe and two digits', () => {
    expect(spans('Fall ’12 – Spring ’14')).toEqual([['2012-09', '2014-03', false, 'Fall ’12 – Spring ’14']]);
    expect(spans("'12 - '14")).toEqual([['2012-01', '2014-01', false, "'12 - '14"]]);
    expect(spans("Class of '09")).toEqual([['', '2009-01', false, "'09"]]);
    // Alone it is no date: a quoted number, a decade.
    expect(spans("Top '10' seller of the region")).toEqual([]);
    expect(spans("Music of the '90s")).toEqual([]);
  });

  // A part alone runs from its first month to its last (since the rules-12 follow-up of the red-team pass).
  it('reads quarters and halves of a year in the seven languages', () => {
    expect(spans('Q1 2020 - Q3 2021')).toEqual([['2020-01', '2021-09', false, 'Q1 2020 - Q3 2021']]);
    expect(spans('Q3/2020')).toEqual([['2020-07', '2020-09', false, 'Q3/2020']]);
    expect(spans('2. Halbjahr 2018 – heute')).toEqual([['2018-07', '2026-11', true, '2. Halbjahr 2018 – heute']]);
    expect(spans('T3 2020 - T1 2021')).toEqual([['2020-07', '2021-03', false, 'T3 2020 - T1 2021']]);
    expect(spans('1er trimestre 2019 – 3e trimestre 2019')).toEqual([
      ['2019-01', '2019-09', false, '1er trimestre 2019 – 3e trimestre 2019'],
    ]);
    expect(spans('2º semestre de 2017 a 1º semestre de 2019')).toEqual([
      ['2017-07', '2019-06', false, '2º semestre de 2017 a 1º semestre de 2019'],
    ]);
    expect(spans('primo semestre 2019')).toEqual([['2019-01', '2019-06', false, 'primo semestre 2019']]);
    expect(spans('tweede helft van 2016')).toEqual([['2016-07', '2016-12', false, 'tweede helft van 2016']]);
    expect(spans('Semester 2, 2015')).toEqual([['2015-07', '2015-12', false, 'Semester 2, 2015']]);
    // A student's fourth term is no part of a year: its year stands alone.
    expect(spans('4. Semester 2019')).toEqual([['', '2019-01', false, '2019']]);
  });

  it('reads a part of a year named in words as one end of a range', () => {
    expect(spans('Mid 2015 – Late 2018')).toEqual([['2015-06', '2018-12', false, 'Mid 2015 – Late 2018']]);
    expect(spans('Anfang 2017 bis Ende 2019')).toEqual([['2017-01', '2019-12', false, 'Anfang 2017 bis Ende 2019']]);
    expect(spans('medio 2016 – heden')).toEqual([['2016-06', '2026-11', true, 'medio 2016 – heden']]);
  });

  it('reads "until today" with its preposition after the dash', () => {
    for (const line of [
      '2018 – fino ad oggi',
      '2018 – a tutt’oggi',
      '2018 – tuttora',
      '2018 – tot heden',
      '2018 – tot op heden',
      '2018 – até o momento',
      '2018 – até hoje',
      '2018 – à ce jour',
      '2018 – jusqu’à aujourd’hui',
      '2018 – hasta la fecha',
      '2018 – hasta ahora',
      '2018 – to the present',
    ])
      expect(spans(line)).toEqual([['2018-01', '2026-11', true, line]]);
  });

  it('dates an entry written with such forms', () => {
    const cv = [
      'Marta Ilinca Voss',
      'marta.voss@example.org',
      'BERUFSERFAHRUNG',
      'Jan-Mar/2018 - Present',
      'Projektleiterin, Kesselbach Anlagenbau GmbH',
      'Leitung der Inbetriebnahme von drei Produktionslinien.',
      'Q3 2015 – Q4 2017',
      'Projektingenieurin, Lorenhof Technik AG',
      'Planung von Förderanlagen.',
    ].join('\n');
    const jobs = parseCv(cv, NOW).experience.map((e) => [e.start_date, e.end_date, e.duration]);
    expect(jobs).toEqual([
      ['2018-01', '2026-11', 107],
      ['2015-07', '2017-12', 30],
    ]);
  });
});

describe('a name label alone on its line, the value on the next, rules-12', () => {
  const name = (lines: string[]) => {
    const info = parseCv(lines.join('\n'), NOW).information;
    return [info.first_name, info.last_name];
  };

  it('reads the given name and the surname from their own label lines (Europass and form-like CVs)', () => {
    expect(name(['CURRICULUM VITAE', 'Nome', 'Giulia', 'Cognome', 'Ferraro', 'Data di nascita', '12/03/1990'])).toEqual(
      ['Giulia', 'Ferraro'],
    );
    expect(name(['Lebenslauf', 'Vorname', 'Jonas', 'Nachname', 'Albrecht', 'Geburtsdatum', '01.02.1988'])).toEqual([
      'Jonas',
      'Albrecht',
    ]);
    expect(
      name(['CURRICULUM VITAE', 'Nom', 'DUPONT', 'Prénom', 'Claire', 'Adresse', '12 rue des Lilas, 69003 Lyon']),
    ).toEqual(['Claire', 'Dupont']);
    expect(
      name(['CURRICULUM VITAE', 'Nombre', 'Lucía', 'Apellidos', 'Fernández Ortega', 'Correo', 'lf@example.es']),
    ).toEqual(['Lucía', 'Fernández Ortega']);
  });

  it('reads "Naam" / "Name" beside a first-name field as the surname', () => {
    expect(name(['Curriculum Vitae', 'Naam', 'de Vries', 'Voornaam', 'Sanne', 'Geboortedatum', '4 mei 1991'])).toEqual([
      'Sanne',
      'de Vries',
    ]);
    expect(name(['Lebenslauf', 'Name: Albrecht', 'Vorname: Jonas', 'Geburtsdatum: 01.02.1988'])).toEqual([
      'Jonas',
      'Albrecht',
    ]);
  });

  it('takes a labelled name over a firm letterhead above it, and a given name with an initial', () => {
    expect(name(['Kesselbach Lorenz Partners', 'Name', 'Jonas Albrecht', 'Position', 'Projektleiter'])).toEqual([
      'Jonas',
      'Albrecht',
    ]);
    expect(name(['Name', 'Karthik V.', 'Email', 'karthik.v@example.com', 'Phone', '+91 98450 12345'])).toEqual([
      'Karthik',
      'V.',
    ]);
  });

  it('leaves a "Name" column of a table further down alone', () => {
    const cv = [
      'Ostap Hrytsenko',
      'Mobile Developer',
      'SKILLS',
      'Name',
      'Skill Level',
      'Kotlin',
      'Advanced',
      'EXPERIENCE',
      '2019 - Present',
      'Android Developer, Lindqvist Apps AB',
    ];
    expect(name(cv)).toEqual(['Ostap', 'Hrytsenko']);
  });
});

describe('a range wrapped after its word, rules-12', () => {
  it('joins "from … to" at the end of a line with the date that opens the next', () => {
    const cv = [
      'Anand Keshavan',
      'anand.keshavan@example.in',
      'EXPERIENCE',
      'Worked as a Lecturer in the Department of Civil Engineering at Westbury Institute of Technology, Pune from 01-07-2009 to',
      '30-06-2013 (4 years).',
      'EDUCATION',
      'M.Tech (Structural Engineering), Deccan University, 2009',
    ].join('\n');
    const jobs = parseCv(cv, new Date('2019-06-01T00:00:00Z')).experience;
    expect(jobs.map((e) => [e.title, e.start_date, e.end_date, e.duration])).toEqual([
      ['Lecturer', '2009-07', '2013-06', 48],
    ]);
  });
});

describe('the candidate’s town in the header, rules-12', () => {
  const town = (lines: string[]) => parseCv(lines.join('\n'), NOW).information.address;

  it('reads a town written before the other items of its line', () => {
    expect(town(['Dora Whitcombe', '48 Elm St. Portland, OR 503.555.0147 dora.w@example.com'])).toEqual({
      city: 'Portland',
      country: 'United States',
    });
    expect(
      town(['9 Larkspur Lane Cell: (555) 201-3344', 'Dora Whitcombe', 'Bozeman, MT 59715 Home: (555) 201-3345']),
    ).toEqual({ city: 'Bozeman', country: 'United States' });
  });

  it('reads a postcode set apart by a comma as part of its region', () => {
    expect(town(['Dora Whitcombe', '12 Quarry Rd.', 'Ashland, OR, 97520', 'dora.w@example.com'])).toEqual({
      city: 'Ashland',
      country: 'United States',
    });
  });

  it('reads a town closed by a six-digit postcode at the end of a header line', () => {
    expect(
      town([
        'Lakshmi Narayanan',
        '14/2, Gandhi Cross Street,',
        'Mylapore,',
        'Chennai - 600004',
        'lakshmi.n@example.in',
      ]),
    ).toEqual({ city: 'Chennai', country: 'India' }); // the city list's country (rules-19)
    expect(town(['Arjun Mehra', '22 Lodhi Estate', 'New Delhi- 110003', 'arjun.m@example.in'])).toEqual({
      city: 'New Delhi',
      country: 'India',
    });
    // A labelled number is no town.
    expect(town(['Lakshmi Narayanan', 'Roll No - 410233', 'lakshmi.n@example.in'])).toEqual({ city: '', country: '' });
  });

  it('reads the town of a header line that starts with a street and ends with a postcode', () => {
    expect(town(['Thandi Mokoena', '3 Acacia Street, Parkhurst, Randburg, 2193', 'thandi.m@example.co.za'])).toEqual({
      city: 'Randburg',
      country: '',
    });
    expect(town(['Ingrid Solberg', 'Kongens gate 12, 0153 Oslo, +47 400 00 000', 'ingrid.s@example.no'])).toEqual({
      city: 'Oslo',
      country: '',
    });
    // A product and its year is no street and postcode.
    expect(town(['Ingrid Solberg', 'Windows 10, Office 2016', 'ingrid.s@example.no'])).toEqual({
      city: '',
      country: '',
    });
  });

  it('reads the town on the last line of an address block under a label alone', () => {
    const cv = [
      'Curriculum Vitae',
      'Dora Whitcombe',
      'Personal Information',
      'Date of Birth:',
      'March 3, 1979',
      'Citizenship:',
      'United States',
      'Address:',
      'Department of Soil Science',
      'Cascade State University',
      'Corvallis, OR 97331',
      'E-mail: dora.w@example.com',
    ];
    expect(town(cv)).toEqual({ city: 'Corvallis', country: 'United States' });
  });
});

describe('a name with titles, credentials or the surname first, rules-12', () => {
  const name = (top: string) => {
    const cv = [
      top,
      'h.weber@example.de',
      '+49 30 5550 1234',
      'BERUFSERFAHRUNG',
      '2019 - 2023',
      'Ingenieur, Falkner Bau GmbH',
    ];
    const info = parseCv(cv.join('\n'), NOW).information;
    return [info.first_name, info.last_name];
  };

  it('leaves academic and professional titles before the name out', () => {
    expect(name('Dipl.-Ing. Hannes Weber')).toEqual(['Hannes', 'Weber']);
    expect(name('Dr. rer. nat. Hannes Weber')).toEqual(['Hannes', 'Weber']);
    expect(name('Ing. Marco Conti')).toEqual(['Marco', 'Conti']);
    expect(name('Lic. Sofía Ramos')).toEqual(['Sofía', 'Ramos']);
    expect(name('Mag. Eva Hollerer')).toEqual(['Eva', 'Hollerer']);
    expect(name('Drs. Pieter Smit')).toEqual(['Pieter', 'Smit']);
    expect(name('ir. Joost Bakker')).toEqual(['Joost', 'Bakker']);
    expect(name('Eng. João Lopes')).toEqual(['João', 'Lopes']);
    expect(name('Prof. Dr. med. Anna Vogt')).toEqual(['Anna', 'Vogt']);
  });

  it('leaves a degree written after the name without a comma out', () => {
    expect(name('Dr. Sarah Lindqvist PhD')).toEqual(['Sarah', 'Lindqvist']);
    expect(name('Omar Haddad MBA')).toEqual(['Omar', 'Haddad']);
  });

  it('reads "Surname, Given name"', () => {
    expect(name('Weber, Hannes')).toEqual(['Hannes', 'Weber']);
    expect(name('van den Berg, Jan')).toEqual(['Jan', 'van den Berg']);
    // A credential or a place after the comma is none.
    expect(name('Hannes Weber, MBA')).toEqual(['Hannes', 'Weber']);
  });
});

describe('more date forms, rules-12', () => {
  it('reads a range whose ends are labelled with a colon', () => {
    expect(spans('From: 02/2017 To: 11/2020')).toEqual([['2017-02', '2020-11', false, '02/2017 To: 11/2020']]);
    expect(spans('Von: 02/2017 Bis: 11/2020')).toEqual([['2017-02', '2020-11', false, '02/2017 Bis: 11/2020']]);
    expect(spans('Desde: 2017 Hasta: 2020')).toEqual([['2017-01', '2020-01', false, '2017 Hasta: 2020']]);
  });

  it('reads months and years joined by a hyphen without spaces', () => {
    expect(spans('4/2011-10/2014')).toEqual([['2011-04', '2014-10', false, '4/2011-10/2014']]);
    expect(spans('04.2011-10.2014')).toEqual([['2011-04', '2014-10', false, '04.2011-10.2014']]);
    expect(spans('04/2011 -10/2014')).toEqual([['2011-04', '2014-10', false, '04/2011 -10/2014']]);
  });

  it('reads an apostrophe between a month and its year, a year-month before a hyphen, "- onwards"', () => {
    expect(spans('Apr’2014 – Till Date')).toEqual([['2014-04', '2026-11', true, 'Apr’2014 – Till Date']]);
    expect(spans("Apr' 14 - Sep' 16")).toEqual([['2014-04', '2016-09', false, "Apr' 14 - Sep' 16"]]);
    expect(spans('2014.04-2016.09')).toEqual([['2014-04', '2016-09', false, '2014.04-2016.09']]);
    // A date with its day is read as before.
    expect(spans('2014-04-01 to 2016-09-30')).toEqual([['2014-04', '2016-09', false, '2014-04-01 to 2016-09-30']]);
    expect(spans('April 2014 - onwards')).toEqual([['2014-04', '2026-11', true, 'April 2014']]);
  });

  it('reads the range words and articles of the other languages', () => {
    expect(spans('zwischen 2015 und 2018')).toEqual([['2015-01', '2018-01', false, '2015 und 2018']]);
    expect(spans('tussen 2015 en 2018')).toEqual([['2015-01', '2018-01', false, '2015 en 2018']]);
    expect(spans('tra il 2015 e il 2018')).toEqual([['2015-01', '2018-01', false, '2015 e il 2018']]);
    expect(spans('vom 01.04.2015 bis zum 30.06.2018')).toEqual([
      ['2015-04', '2018-06', false, '01.04.2015 bis zum 30.06.2018'],
    ]);
    expect(spans('2015 – en la actualidad')).toEqual([['2015-01', '2026-11', true, '2015 – en la actualidad']]);
    expect(spans('2015 - hasta el momento')).toEqual([['2015-01', '2026-11', true, '2015 - hasta el momento']]);
    expect(spans('desde 2015 até à data')).toEqual([['2015-01', '2026-11', true, '2015 até à data']]);
  });

  it('reads a slash between two dates with their months, and a month name with a two-digit year after a slash', () => {
    expect(spans('abr-2015 / jun-2018')).toEqual([['2015-04', '2018-06', false, 'abr-2015 / jun-2018']]);
    expect(spans('abr/15 - jun/18')).toEqual([['2015-04', '2018-06', false, 'abr/15 - jun/18']]);
  });

  it('reads a year and its month written with a slash', () => {
    expect(spans('2017/02 - 2020/11')).toEqual([['2017-02', '2020-11', false, '2017/02 - 2020/11']]);
    // An academic year stays one.
    expect(spans('2017/18')).toEqual([['2017-01', '2018-01', false, '2017/18']]);
  });

  it('reads "present" abbreviated', () => {
    expect(spans('Okt 2017 - lfd.')).toEqual([['2017-10', '2026-11', true, 'Okt 2017 - lfd']]);
    expect(spans('Oct 2017 - Pres.')).toEqual([['2017-10', '2026-11', true, 'Oct 2017 - Pres']]);
    expect(spans('oct. 2017 - auj.')).toEqual([['2017-10', '2026-11', true, 'oct. 2017 - auj']]);
    expect(spans('2017 - continuing')).toEqual([['2017-01', '2026-11', true, '2017 - continuing']]);
    // A course named so is no "present".
    expect(spans('2017 – Continuing Education Program')).toEqual([['', '2017-01', false, '2017']]);
  });

  it('reads the year written before the month', () => {
    expect(spans('2016 March -Nov 2017')).toEqual([['2016-03', '2017-11', false, '2016 March -Nov 2017']]);
    expect(spans('2016 March - 2017 November')).toEqual([['2016-03', '2017-11', false, '2016 March - 2017 November']]);
    // A month with its own year or day after it is read as before.
    expect(spans('2016 May 2017')).toEqual([['2016-01', '2017-05', false, '2016 May 2017']]);
  });
});

describe('"present" after a slash or on the next line with its word, rules-12', () => {
  it('reads a slash before "present" as a range', () => {
    expect(spans('Mar 2012/Now')).toEqual([['2012-03', '2026-11', true, 'Mar 2012/Now']]);
    // Between two years a slash is no range.
    expect(spans('2012/2015')).toEqual([
      ['', '2012-01', false, '2012'],
      ['', '2015-01', false, '2015'],
    ]);
  });

  it('joins "until today" on the next line to the date it ends', () => {
    const cv = [
      'Ravi Shankar Iyer',
      'ravi.iyer@example.in',
      'EMPLOYMENT HISTORY',
      'Plant Manager, Kaveri Castings Limited, Coimbatore',
      'Duration: 9 Years (March 2010',
      'until today)',
      'Managed the grey iron foundry and its three machining lines.',
    ].join('\n');
    const [job] = parseCv(cv, new Date('2019-06-01T00:00:00Z')).experience;
    expect([job?.start_date, job?.end_date, job?.duration]).toEqual(['2010-03', '2019-06', 112]);
  });
});

describe('a product’s version is no date, rules-12', () => {
  it('reads no date in "SQL Server 2016" or "MS Office 2013", and a range after such a word as before', () => {
    expect(spans('Tools: SQL Server 2016, MS Office 2013, Visual Studio 2019')).toEqual([]);
    expect(spans('Microsoft SharePoint 2013 workflows')).toEqual([]);
    expect(spans('Windows 2012 - 2015')).toEqual([['2012-01', '2015-01', false, '2012 - 2015']]);
  });

  it('makes no dated entry of a skills line under a post', () => {
    const cv = [
      'Pradeep Venkatesan',
      'pradeep.v@example.in',
      'EXPERIENCE',
      'SharePoint Developer',
      'Harrowgate Software Pvt Ltd - Pune',
      'June 2014 to Present',
      'Built intranet portals on Microsoft SharePoint 2013.',
      'Microsoft SharePoint Designer 2013',
      'Microsoft Office 2013',
    ].join('\n');
    const jobs = parseCv(cv, new Date('2019-06-01T00:00:00Z')).experience;
    // (A role word on such a line may still make an undated post of it: experience.ts reads titles.)
    const dated = jobs.filter((e) => e.start_date || e.end_date);
    expect(dated.map((e) => [e.title, e.start_date])).toEqual([['SharePoint Developer', '2014-06']]);
  });
});

describe('a standard’s edition is no date, rules-12', () => {
  it('reads no date in "ISO 9001:2015" and its like', () => {
    expect(spans('Lead Auditor, ISO 9001:2015 and ISO/IEC 27001:2013')).toEqual([]);
    expect(spans('OHSAS 18001:2007 implementation')).toEqual([]);
    expect(spans('Quality Manager: 2015 - 2018')).toEqual([['2015-01', '2018-01', false, '2015 - 2018']]);
  });
});

describe('a given name with two initials above the contact details, rules-12', () => {
  it('reads "K. S. Ramesh" and "Lakshmi R. K." as names', () => {
    const name = (top: string) => {
      const info = parseCv([top, 'ks.ramesh@example.in', '+91 98450 12345'].join('\n'), NOW).information;
      return [info.first_name, info.last_name];
    };
    expect(name('K. S. Ramesh')).toEqual(['Ramesh', 'K. S.']);
    expect(name('Lakshmi R. K.')).toEqual(['Lakshmi', 'R. K.']);
    expect(name('R. Meena')).toEqual(['Meena', 'R.']);
  });
});

describe('an e-mail address with a space beside its at sign, rules-12', () => {
  it('reads "jane.doe @example.com" and "jane.doe@ example.com", not "Engineer @ Acme.com"', () => {
    const emails = (line: string) => parseCv(['Jane Doe', line, '+44 20 7946 0958'].join('\n'), NOW).information.email;
    expect(emails('jane.doe @example.com')).toEqual(['jane.doe@example.com']);
    expect(emails('E-mail: jane.doe@ example.com')).toEqual(['jane.doe@example.com']);
    expect(emails('Data Engineer @ Fernwood.io')).toEqual([]);
  });
});

describe('a name run into a contact label on its line, rules-12', () => {
  it('ends the name at "Phone:", "Email", "Telefon:"', () => {
    const name = (top: string) => {
      const info = parseCv(
        [top, 'EXPERIENCE', '2019 - 2023', 'Engineer, Brightwater Inc.'].join('\n'),
        NOW,
      ).information;
      return [info.first_name, info.last_name];
    };
    expect(name('Dana Whitfield Phone: 555-201-3344')).toEqual(['Dana', 'Whitfield']);
    expect(name('Dana Whitfield Email dana.w@example.com')).toEqual(['Dana', 'Whitfield']);
    expect(name('Jonas Albrecht Telefon: 030 5550123')).toEqual(['Jonas', 'Albrecht']);
  });
});

describe('a name set in two cells of the first line, rules-12', () => {
  it('joins the given name and the surname a tab set apart', () => {
    const info = parseCv(
      ['Dana\tWhitfield', 'dana.w@example.com', 'EXPERIENCE', '2019 - 2023', 'Engineer, Brightwater Inc.'].join('\n'),
      NOW,
    ).information;
    expect([info.first_name, info.last_name]).toEqual(['Dana', 'Whitfield']);
  });
});
