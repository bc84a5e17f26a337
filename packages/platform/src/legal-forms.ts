/**
 * Legal forms of firms (folded: lowercase, no dots or accents) in the countries of the seven languages the analyzers
 * read and in English-speaking ones: after a name they say it names a firm ("Brennholt GmbH", "Arrow Electronics
 * Inc"). The documents analyzer reads organisation lines with them, the skills linker firm names. Nordic forms only
 * where they are no word of another language ("AS", "AB" are: "worked as", Alberta).
 */
export const LEGAL_FORMS: readonly string[] = [
  // English-speaking countries
  'inc',
  'incorporated',
  'ltd',
  'limited',
  'llc',
  'llp',
  'lp',
  'corp',
  'corporation',
  'co',
  'plc',
  'pvt',
  'pte',
  'pty',
  // German
  'gmbh',
  'ag',
  'kg',
  'kgaa',
  'ohg',
  'gbr',
  'ug',
  // French
  'sa',
  'sas',
  'sasu',
  'sarl',
  'eurl',
  'sca',
  'snc',
  // Spanish, Italian, Portuguese
  'sl',
  'slu',
  'srl',
  'spa',
  'sapa',
  'lda',
  'ltda',
  // Dutch
  'bv',
  'nv',
  'vof',
  // Nordic
  'aps',
  'asa',
  'oy',
  'oyj',
];

const FOLDED_LEGAL_FORMS = new Set(LEGAL_FORMS);

/** Abbreviations written with dots ("S.A.", "S.r.l.", "B.V.", "S.A. de C.V."): letters in groups of one to three. */
const DOTTED_ABBREVIATION = /(?<![\p{L}.])(?:\p{L}{1,3}\.){2,}/gu;

/**
 * The text with every dotted abbreviation's letters run together and a space after it ("Lusa S.A." → "Lusa SA "),
 * so that word lists of undotted forms find "S.A.", "B.V.", "S.r.l." as "SA", "BV", "Srl".
 */
export function undotAbbreviations(text: string): string {
  return text.replace(DOTTED_ABBREVIATION, (m) => `${m.replaceAll('.', '')} `);
}

/** Whether a word is a legal form, written with or without dots, in any case ("GmbH", "Ltd.", "S.A.", "s.r.l."). */
export function isLegalForm(word: string): boolean {
  return FOLDED_LEGAL_FORMS.has(word.replaceAll('.', '').toLowerCase());
}
