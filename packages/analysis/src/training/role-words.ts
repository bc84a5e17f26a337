/**
 * `pnpm train:analysis [shared data folder] role-words`: derives the occupation head words the CV title rules read
 * (data/role-words.json) from the ESCO occupation labels (v1.1.1 French and Dutch labels, © European Union,
 * CC BY 4.0: "This service uses the ESCO classification of the European Commission.").
 *
 * A job title names its occupation by a head word: the first in French ("*technicien* de maintenance"), the last
 * part of a Dutch compound ("onderhouds*monteur*"). A French word counts as a head when it heads enough labels
 * (`MIN_HEADS`) and most of the labels it occurs in at all (`MIN_HEAD_SHARE`), ordinary French (the ESCO skill
 * labels) uses it rarely against its head count (`MAX_BACKGROUND`), and it is an occupation's whole label as well:
 * so "carreleur", "plombier", "technicien" are kept and "de", "production", "homme" are not. Plurals of other heads
 * are left out, and words of fewer than three letters. Dutch compounds give suffixes ("~monteur" reads
 * "Onderhoudsmonteur"): a one-word label that ends at least `MIN_COMPOUNDS` other one-word labels and few ordinary
 * words (those of the occupations' descriptions). Thresholds are frequencies, never word lists. The output is
 * sorted, so the file is the same each run.
 *
 * English is left to the lexicon: the same method on the English labels (the last word before a preposition)
 * gives 349 words more than the French and Dutch heads, among them surnames and general nouns ("smith", "extra",
 * "guard", "host"), and cost 0.004 of designation F1 on the eval's held-out half; the titles it would add are read
 * by the layout where a firm follows them (a plain part before a legal form, `titleBeforeEmployer` in
 * experience.ts) or stand on a line of their own.
 *
 * German has no ESCO occupation file here: the German agent suffixes in GERMAN_AGENT_SUFFIXES (a small, documented
 * morphology, see there) are kept when the German ESCO skill labels (ordinary German text) end few words with them.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { foldWords } from '../text.js';

/** A head word must head at least this many distinct labels… */
const MIN_HEADS = 3;
/** …and at least this share of the labels it occurs in. */
const MIN_HEAD_SHARE = 0.5;
/** Ordinary text (skill labels, descriptions) may use it at most this many times per label it heads. */
const MAX_BACKGROUND = 1;
/** A compound suffix must end at least this many distinct head words other than itself… */
const MIN_COMPOUNDS = 3;
/** …be at least this long… */
const MIN_SUFFIX_LENGTH = 5;
/** …and end at most this share of the ordinary words that end with it (types, heads excluded). */
const MAX_SUFFIX_BACKGROUND = 0.2;

/**
 * German agent suffixes (a small, documented morphology: German has no ESCO occupation file here): the Latin
 * agent endings German occupations share with English (-ician, -eur), French (-icien, -eur) and Dutch (-icus,
 * -eur) heads — Elektron*iker*, Mechan*iker*, Mont*eur*, Fris*eur* — with their feminine -in. Kept only when the
 * German ESCO skill labels (ordinary German text) end at most MAX_GERMAN_BACKGROUND word types with them. Not
 * taken: -ist, -ant, -ent, -loge, which end ordinary words ("Frist", "Restaurant", "Management", "Kataloge").
 */
const GERMAN_AGENT_SUFFIXES = ['iker', 'ikerin', 'eur', 'eurin'];
const MAX_GERMAN_BACKGROUND = 10;

export interface RoleWords {
  source: string;
  thresholds: Record<string, number>;
  /** Whole words (folded). */
  words: string[];
  /** Word endings that make a compound a role ("monteur" reads "onderhoudsmonteur"). */
  suffixes: string[];
}

type Csv = Array<Record<string, string>>;
const readCsv = (path: string, from = 0): Csv =>
  parse(readFileSync(path, 'utf8'), {
    columns: true,
    skip_empty_lines: true,
    relax_column_count: true,
    // The German mapping table has stray quotes inside fields.
    relax_quotes: true,
    from_line: from + 1,
  }) as Csv;

/** Every label of an occupation: preferred and alternative, "x/y" gender pairs split, notes in brackets dropped. */
function labels(rows: Csv): string[] {
  const out = new Set<string>();
  for (const r of rows) {
    const all = [r['preferredLabel'] ?? '', ...(r['altLabels'] ?? '').split(/[\n|]/)];
    for (const l of all)
      for (const part of l.replace(/\([^)]*\)/g, ' ').split('/')) {
        const folded = foldWords(part);
        if (folded) out.add(folded);
      }
  }
  return [...out];
}

/** Number of texts each folded word occurs in. */
function documentCounts(texts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of texts)
    for (const w of new Set(foldWords(t).split(' ').filter(Boolean))) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

const inc = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

