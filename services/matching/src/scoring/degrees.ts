import { fold, tokens } from './text.js';

/**
 * Degree levels, ISCED-like: 3 secondary, 4 vocational, 5 short-cycle tertiary, 6 bachelor, 7 master, 8 doctorate.
 * Names in en, de, fr, es, it, nl, pt; matched on folded words (no accents, lower case, dots dropped so that
 * B.Sc. = BSc). Higher levels are tried first, so "Laurea magistrale" is a master and not a bachelor.
 */
export type DegreeLevel = 3 | 4 | 5 | 6 | 7 | 8;

export const LEVEL_NAMES: Readonly<Record<DegreeLevel, string>> = {
  3: 'secondary',
  4: 'vocational',
  5: 'short-cycle tertiary',
  6: 'bachelor',
  7: 'master',
  8: 'doctorate',
};

/** The order of the levels; "one level below" means the previous entry. */
export const LEVEL_ORDER: readonly DegreeLevel[] = [3, 4, 5, 6, 7, 8];

/** Phrases (folded words separated by one space) per level, highest level first. */
const PHRASES: readonly [DegreeLevel, readonly string[]][] = [
  [
    8,
    [
      'phd',
      'ph d',
      'dphil',
      'doctorate',
      'doctoral',
      'doctor',
      'doktor',
      'doktorat',
      'dr',
      'doctorat',
      'doctorado',
      'doctor en',
      'dottorato',
      'dottorato di ricerca',
      'doctoraat',
      'doutorado',
      'doutoramento',
      'edd',
      'habilitation',
    ],
  ],
  [
    7,
    [
      'master',
      'masters',
      'msc',
      'm sc',
      'ma',
      'm a',
      'mba',
      'meng',
      'm eng',
      'mphil',
      'mres',
      'llm',
      'magister',
      'maitrise',
      'mastere',
      'diplome d ingenieur',
      'ingenieur diplome',
      'diplom ingenieur',
      'diplom',
      'dipl',
      'dea',
      'dess',
      'bac 5',
      'laurea magistrale',
      'laurea specialistica',
      'laurea a ciclo unico',
      'mestrado',
      'mestre',
      'postgraduate',
      'postgrado',
      'graduate degree',
      'staatsexamen',
      'drs',
      'ir',
    ],
  ],
  [
    6,
    [
      'bachelor',
      'bachelors',
      'bsc',
      'b sc',
      'ba',
      'b a',
      'beng',
      'b eng',
      'bba',
      'bs',
      'licence',
      'licenciatura',
      'licenciado',
      'licenciada',
      'laurea',
      'laurea triennale',
      'grado',
      'graduado',
      'graduada',
      'bacharelado',
      'bacharel',
      'bac 3',
      'bac 4',
      'hbo',
      'undergraduate',
      'college degree',
      'university degree',
      'universitatsabschluss',
      'hochschulabschluss',
      'studium',
    ],
  ],
  [
    5,
    [
      'associate',
      'associate degree',
      'bts',
      'dut',
      'hnd',
      'hnc',
      'bac 2',
      'tecnico superior',
      'meister',
      'techniker',
      'fachwirt',
      'mbo 4',
    ],
  ],
  [
    4,
    [
      'vocational',
      'apprenticeship',
      'ausbildung',
      'berufsausbildung',
      'lehre',
      'cap',
      'bep',
      'bac pro',
      'baccalaureat professionnel',
      'formacion profesional',
      'fp',
      'ciclo formativo',
      'qualifica professionale',
      'mbo',
      'curso tecnico',
      'ensino tecnico',
    ],
  ],
  [
    3,
    [
      'high school',
      'secondary',
      'secondary school',
      'a levels',
      'a level',
      'ged',
      'abitur',
      'fachabitur',
      'matura',
      'maturita',
      'baccalaureat',
      'bac',
      'bachillerato',
      'diploma di maturita',
      'vwo',
      'havo',
      'ensino medio',
      'ensino secundario',
      'lycee',
      'gymnasium',
    ],
  ],
];

const BY_LEVEL = PHRASES.map(([level, phrases]) => [level, phrases.map((p) => ` ${p} `)] as const);

/** Folded words of a degree text, dots and apostrophes dropped first (B.Sc. → bsc, Master's → masters). */
function degreeText(text: string): string {
  const joined = fold(text)
    .replace(/bac\s*\+\s*(\d)/g, 'bac $1')
    .replace(/scrum\s*master|master\s*data|webmaster/g, ' ')
    .replace(/(\p{L})\.(?=\p{L}\.?)/gu, '$1')
    .replace(/(\p{L})\.(?!\p{L})/gu, '$1')
    .replace(/['’]/g, '');
  return ` ${tokens(joined).join(' ')} `;
}

/**
 * Abbreviations and words that are degrees in a degree field but usually something else in a free-text line
 * (“DR planning”, “CAP theorem”, “IR”, “associate engineer”, “secondary skills”). In a free-text line they
 * count only next to a word that says the line is about education, or as “BA in …” / “MA of …”.
 */
const AMBIGUOUS = new Set([
  'dr',
  'drs',
  'ir',
  'ma',
  'ba',
  'bs',
  'fp',
  'cap',
  'bep',
  'dea',
  'edd',
  'llm',
  'ged',
  'dut',
  'hnd',
  'hnc',
  'bts',
  'associate',
  'secondary',
  'lehre',
  'meister',
  'techniker',
  'doctor',
]);

function levelIn(words: string, skipAmbiguous: boolean): DegreeLevel | undefined {
  for (const [level, phrases] of BY_LEVEL) {
    const found = (p: string) =>
      words.includes(p) &&
      (!skipAmbiguous || !AMBIGUOUS.has(p.trim()) || words.includes(`${p}in `) || words.includes(`${p}of `));
    if (phrases.some(found)) return level;
  }
  return undefined;
}

/**
 * The level a degree text names (the highest one when it names several), or undefined. `freeText` is for lines
 * that are not known to be about a degree (job requirement lines): ambiguous abbreviations need an education word.
 */
export function degreeLevel(text: string, freeText = false): DegreeLevel | undefined {
  if (!text.trim()) return undefined;
  const words = degreeText(text);
  const educationContext =
    freeText &&
    words
      .trim()
      .split(' ')
      .some((w) => EDUCATION_WORDS.has(w));
  return levelIn(words, freeText && !educationContext);
}

/** Words that say a line is about education, beyond the level names (folded). */
const EDUCATION_WORDS = new Set(
  'degree degrees diploma graduate graduated university college studies abschluss hochschule universitat studium diplome universite etudes titulo universidad estudios formacion laurea universita diploma opleiding universiteit diploma graduacao universidade formacao ensino'.split(
    ' ',
  ),
);

/** True when a free-text line is about a diploma (used to place job requirement lines). */
export function mentionsEducation(text: string): boolean {
  if (degreeLevel(text, true) !== undefined) return true;
  return tokens(text).some((t) => EDUCATION_WORDS.has(t));
}

/** Every word of the degree vocabulary, so requirement lines can drop them before comparing the rest. */
export const DEGREE_WORDS: ReadonlySet<string> = new Set([
  ...PHRASES.flatMap(([, phrases]) => phrases.flatMap((p) => p.split(' '))),
  ...EDUCATION_WORDS,
]);
