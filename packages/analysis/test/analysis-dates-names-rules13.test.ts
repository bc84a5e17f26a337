// Names, towns and phone countries (rules-13), on CVs written for the test (fake people, fake firms, invented streets).
import { describe, expect, it } from 'vitest';
import { parseCv } from '../src/cv-analyzer.js';

const NOW = new Date('2026-11-01T00:00:00Z');
const info = (text: string) => parseCv(text, NOW).information;
const place = (text: string) => {
  const { city, country } = info(text).address;
  return [city, country];
};
const name = (text: string) => {
  const { first_name, last_name } = info(text);
  return [first_name, last_name];
};

describe('the candidate’s town, rules-13', () => {
  it('reads a town, its state code and postcode written after the street without commas', () => {
    const cv = `Daniel Hartwell
220 Birch Lane Springfield IL 62704
(217) 555-0199 · dhartwell@example.com

EXPERIENCE
Office Manager, Prairie Dental Group   June 2015 – Present`;
    expect(place(cv)).toEqual(['Springfield', 'United States']);
    expect(place('Grace Pellow\n21 Wattle Road Ringwood VIC 3134\ngrace.pellow@example.com.au')).toEqual([
      'Ringwood',
      'Australia',
    ]);
  });

  it('reads a British postcode after the town as the United Kingdom, and its numbers as British', () => {
    const cv = `JONATHAN BLAKEWELL
14 Orchard Row, Harrogate HG2 7QP
07912 345678 | jon.blakewell@example.com

PROFESSIONAL EXPERIENCE
Warehouse Supervisor, Fenmoor Logistics Ltd
March 2018 – Present`;
    expect(place(cv)).toEqual(['Harrogate', 'United Kingdom']);
    expect(info(cv).phone).toEqual(['+447912345678']);
  });

  it('reads a country written after the region or postcode in the same part', () => {
    const cv = `Priya Raman
Flat 4B, Lakeview Towers, Koramangala, Bengaluru 560034, Karnataka India
priya.r@example.com

Experience
Software Engineer, Trellix Labs, 2019 – Present`;
    expect(place(cv)).toEqual(['Bengaluru', 'India']);
    expect(
      place('Owen Lacey\nDept. of History, Lakeshore College, Columbus, Ohio USA 43215\nowen@example.com'),
    ).toEqual(['Columbus', 'United States']);
  });

  it('keeps a country after a given name a name ("Tom Holland")', () => {
    expect(name('Tom Holland\ntom.holland@example.com\n\nExperience\nClerk, Norvale Traders, 2015 - 2019')).toEqual([
      'Tom',
      'Holland',
    ]);
  });

  it('splits a header line at tildes', () => {
    const cv = `Marcus Webb
418 Juniper Ct. Lakewood, CO 80226 ~ (303) 555-0142 ~ mwebb@example.com

EXPERIENCE
Sales Associate, Peak Outfitters 2016 - 2019`;
    expect(place(cv)).toEqual(['Lakewood', 'United States']);
  });

  it('reads "Based in", "Wohnhaft in", "Domiciliée à", "Woonachtig in" before the town', () => {
    // A city alone takes the country of the city list (rules-19), else of GeoNames' towns (rules-20).
    expect(place('Oliver Grant\nSenior Accountant | Based in Bristol\noliver.grant@example.com')).toEqual([
      'Bristol',
      'United Kingdom',
    ]);
    expect(place('Maria Olsen-Baker\nBased in Leeds, United Kingdom\nmaria.ob@example.com')).toEqual([
      'Leeds',
      'United Kingdom',
    ]);
    expect(place('LEBENSLAUF\n\nKatharina Wendt\nWohnhaft in Freiburg\nkw@example.de')).toEqual(['Freiburg', 'Germany']);
    expect(place('Élodie Garnier\nDomiciliée à Nantes\n06 12 34 56 78')).toEqual(['Nantes', 'France']);
    expect(place('Sanne Bakker\nWoonachtig in Zwolle\n06 12345678')).toEqual(['Zwolle', 'Netherlands']);
  });

  it('takes no province code for the town', () => {
    const cv = `Curriculum Vitae di Giorgio Ferrante
Residenza: Via Garibaldi 14, 37121 Verona (VR)
Cellulare: 347 123 4567

Esperienza professionale
Dal 2018 ad oggi – Contabile presso Studio Altafonte`;
    expect(place(cv)[0]).toBe('Verona');
  });

  it('reads the town above a line that holds only the country', () => {
    const cv = `Amélie Roux
8 chemin des Vignes
33000 Bordeaux
France
amelie.roux@example.com

Experience
Translator, Linguaverde, 2012 - 2020`;
    expect(place(cv)).toEqual(['Bordeaux', 'France']);
    expect(place('Nikhil Verma\nHostel 4, Lakeside Campus,\nPUNE,\nMAHARASHTRA, INDIA.\nnikhil@example.com')).toEqual([
      'Pune',
      'India',
    ]);
  });

  it('reads a job board’s "US-TX-Austin" form under a lone Location label, with its note', () => {
    const cv = `Title
Senior Java Developer
Location
US-NJ-Hoboken (open to relocation)
Summary
Twelve years of Java development.`;
    expect(place(cv)).toEqual(['Hoboken', 'United States']);
    expect(name(cv)).toEqual(['', '']);
  });

  it('reads a postcode blanked by a sample CV as one', () => {
    expect(place('Rudolf Amsel\n1640 Aspen Street\nPinecrest, OR 97xxx\n(555) 345-7890')).toEqual([
      'Pinecrest',
      'United States',
    ]);
  });

  it('reads a British address block at the end of the CV, not a referee’s', () => {
    const cv = `Harriet Moss
Office administrator
PROFILE
An organised administrator with eight years in busy offices.
EXPERIENCE
Office Administrator, Calder Print Works
June 2014 - Present
PERSONAL DETAILS
Harriet Moss
27 Willow Road
Halifax
HX3 5LP
T: 01422 555 019`;
    expect(place(cv)).toEqual(['Halifax', 'United Kingdom']);
    const referee = cv.replace('PERSONAL DETAILS\nHarriet Moss', 'REFERENCES\nMr Colin Pratt, Calder Print Works');
    expect(place(referee)[0]).toBe('');
  });

  it('reads an address whose postcode follows the country', () => {
    const cv =
      'Dara Karimi\nNo. 7, Golestan Street, Shiraz, Iran, 7134567890\ndara@example.com - Cell: (+98) 917 555 0143';
    expect(place(cv)).toEqual(['Shiraz', 'Iran']);
    // The postcode after the country is no phone number.
    expect(info(cv).phone).toEqual(['+989175550143']);
  });

  it('reads countries the table lacked', () => {
    expect(place('Dara Karimi\nNo. 12, Golestan Street, Shiraz, Iran\ndara@example.com')).toEqual(['Shiraz', 'Iran']);
    expect(place('Abebe Tesfaye\nBole Road, Addis Ababa, Ethiopia\nabebe@example.com')).toEqual([
      'Addis Ababa',
      'Ethiopia',
    ]);
  });
});

