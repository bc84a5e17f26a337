/**
 * Job ads with known title, company and city in the headline layouts real postings use, in the seven languages.
 * Titles: ESCO occupation labels (CC BY 4.0); companies: invented names with a legal form of the city's country;
 * cities: data/cities.json; headline words: data/headline/<language>.json. Nothing from the Google careers set.
 */
import {
  CITIES,
  HEADLINE_LANGUAGES,
  HEADLINE_WORDS,
  type HeadlineLanguage,
  type HeadlineWords,
} from '../headline-data.js';
import { pick, type Random } from './random.js';

export interface HeadlineExample {
  text: string;
  layout: string;
  language: HeadlineLanguage;
  title: string;
  company: string;
  city: string;
}

interface Parts {
  title: string;
  company: string;
  city: string;
  country: string;
  w: HeadlineWords;
  random: Random;
}

const gender = (p: Parts) => pick(p.random, p.w.gender);

/** Layouts, by name; HELD_OUT_LAYOUTS are never trained on. */
export const LAYOUTS: Record<string, (p: Parts) => string> = {
  'title-gender-dash-company-city': (p) => `${p.title} ${gender(p)} – ${p.company}, ${p.city}`,
  'title-slash-company-city-country': (p) => `${p.title} / ${p.company}, ${p.city}, ${p.country}`,
  'company-hiring-title-in-city': (p) =>
    `${p.company} ${pick(p.random, p.w.hiring)} ${pick(p.random, p.w.article)} ${p.title} ${pick(p.random, p.w.in)} ${p.city}`,
  'about-company-role-title': (p) =>
    `${pick(p.random, p.w.about)} ${p.company}\n${pick(p.random, p.w.body.slice(-2))}\n${pick(p.random, p.w.role)} ${p.title}\n${p.city}, ${p.country}`,
  'caps-company-city-above-title': (p) =>
    `${p.company.toUpperCase()} | ${p.city}, ${p.country}\n${p.title} ${gender(p)}`,
  'title-dash-company-dash-city': (p) => `${p.title} – ${p.company} – ${p.city}`,
  'title-line-company-dot-city': (p) => `${p.title}\n${p.company} · ${p.city}, ${p.country}`,
  'title-at-company-city': (p) => `${p.title} ${pick(p.random, p.w.at)} ${p.company} (${p.city})`,
  'company-line-title-line-city': (p) => `${p.company}\n${p.title} ${gender(p)}\n${p.city}`,
  'company-dash-title-line-city': (p) => `${p.company} - ${p.title} ${gender(p)}\n${p.city}, ${p.country}`,
  // held out
  'title-pipe-city-pipe-company': (p) => `${p.title} ${gender(p)} | ${p.city} | ${p.company}`,
  'company-emdash-title-emdash-city-country': (p) => `${p.company} — ${p.title} — ${p.city}, ${p.country}`,
  'title-comma-company-comma-city': (p) => `${p.title}, ${p.company}, ${p.city}`,
};
export const HELD_OUT_LAYOUTS: ReadonlySet<string> = new Set([
  'title-pipe-city-pipe-company',
  'company-emdash-title-emdash-city-country',
  'title-comma-company-comma-city',
]);

const LEGAL_FORM: Record<string, readonly string[]> = {
  'United Kingdom': ['Ltd', 'Limited', 'plc'],
  'United States': ['Inc.', 'LLC', 'Corp.'],
  Germany: ['GmbH', 'AG', 'GmbH & Co. KG'],
  Austria: ['GmbH', 'AG'],
  Switzerland: ['AG', 'SA', 'GmbH'],
  France: ['SAS', 'SA', 'SARL'],
  Belgium: ['SA', 'NV', 'BV'],
  Spain: ['S.L.', 'S.A.'],
  Mexico: ['S.A. de C.V.'],
  Italy: ['S.r.l.', 'S.p.A.'],
  Netherlands: ['B.V.', 'N.V.'],
  Portugal: ['Lda.', 'S.A.'],
  Brazil: ['Ltda.', 'S.A.'],
};
const NAME_STEMS = [
  'Contoso',
  'Fabrikam',
  'Northwind',
  'Tailspin',
  'Woodgrove',
  'Lumora',
  'Brightpath',
  'Kestrel',
  'Orbitly',
  'Veltrix',
  'Quillon',
  'Harbor & Finch',
  'Alder',
  'Nimbusa',
  'Sorrel',
  'Tervo',
  'Zentrix',
  'Miravel',
];
const NAME_SECTORS = [
  'Logistics',
  'Systems',
  'Health',
  'Energy',
  'Software',
  'Foods',
  'Analytics',
  'Retail',
  'Consulting',
  'Bank',
  'Media',
  'Robotics',
  '',
  '',
  '',
];

function company(random: Random, country: string): string {
  const base = [pick(random, NAME_STEMS), pick(random, NAME_SECTORS)].filter(Boolean).join(' ');
  const forms = LEGAL_FORM[country];
  return forms && random() < 0.75 ? `${base} ${pick(random, forms)}` : base;
}

const titleCase = (s: string) =>
  s.replace(/(^|[\s/-])(\p{Ll})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());

/** `count` examples from the layouts given, drawn with `random`. */
export function generateHeadlines(
  random: Random,
  titles: readonly string[],
  layouts: readonly string[],
  count: number,
): HeadlineExample[] {
  const countries = Object.keys(CITIES);
  const out: HeadlineExample[] = [];
  for (let i = 0; i < count; i++) {
    const language = pick(random, HEADLINE_LANGUAGES);
    const country = pick(random, countries);
    const city = pick(random, CITIES[country]!);
    const title = random() < 0.6 ? titleCase(pick(random, titles)) : pick(random, titles);
    const parts: Parts = {
      title,
      company: company(random, country),
      city,
      country,
      w: HEADLINE_WORDS[language],
      random,
    };
    const layout = pick(random, layouts);
    const body = HEADLINE_WORDS[language].body.slice(0, 3).join('\n- ');
    out.push({ text: `${LAYOUTS[layout]!(parts)}\n\n${body}`, layout, language, title, company: parts.company, city });
  }
  return out;
}
