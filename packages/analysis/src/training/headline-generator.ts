/**
 * Job ads with known title, company and city in the headline layouts real postings use, in the seven languages.
 * Titles: ESCO occupation labels (CC BY 4.0; French and Dutch labels for those languages), some with a seniority
 * word or a ", Specialty" from ESCO knowledge labels ("Software Developer, Cloud Technologies"); companies: invented
 * names (made of syllables, so no name recurs enough to be learned) with a sector word and a legal form of the city's
 * country, or (a tenth) a public body named after a place, often the ad's own city ("Klinikum {place}"); cities:
 * data/cities.json, a fifth GeoNames towns (data/towns.json, CC BY 4.0) and a quarter invented place names, some
 * with a region's code or name or a postcode; headline words, work arrangements, employment types and salaries:
 * data/headline/<language>.json. Nothing from the Google careers set.
 */
import {
  CITIES,
  HEADLINE_LANGUAGES,
  HEADLINE_WORDS,
  type HeadlineLanguage,
  type HeadlineWords,
} from '../headline-data.js';
import { townsOf } from '../places.js';
import { pick, type Random } from './random.js';

export interface HeadlineExample {
  text: string;
  layout: string;
  language: HeadlineLanguage;
  title: string;
  company: string;
  /** Empty when the headline names no city ("Title – Remote"). */
  city: string;
}

