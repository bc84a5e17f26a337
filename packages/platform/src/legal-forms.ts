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