/** Head words of one language's labels, with `head` picking the head of a folded label. */
function headWords(
  labelTexts: readonly string[],
  background: Map<string, number>,
  head: (words: string[]) => string | undefined,
): string[] {
  const heads = new Map<string, number>();
  const occurs = documentCounts(labelTexts);
  const whole = new Set(labelTexts);
  for (const l of labelTexts) {
    const h = head(l.split(' '));
    // Letters only, three or more: two-letter heads are abbreviations ("pa", "ta") that name places and more.
    if (h && /^[a-z]{3,}$/.test(h)) inc(heads, h);
  }
  return (
    [...heads]
      // A plural of another head ("engineers", "consultants") names a group ("Working with Engineers"), not a post.
      .filter(([w]) => !(w.endsWith('s') && heads.has(w.slice(0, -1))))
      // A head that is an occupation's whole label too ("scaffolder", "carreleur"), not only a word after others
      // ("delivery person", "gold smith", "care provider": a general noun, a surname, a firm's word).
      .filter(([w]) => whole.has(w))
      .filter(
        ([w, n]) =>
          n >= MIN_HEADS &&
          n / (occurs.get(w) ?? n) >= MIN_HEAD_SHARE &&
          (background.get(w) ?? 0) <= n * MAX_BACKGROUND,
      )
      .map(([w]) => w)
  );
}

/** Endings of compounds: heads that end at least MIN_COMPOUNDS other heads and few ordinary words. */
function compoundSuffixes(
  candidates: readonly string[],
  headTypes: readonly string[],
  ordinaryTypes: readonly string[],
): string[] {
  const heads = new Set(headTypes);
  return candidates.filter((s) => {
    if (s.length < MIN_SUFFIX_LENGTH) return false;
    const compounds = headTypes.filter((h) => h.length > s.length && h.endsWith(s)).length;
    const ordinary = ordinaryTypes.filter((w) => !heads.has(w) && w.length > s.length && w.endsWith(s)).length;
    return compounds >= MIN_COMPOUNDS && ordinary <= MAX_SUFFIX_BACKGROUND * (ordinary + compounds);
  });
}

export function buildRoleWords(sharedData: string): RoleWords {
  const esco = (p: string) => join(sharedData, 'esco', p);
  const occupationsNl = readCsv(esco('labels-nl/occupations_nl.csv'));
  const occupationsFr = readCsv(esco('labels-fr/occupations_fr.csv'));
  const descriptions = (rows: Csv) => rows.map((r) => r['description'] ?? '');
  const skillLabels = (rows: Csv) => rows.map((r) => r['preferredLabel'] ?? '');
  // Ordinary text per language: skill labels, and for Dutch (whose skill labels are not here) the occupations'
  // descriptions, counted per sentence.
  const backgroundFr = documentCounts(skillLabels(readCsv(esco('labels-fr/skills_fr.csv'))));
  const nlSentences = descriptions(occupationsNl).flatMap((d) => d.split(/[.!?]\s+/));
  const backgroundNl = documentCounts(nlSentences);

  const fr = headWords(labels(occupationsFr), backgroundFr, (w) => w[0]);
  // Dutch labels put the head first ("medewerker bibliotheek") or last ("technisch directeur"), and most are one
  // compound ("toneelmeester"): a one-word label is an occupation's name, so heads are counted on those.
  const nlSingle = labels(occupationsNl).filter((l) => !l.includes(' '));
  // Dutch compounds: a one-word label that ends other one-word labels ("monteur" ends "automonteur").
  const nlSuffixes = compoundSuffixes(nlSingle, nlSingle, [...backgroundNl.keys()]);

  const deRows = readCsv(esco('labels-de/DE_Mapping_ESCO_Kompetenzen_220518_0.csv'), 17);
  const deTypes = [...documentCounts(deRows.map((r) => r['Classification 1 PrefLabel'] ?? '')).keys()];
  const deSuffixes = GERMAN_AGENT_SUFFIXES.filter(
    (s) => deTypes.filter((w) => w.length > s.length + 2 && w.endsWith(s)).length <= MAX_GERMAN_BACKGROUND,
  );
  return {
    source:
      'ESCO v1.1.1 occupation labels (fr, nl; skill labels and occupation descriptions as ordinary text) and German ESCO skill labels; © European Union, CC BY 4.0. This service uses the ESCO classification of the European Commission. Written by `pnpm train:analysis <data> role-words` (src/training/role-words.ts).',
    thresholds: {
      MIN_HEADS,
      MIN_HEAD_SHARE,
      MAX_BACKGROUND,
      MIN_COMPOUNDS,
      MIN_SUFFIX_LENGTH,
      MAX_SUFFIX_BACKGROUND,
      MAX_GERMAN_BACKGROUND,
    },
    words: [...new Set([...fr, ...nlSuffixes])].sort(),
    suffixes: [...new Set([...nlSuffixes, ...deSuffixes])].sort(),
  };
}

export function writeRoleWords(sharedData: string, repoRoot: string): void {
  const roles = buildRoleWords(sharedData);
  const json = `${JSON.stringify(roles, null, 1)}\n`;
  const out = join(repoRoot, 'packages/analysis/data/role-words.json');
  writeFileSync(out, json);
  console.log(
    `role words: ${roles.words.length} words, ${roles.suffixes.length} suffixes; wrote ${out} (${json.length} bytes, sha256 ${createHash('sha256').update(json).digest('hex')})`,
  );
}
