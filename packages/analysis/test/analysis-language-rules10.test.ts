// The document language of CVs with little running text (rules-10), on snippets written for the test.
import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../src/language.js';

describe('language of a CV made of headings, dates and names', () => {
  it('reads the language from months, "until now" and headings written in one language only', () => {
    const es = [
      'CURRICULUM VITAE',
      'Lucía Ferrer Baños',
      'Calle Mayor 23, 28013 Madrid',
      'Móvil: 612 345 678',
      'EXPERIENCIA PROFESIONAL',
      'Enfermera de quirófano',
      'Hospital Universitario San Rafael, Madrid',
      'Marzo 2018 – Actualidad',
      'Instrumentación en cirugía cardiaca y vascular.',
      'Enfermera',
      'Clínica Nuestra Señora del Pilar, Zaragoza',
      'Junio 2014 – Febrero 2018',
      'FORMACIÓN ACADÉMICA',
      'Máster en Enfermería Quirúrgica, Universidad Complutense de Madrid, 2017',
      'Grado en Enfermería, Universidad de Zaragoza, 2014',
      'IDIOMAS',
      'Español (nativo), Inglés (B2)',
    ].join('\n');
    expect(detectLanguage(es)).toBe('es');
    const pt = [
      'Tiago Serrano',
      'EXPERIÊNCIA PROFISSIONAL',
      'Analista financeiro, Banco Ribeira, Lisboa',
      'Setembro 2017 – Atual',
      'FORMAÇÃO',
      'Licenciatura em Economia, Universidade do Minho, Julho 2017',
    ].join('\n');
    expect(detectLanguage(pt)).toBe('pt');
  });

  it('is not swayed by a foreign school name in an English CV', () => {
    const en = [
      'Maria Ortiz',
      'EXPERIENCE',
      'Data analyst at Harbour Freight, since June 2019. I built the reports for the sales team and the board.',
      'EDUCATION',
      'MSc Statistics, Universidad de Sevilla, 2018',
    ].join('\n');
    expect(detectLanguage(en)).toBe('en');
  });
});