/** Job titles by language (English for the languages without ESCO labels here) and ", Specialty" phrases. */
export interface TitleSource {
  titles: Readonly<Partial<Record<HeadlineLanguage, readonly string[]>>> & { en: readonly string[] };
  specialties: readonly string[];
  /** Sentences for the body (first sentences of ESCO skill descriptions). */
  sentences: readonly string[];
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
/** "ab sofort ", "per direct ": a third of hiring sentences say when. */
const when = (p: Parts) => (p.random() < 0.3 ? `${pick(p.random, p.w.hiringWhen)} ` : '');
/** A shift, work arrangement or employment type, as ads write it beside a field ("Nights", "(Teilzeit)"). */
const qualifier = (p: Parts) => pick(p.random, [p.w.shifts, p.w.remote, p.w.jobTypes][Math.floor(p.random() * 3)]!);
const remote = (p: Parts) => pick(p.random, p.w.remote);
const jobType = (p: Parts) => pick(p.random, p.w.jobTypes);
/** A hiring prefix as its language writes it, or closed by another mark ("We're hiring!", "Vacature –"). */
const prefix = (p: Parts) => {
  const written = pick(p.random, p.w.hiringPrefix);
  const mark = p.random();
  if (mark < 0.5) return written;
  const bare = written.replace(/\s*[:–]$/u, '');
  // "Vacature Chauffeur C/CE": some boards write the prefix with no mark at all.
  return mark < 0.7 ? `${bare}!` : mark < 0.9 ? `${bare} –` : bare;
};
const salary = (p: Parts) => {
  const lo = 30 + Math.floor(p.random() * 50);
  return pick(p.random, p.w.salary)
    .replaceAll('{lo}', String(lo))
    .replaceAll('{hi}', String(lo + 10 + Math.floor(p.random() * 30)));
};

/** Layouts, by name; HELD_OUT_LAYOUTS are never trained on. A layout without the city gives an example city ''. */
export const LAYOUTS: Record<string, (p: Parts) => string> = {
  'title-gender-dash-company-city': (p) => `${p.title} ${gender(p)} – ${p.company}, ${p.city}`,
  'title-slash-company-city-country': (p) => `${p.title} / ${p.company}, ${p.city}, ${p.country}`,
  'company-hiring-title-in-city': (p) =>
    `${p.company} ${pick(p.random, p.w.hiring)} ${when(p)}${pick(p.random, p.w.article)} ${p.title}${p.random() < 0.3 ? ` ${gender(p)}` : ''} ${pick(p.random, p.w.in)} ${p.city}`,
  'about-company-role-title': (p) =>
    `${pick(p.random, p.w.about)} ${p.company}\n${pick(p.random, p.w.body.slice(-2))}\n${pick(p.random, p.w.role)} ${p.title}\n${p.city}, ${p.country}`,
  'caps-company-city-above-title': (p) =>
    `${p.company.toUpperCase()} | ${p.city}, ${p.country}\n${p.title} ${gender(p)}`,
  'title-dash-company-dash-city': (p) => `${p.title} – ${p.company} – ${p.city}`,
  'title-line-company-dot-city': (p) => `${p.title}\n${p.company} · ${p.city}, ${p.country}`,
  'title-at-company-city': (p) => `${p.title} ${pick(p.random, p.w.at)} ${p.company} (${p.city})`,
  'title-at-company-in-city': (p) =>
    `${p.title} ${pick(p.random, p.w.at)} ${p.company} ${pick(p.random, p.w.in)} ${p.city}`,
  'company-line-title-line-city': (p) => `${p.company}\n${p.title} ${gender(p)}\n${p.city}`,
  'company-dash-title-line-city': (p) => `${p.company} - ${p.title} ${gender(p)}\n${p.city}, ${p.country}`,
  'title-gender-pipe-company-pipe-city': (p) => `${p.title} ${gender(p)} | ${p.company} | ${p.city}`,
  'city-dash-title-dash-company': (p) => `${p.city} – ${p.title} – ${p.company}`,
  'prefix-title-line-company-city': (p) => `${prefix(p)} ${p.title}\n${p.company}, ${p.city}`,
  'title-line-company-dot-city-dot-type': (p) => `${p.title}\n${p.company} · ${p.city} · ${jobType(p)}`,
  'title-remote-line-company': (p) => `${p.title} – ${remote(p)}\n${p.company}`,
  'bracket-company-title-paren-city': (p) => `[${p.company}] ${p.title} (${p.city})`,
  'title-company-city-salary-pipes': (p) => `${p.title} | ${p.company} | ${p.city} | ${salary(p)}`,
  'company-colon-title-paren-city-remote': (p) => `${p.company}: ${p.title} (${p.city}, ${remote(p)})`,
  'title-line-company-line-city-country': (p) => `${p.title}\n${p.company}\n${p.city}, ${p.country}`,
  'title-gender-line-company-dash-city-remote': (p) =>
    `${p.title} ${gender(p)}\n${p.company} – ${p.city} (${remote(p)})`,
  'title-comma-city-line-company': (p) => `${p.title}, ${p.city}\n${p.company}`,
  'title-comma-company-line-city': (p) => `${p.title}, ${p.company}\n${p.city}, ${p.country}`,
  // A shift or department after the title's dash, the employer and town below ("Care Assistant – Nights").
  'title-dash-shift-line-company-dash-city': (p) =>
    `${p.title} – ${pick(p.random, p.w.shifts)}\n${p.company} – ${p.city}`,
  'lead-caps-title-line-company-dash-city-country': (p) =>
    `${pick(p.random, p.w.hiringLead)}: ${p.title.toLocaleUpperCase()}\n${p.company} - ${p.city}, ${p.country}`,
  // held out
  'title-paren-type-pipe-company-pipe-city': (p) => `${p.title} (${qualifier(p)}) | ${p.company} | ${p.city}`,
  'title-pipe-city-pipe-company': (p) => `${p.title} ${gender(p)} | ${p.city} | ${p.company}`,
  'company-emdash-title-emdash-city-country': (p) => `${p.company} — ${p.title} — ${p.city}, ${p.country}`,
  'title-comma-company-comma-city': (p) => `${p.title}, ${p.company}, ${p.city}`,
  'city-pipe-company-pipe-title': (p) => `${p.city} | ${p.company} | ${p.title} ${gender(p)}`,
  'prefix-title-at-company-dot-city-dot-remote': (p) =>
    `${prefix(p)} ${p.title} @ ${p.company} · ${p.city} · ${remote(p)}`,
  'title-paren-company-dash-city-salary': (p) => `${p.title} (${p.company}) – ${p.city} – ${salary(p)}`,
  'company-line-title-comma-city-type': (p) => `${p.company}\n${p.title}, ${p.city} (${jobType(p)})`,
};
export const HELD_OUT_LAYOUTS: ReadonlySet<string> = new Set([
  'title-paren-type-pipe-company-pipe-city',
  'title-pipe-city-pipe-company',
  'company-emdash-title-emdash-city-country',
  'title-comma-company-comma-city',
  'city-pipe-company-pipe-title',
  'prefix-title-at-company-dot-city-dot-remote',
  'title-paren-company-dash-city-salary',
  'company-line-title-comma-city-type',
]);
/**
 * Random compositions, so that no feature can lean on one order: the three fields in any order, each joined to the
 * next by a dash, bar, dot, comma, slash, line break or parentheses, sometimes with a work arrangement, employment
 * type or salary. The orders and separators of the held-out layouts (dashes counted as one) are never composed.
 */
const JOINS = [' – ', ' — ', ' - ', ' | ', ' · ', ', ', ' / ', '\n', '\n', ' (', ' @ '];
const joinClass = (j: string) => (/[–—-]/.test(j) ? ' dash ' : j === ' @ ' ? ' at ' : j === '\n' ? ' line ' : j.trim());
const HELD_OUT_COMPOSITIONS: ReadonlySet<string> = new Set([
  'T|Y|C',
  'C dash T dash Y',
  'T,C,Y',
  'Y|C|T',
  'C line T,Y',
  // "Title (Company) – City – salary"
  'T(C) dash Y',
]);

export const COMPOSED = 'composed';
function composed(p: Parts): { text: string; city: boolean } {
  for (;;) {
    const order = ['T', 'C', 'Y'].sort(() => p.random() - 0.5);
    const cityless = p.random() < 0.05;
    // A field may carry a qualifier in brackets anywhere in the line ("Verkäufer – Bäckerei Möller (Teilzeit) – Kiel"),
    // the title more often than the company.
    const qualified = (field: string, share: number) =>
      !wrapped && p.random() < share ? `${field} (${qualifier(p)})` : field;
    let wrapped = false;
    const render = (k: string) => {
      if (k === 'T') return qualified(p.random() < 0.3 ? `${p.title} ${gender(p)}` : p.title, 0.1);
      if (k === 'C') return qualified(p.random() < 0.1 ? p.company.toUpperCase() : p.company, 0.03);
      if (cityless) return remote(p);
      return p.random() < 0.3 ? `${p.city}, ${p.country}` : p.city;
    };
    let text = render(order[0]!);
    let signature = order[0]!;
    for (const k of order.slice(1)) {
      // Parentheses wrap one field: "Title – Company (City)", "Title (Company) | City".
      const join = pick(p.random, JOINS);
      wrapped = join === ' (';
      text += `${join}${render(k)}${wrapped ? ')' : ''}`;
      signature += `${joinClass(join)}${k}${join === ' (' ? ')' : ''}`;
    }
    if (HELD_OUT_COMPOSITIONS.has(signature)) continue;
    const extra = p.random();
    if (extra < 0.1) text += ` · ${remote(p)}`;
    else if (extra < 0.2) text += ` | ${salary(p)}`;
    else if (extra < 0.3) text = `${prefix(p)} ${text}`;
    else if (extra < 0.35) text += ` (${jobType(p)})`;
    return { text, city: !cityless };
  }
}

/** Layouts whose headline names no city. */
const CITYLESS: ReadonlySet<string> = new Set(['title-remote-line-company']);

const LEGAL_FORM: Record<string, readonly string[]> = {
  'United Kingdom': ['Ltd', 'Limited', 'plc'],
  'United States': ['Inc.', 'LLC', 'Corp.'],
  Germany: ['GmbH', 'AG', 'GmbH & Co. KG', 'SE'],
  Austria: ['GmbH', 'AG'],
  Switzerland: ['AG', 'SA', 'GmbH'],
  France: ['SAS', 'SA', 'SARL'],
  Belgium: ['SA', 'NV', 'BV', 'SRL'],
  Spain: ['S.L.', 'S.A.'],
  Mexico: ['S.A. de C.V.'],
  Italy: ['S.r.l.', 'S.p.A.'],
  Netherlands: ['B.V.', 'N.V.'],
  Portugal: ['Lda.', 'S.A.'],
  Brazil: ['Ltda.', 'S.A.'],
  Ireland: ['Ltd', 'DAC'],
  Poland: ['Sp. z o.o.', 'S.A.'],
  Canada: ['Inc.', 'Ltd.'],
  India: ['Pvt. Ltd.', 'Ltd'],
  Australia: ['Pty Ltd'],
  Singapore: ['Pte. Ltd.'],
  Japan: ['K.K.'],
};
const SYLLABLES = [
  'al',
  'an',
  'ar',
  'ba',
  'be',
  'bri',
  'ca',
  'co',
  'da',
  'de',
  'do',
  'el',
  'en',
  'fa',
  'fi',
  'ga',
  'go',
  'ha',
  'in',
  'ka',
  'ke',
  'ko',
  'la',
  'le',
  'li',
  'lo',
  'lu',
  'ma',
  'me',
  'mi',
  'mo',
  'na',
  'ne',
  'no',
  'or',
  'pa',
  'pi',
  'qui',
  'ra',
  're',
  'ri',
  'ro',
  'sa',
  'se',
  'so',
  'ta',
  'te',
  'ti',
  'to',
  'tra',
  'va',
  've',
  'vi',
  'xo',
  'za',
  'zen',
  'nor',
  'lum',
  'kes',
  'trix',
  'vel',
  'wind',
  'dor',
  'lin',
  'mar',
  'ton',
  'ven',
  'sky',
  'tek',
  'lux',
];

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function inventedName(random: Random): string {
  let s = '';
  const n = 2 + Math.floor(random() * 2);
  for (let i = 0; i < n; i++) s += pick(random, SYLLABLES);
  return capital(s);
}

/** A share of employers are public bodies named after a place: half of them the ad's own city. */
const PUBLIC_EMPLOYER_SHARE = 0.1;

function company(random: Random, country: string, city: string, w: HeadlineWords): string {
  if (random() < PUBLIC_EMPLOYER_SHARE) {
    const place = random() < 0.5 ? city : random() < 0.5 ? inventedPlace(random) : pick(random, CITIES[country]!);
    return pick(random, w.publicEmployers).replace('{place}', place);
  }
  const r = random();
  const base =
    r < 0.1
      ? Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(random, [...'ABCDEFGHKLMNPRSTVWXZ'])).join('')
      : r < 0.2
        ? `${inventedName(random)} & ${inventedName(random)}`
        : inventedName(random);
  const sector = random() < 0.5 ? ` ${pick(random, random() < 0.6 ? w.sectors : HEADLINE_WORDS.en.sectors)}` : '';
  const forms = LEGAL_FORM[country];
  // "Envases del Mediterráneo, S.L.", "Acme, Inc.": some write a comma before the legal form.
  const comma = random() < 0.15 ? ',' : '';
  return forms && random() < 0.6 ? `${base}${sector}${comma} ${pick(random, forms)}` : `${base}${sector}`;
}