describe('phone numbers of an English CV without a country, rules-13', () => {
  it('reads them as the country of the candidate’s e-mail domain', () => {
    const cv = `Sarah-Jane McAllister  07912 345678  sj.mcallister@example.co.uk

Experience
Nurse, Riverside Care Home, 2015 - 2020`;
    expect(info(cv).phone).toEqual(['+447912345678']);
    // A .io or .co address says nothing about a country.
    expect(info(cv.replace('example.co.uk', 'example.io')).phone).toEqual([]);
  });
});

describe('names, rules-13', () => {
  it('strips a title or salutation from a labelled name', () => {
    expect(name('Name: Dr. Anna-Lena Brückner\nTelefon: 0341 123456\n\nBerufserfahrung\n2012 – 2020 Ärztin')).toEqual([
      'Anna-Lena',
      'Brückner',
    ]);
    expect(name('Name: Mr. John Smith\nPhone: 555 123 4567')).toEqual(['John', 'Smith']);
  });

  it('reads the full-name labels of Spanish, Dutch, French and English forms', () => {
    expect(name('Nombre y apellidos: Javier Ruiz Sánchez\nTeléfono: 612 345 678')).toEqual(['Javier', 'Ruiz Sánchez']);
    expect(name('Voor- en achternaam: Daan Visser\nTelefoon: 06-12345678')).toEqual(['Daan', 'Visser']);
    expect(name('Prénom et nom : Hugo Lambert\nTél. : 06 12 34 56 78')).toEqual(['Hugo', 'Lambert']);
    expect(name('Name and surname: Emma Clarke\nPhone: 555 201 3345')).toEqual(['Emma', 'Clarke']);
  });

  it('reads a long name with particles', () => {
    expect(
      name('Ana María de la Cruz Rodríguez\nana.delacruz@example.es\n\nExperiencia\n2015 - 2019 Enfermera'),
    ).toEqual(['Ana María', 'de la Cruz Rodríguez']);
  });

  it('reads a name split over two lines with the surname in capitals', () => {
    const contact = '06 12 34 56 78\ncamille.dl@example.fr\n\nExpérience\n2019 - 2022 Chargée de communication';
    expect(name(`Camille\nDURAND-LEROY\n${contact}`)).toEqual(['Camille', 'Durand-Leroy']);
    expect(name(`DURAND\nCamille\n${contact}`)).toEqual(['Camille', 'Durand']);
  });

  it('writes a surname in capitals before a comma like the other surnames', () => {
    expect(name('MÜLLER, Stefan\nstefan.mueller@example.de\n\nBerufserfahrung\n2015 - 2019 Koch')).toEqual([
      'Stefan',
      'Müller',
    ]);
  });
});
