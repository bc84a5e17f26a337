/**
 * Experience titles in trades and posts no hand-written role word names, in the seven languages and the layouts
 * ordinary CVs use (our own text, fake people and firms): the CV title rules read the occupation head words
 * derived from ESCO (data/role-words.json) as well as the lexicon's, and a plain part before a firm's legal form.
 */
import { describe, expect, it } from 'vitest';
import { cvRoleWords, roleWords } from '../src/lexicon.js';
import { experienceRows } from './experience-rows.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const rows = (lines: string[]) => experienceRows(lines, NOW).map((r) => [r[0], r[3]]);
const titles = (lines: string[]) => rows(lines).map((r) => r[0]);

describe('CV titles read through the ESCO-derived role words', () => {
  it('German: a trade title before its employer on the date line, and a compound trade', () => {
    expect(
      titles([
        '01/2019 – heute    Elektroniker für Betriebstechnik, Badische Stahlwerke GmbH, Kehl',
        '• Wartung und Instandsetzung der Walzstraße',
        '• Fehlersuche an SPS-Steuerungen',
        '09/2015 – 12/2018    Auszubildender Elektroniker, Badische Stahlwerke GmbH, Kehl',
        '03/2012 – 08/2015',
        'Industriemechanikerin',
        'Hollmann Antriebstechnik GmbH, Lahr',
        '• Montage von Getrieben',
      ]),
    ).toEqual(['Elektroniker für Betriebstechnik', 'Auszubildender Elektroniker', 'Industriemechanikerin']);
  });

  it('English: a trade before its employer’s firm, with the dates on the right', () => {
    expect(
      rows([
        'Scaffolder, Northgate Access Ltd, Bristol    March 2020 – Present',
        '• Erected tube and fitting scaffolds on commercial sites',
        'Upholsterer at Fenwick & Daughters Furniture Ltd    June 2016 – February 2020',
        '• Re-covered antique chairs',
      ]),
    ).toEqual([
      ['Scaffolder', 'Northgate Access Ltd, Bristol'],
      ['Upholsterer', 'Fenwick & Daughters Furniture Ltd'],
    ]);
  });

  it('French: a trade named by its first word, before "chez" or its employer', () => {
    expect(
      rows([
        'Sept. 2018 – mars 2024 : Carreleur chez Bâti-Sud SARL, Montpellier',
        '- Pose de carrelage et de faïence',
        '2014 – 2018 : Menuisier poseur, Atelier Roux SAS, Sète',
        '2011 – 2014',
        'Plombier chauffagiste | Lemaire Frères | Sète',
        '- Installation de chaudières',
      ]),
    ).toEqual([
      ['Carreleur', 'Bâti-Sud SARL, Montpellier'],
      ['Menuisier poseur', 'Atelier Roux SAS, Sète'],
      ['Plombier chauffagiste', 'Lemaire Frères | Sète'],
    ]);
  });

  it('German: feminine forms of the agent suffixes', () => {
    expect(
      rows([
        '2016 – 2020  Mechatroniker bei Weber Fördertechnik GmbH, Ulm',
        '2012 – 2016  Friseurin, Salon Haarwerk GmbH, Ulm',
      ]),
    ).toEqual([
      ['Mechatroniker', 'Weber Fördertechnik GmbH, Ulm'],
      ['Friseurin', 'Salon Haarwerk GmbH, Ulm'],
    ]);
  });

  it('Dutch: compound trades read by their ending, on the date line or above it', () => {
    expect(
      rows([
        '2019 – heden    Onderhoudsmonteur, Van Dijk Installatietechniek B.V., Zwolle',
        '• Storingen verhelpen aan warmtepompen',
        '2015 – 2019    Vrachtwagenchauffeur bij Transportbedrijf Mulder B.V., Kampen',
        '• Nationaal distributievervoer',
      ]),
    ).toEqual([
      ['Onderhoudsmonteur', 'Van Dijk Installatietechniek B.V., Zwolle'],
      ['Vrachtwagenchauffeur', 'Transportbedrijf Mulder B.V., Kampen'],
    ]);
    expect(
      rows(['Magazijnmedewerker', 'Groothandel Smit, Deventer', 'januari 2012 – april 2015', '• Orderpicken']),
    ).toEqual([['Magazijnmedewerker', 'Groothandel Smit, Deventer']]);
  });

  it('Spanish, Italian and Portuguese: trades in their usual layouts', () => {
    expect(
      rows([
        '2017 – actualidad  Fontanero en Instalaciones Ribera S.L., Valencia',
        '2012 – 2017  Electricista, Montajes Turia S.A., Valencia',
      ]).map((r) => r[0]),
    ).toEqual(['Fontanero', 'Electricista']);
    expect(
      rows(['Técnico de mantenimiento — Hortalizas del Ebro S.L., Zaragoza', 'Marzo 2009 – Febrero 2012']).map(
        (r) => r[0],
      ),
    ).toEqual(['Técnico de mantenimiento']);
    expect(
      rows([
        '2014 – 2021  Idraulico presso Termoidraulica Conti S.r.l., Brescia',
        '2010 – 2014  Elettricista, Impianti Rossi S.p.A., Verona',
        '2006 – 2010: Addetta alla contabilità presso Ferramenta Bellini S.r.l., Bergamo',
      ]).map((r) => r[0]),
    ).toEqual(['Idraulico', 'Elettricista', 'Addetta alla contabilità']);
    expect(
      rows([
        '2012 – 2016  Eletricista, Instalações Norte S.A., Porto',
        '2008 – 2012  Enfermeira, Hospital de Santa Luzia, Viana do Castelo',
      ]).map((r) => r[0]),
    ).toEqual(['Eletricista', 'Enfermeira']);
  });

  // No ESCO occupation labels in Spanish, Italian or Portuguese here: a trade outside the lexicon is read by the
  // layout, a plain part before the part that names the employer's firm.
  it('a title outside every word list, before its employer’s firm on one line (Spanish, Italian, Portuguese)', () => {
    const only = (lines: string[]) => rows(lines).map((r) => r[0]);
    expect(
      only([
        '2018 – actualidad  Camarero, Hostelería Levante S.L., Alicante',
        '2013 – 2018  Panadero en Hornos García S.A., Murcia',
      ]),
    ).toEqual(['Camarero', 'Panadero']);
    expect(
      only([
        '2017 – oggi  Idraulico, Termoidraulica Conti S.r.l., Brescia',
        '2012 – 2017  Cameriere presso Ristorante Da Gino S.n.c., Verona',
      ]),
    ).toEqual(['Idraulico', 'Cameriere']);
    expect(
      only([
        '2016 – 2022  Canalizador na Águas do Minho Lda., Braga',
        '2011 – 2016  Padeiro, Panificadora Lusa Lda., Porto',
      ]),
    ).toEqual(['Canalizador', 'Padeiro']);
    // The firm first: no title is made up from it or its place.
    expect(only(['2015 – 2019  Panificadora Lusa Lda., Porto', '• Fabrico de pão'])).toEqual(['']);
  });

  it('keeps the headline models’ role words as they were trained, and reads no ordinary word as a role', () => {
    expect(roleWords.has('elektroniker')).toBe(false);
    expect(cvRoleWords.has('elektroniker')).toBe(true);
    expect(cvRoleWords.has('onderhoudsmonteur')).toBe(true);
    expect(cvRoleWords.has('carreleur')).toBe(true);
    for (const word of ['management', 'restaurant', 'betriebstechnik', 'walzstrasse', 'maintenance', 'production'])
      expect(cvRoleWords.has(word)).toBe(false);
  });
});