const titleCase = (s: string) =>
  s.replace(/(^|[\s/-])(\p{Ll})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());

function jobTitle(random: Random, source: TitleSource, language: HeadlineLanguage, w: HeadlineWords): string {
  const own = source.titles[language];
  let title = pick(random, own && random() < 0.7 ? own : source.titles.en);
  if (random() < 0.6) title = titleCase(title);
  if (random() < 0.15) title = `${pick(random, w.seniority)} ${title}`;
  // "Software Engineer, Machine Learning": a title with a comma, as many large employers write them.
  if (random() < 0.12) title = `${title}, ${titleCase(pick(random, source.specialties))}`;
  // "Accountant / Bookkeeper", "Account Manager (Logistics)": two titles in one, a qualifier in parentheses.
  const r = random();
  if (r < 0.04) title = `${title} / ${titleCase(pick(random, own ?? source.titles.en))}`;
  else if (r < 0.1) title = `${title} (${titleCase(pick(random, source.specialties))})`;
  return title;
}

const UNKNOWN_CITY_SHARE = 0.25;
const GEONAMES_TOWN_SHARE = 0.2;
/** Words that join or open real place names ("Freiburg im Breisgau", "Bad Homburg", "Saint-Étienne", "Fort Worth"). */
const PLACE_JOINS = ['am', 'im', 'an der', 'ob der', 'sur', 'sous', 'upon', 'on', 'de', 'del', 'di', 'aan den', 'do'];
const PLACE_OPENS = ['Bad', 'San', 'Santa', 'Sankt', 'Saint', 'New', 'Port', 'Fort', 'Villa', 'Porto', 'Den', 'Le'];

/** An invented place name in the shapes real ones take: one word, two joined by a particle, or an opening word. */
function inventedPlace(random: Random): string {
  const r = random();
  if (r < 0.6) return inventedName(random);
  if (r < 0.8) return `${inventedName(random)} ${pick(random, PLACE_JOINS)} ${inventedName(random)}`;
  const open = pick(random, PLACE_OPENS);
  return open === 'Saint' && random() < 0.5 ? `Saint-${inventedName(random)}` : `${open} ${inventedName(random)}`;
}

/** Region codes written after a city in the countries whose ads do so ("Austin, TX", "Toronto ON"). */
const REGION_CODES: Record<string, readonly string[]> = {
  'United States': ['TX', 'CA', 'NY', 'WA', 'MA', 'IL', 'CO', 'GA', 'FL', 'NC', 'OH', 'PA', 'AZ', 'MN', 'OR', 'VA'],
  Canada: ['ON', 'QC', 'BC', 'AB'],
  Australia: ['NSW', 'VIC', 'QLD'],
  Brazil: ['SP', 'RJ', 'MG', 'RS'],
};
/** Region names written after a city, alone or before the country ("Bergamo, Lombardia", "München, Bayern, Deutschland"). */
const REGION_NAMES: Record<string, readonly string[]> = {
  Germany: ['Bayern', 'Hessen', 'Nordrhein-Westfalen', 'Baden-Württemberg', 'Niedersachsen', 'Sachsen'],
  France: ['Occitanie', 'Île-de-France', 'Bretagne', 'Nouvelle-Aquitaine', 'Grand Est', 'Hauts-de-France'],
  Spain: ['Cataluña', 'Andalucía', 'Comunidad de Madrid', 'Galicia', 'País Vasco', 'Comunitat Valenciana'],
  Italy: ['Lombardia', 'Lazio', 'Veneto', 'Toscana', 'Piemonte', 'Emilia-Romagna'],
  Netherlands: ['Noord-Holland', 'Zuid-Holland', 'Noord-Brabant', 'Gelderland', 'Overijssel'],
};

const digits = (random: Random, n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
const letters = (random: Random, n: number) =>
  Array.from({ length: n }, () => pick(random, [...'ABCDEFGHJKLMNPRSTUWXYZ'])).join('');
/** A town with its postcode, in the shapes of the countries whose ads write one (random codes: only the shape counts). */
const POSTCODE_FORMS: Record<string, (random: Random, town: string) => string> = {
  Germany: (r, t) => `${digits(r, 5)} ${t}`,
  France: (r, t) => `${digits(r, 5)} ${t}`,
  Spain: (r, t) => `${digits(r, 5)} ${t}`,
  Italy: (r, t) => `${digits(r, 5)} ${t}`,
  Netherlands: (r, t) => `${digits(r, 4)} ${letters(r, 2)} ${t}`,
  Belgium: (r, t) => `${digits(r, 4)} ${t}`,
  Austria: (r, t) => `${digits(r, 4)} ${t}`,
  Switzerland: (r, t) => `${digits(r, 4)} ${t}`,
  Portugal: (r, t) => `${digits(r, 4)}-${digits(r, 3)} ${t}`,
  'United Kingdom': (r, t) =>
    `${t} ${letters(r, 1 + Math.floor(r() * 2))}${digits(r, 1 + Math.floor(r() * 2))}${r() < 0.5 ? ` ${digits(r, 1)}${letters(r, 2)}` : ''}`,
};

/** `count` examples from the layouts given, drawn with `random`. */
export function generateHeadlines(
  random: Random,
  source: TitleSource,
  layouts: readonly string[],
  count: number,
  /** The share of random compositions among the examples. */
  compose = 0,
): HeadlineExample[] {
  const countries = Object.keys(CITIES);
  const out: HeadlineExample[] = [];
  for (let i = 0; i < count; i++) {
    const language = pick(random, HEADLINE_LANGUAGES);
    const w = HEADLINE_WORDS[language];
    const country = pick(random, countries);
    // A quarter of the cities are invented names, as a place missing from data/cities.json is to the model: the city
    // must be read from where it stands (after a dash, before a country, in brackets), not only from the list.
    // A fifth are GeoNames towns beyond our city list, as most towns real ads name are.
    const r = random();
    const towns = townsOf(country);
    const city =
      r < UNKNOWN_CITY_SHARE
        ? inventedPlace(random)
        : r < UNKNOWN_CITY_SHARE + GEONAMES_TOWN_SHARE && towns.length > 0
          ? pick(random, towns)
          : pick(random, CITIES[country]!);
    // Where ads name a region instead of the country, it stands where the country would ("Austin, TX"); now and
    // then without the comma ("Austin TX", read by the candidates' region-code split).
    const regions = REGION_CODES[country];
    const named = REGION_NAMES[country];
    const region = regions && random() < 0.5 ? pick(random, regions) : named && random() < 0.3 ? pick(random, named) : undefined;
    const glued = region !== undefined && regions !== undefined && random() < 0.3;
    // LinkedIn writes "City, Region, Country": a third of the named regions are followed by the country.
    const regionThenCountry = region !== undefined && !glued && random() < 0.3;
    // Where ads write the postcode with the town ("74072 Heilbronn", "Hexham NE46"), a fifth of them do.
    const withPostcode = region === undefined && POSTCODE_FORMS[country] !== undefined && random() < 0.2;
    const parts: Parts = {
      title: jobTitle(random, source, language, w),
      company: company(random, country, city, w),
      city: glued ? `${city} ${region}` : withPostcode ? POSTCODE_FORMS[country]!(random, city) : city,
      country: regionThenCountry ? `${region}, ${country}` : region !== undefined && !glued ? region : country,
      w,
      random,
    };
    const layout = compose > 0 && random() < compose ? COMPOSED : pick(random, layouts);
    // The body: a heading, requirement bullets (ESCO knowledge labels) and a sentence, so lines below the headline
    // are seen as what they are.
    const bullet = pick(random, ['- ', '• ', '* ', '']);
    const bullets = Array.from({ length: 2 + Math.floor(random() * 3) }, () => {
      const skill = pick(random, source.specialties);
      return `${bullet}${random() < 0.5 ? capital(skill) : skill}`;
    });
    const prose = Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick(random, source.sentences));
    const body = [pick(random, w.body.slice(0, 2)), ...prose, ...bullets, pick(random, w.body.slice(2))].join('\n');
    const head = layout === COMPOSED ? composed(parts) : { text: LAYOUTS[layout]!(parts), city: !CITYLESS.has(layout) };
    out.push({
      text: `${head.text}\n\n${body}`,
      layout,
      language,
      title: parts.title,
      company: parts.company,
      city: head.city ? city : '',
    });
  }
  return out;
}
