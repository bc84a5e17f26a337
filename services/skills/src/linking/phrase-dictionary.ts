import { createRequire } from 'node:module';
import type { SkillIndex } from '../search/skill-index.js';
import { foldText, stemToken, tokenize } from '../text/normalize.js';
import { commonWords, lessCommonEnglishWords, mostCommonEnglishWords, namedWords } from './ordinary-words.js';

const stopwords = createRequire(import.meta.url)('stopwords-iso/stopwords-iso.json') as Record<string, string[]>;

/** One way a skill can be written in text (details derived on demand: the dictionary stores label ids only). */
export interface Phrase {
  skill: number;
  preferred: boolean;
  /** Folded tokens, unstemmed: equal to the text's tokens means an exact (not inflected) match. */
  exactKey: string;
  /** The label as written, for case-sensitive matches. */
  surface: string;
  /** Single-word labels that are short or everyday words ("R", "Go", "IT"): only matched as written, mid-sentence. */
  caseSensitive: boolean;
  /** A variant we derived ("Java" from "Java (computer programming)"), not a label as such. */
  derived: boolean;
  /** Derived by dropping a vendor ("Windows" of "Microsoft Windows"): any label as such written so wins. */
  withoutVendor: boolean;
  /**
   * A product's short name that is a less common English word ("Oracle", "Bamboo", "Rally"; see skill-linker), or the
   * bare name of a skill the taxonomy names with a qualifier because the word alone means something else ("Chef" of
   * "Chef (tools for software configuration management)", "Puppet", "Canvas"): "junior chefs" are cooks.
   */
  englishWord: boolean;
  /** A one-word name written as its parts ("Power Point" of "PowerPoint"): its first part keeps its capital. */
  split: boolean;
  /**
   * The bare name of a skill named with a qualifier ("Source" of "Source (digital game creation systems)", "Scratch",
   * "Assembly"), when it is one of the most common English words (SCOWL level 10; not "Python"): in any case it is
   * the word unless the sentence names another skill (skill-linker's withoutLoneWords): "Source Reduction and
   * Recovery", "Scratch Pad" are no game engine nor programming language; "Assembly, C and C++" stays. Not a name of
   * two or three letters ("Go"): those count only as written mid-sentence already (ambiguous()).
   */
  qualifiedWord?: boolean;
  /** A plural with a sense of its own ("securities"): its singular ("security") is another word. See pluralSense(). */
  pluralSense?: boolean;
}

// Entry codes: label id × 16 + variant bits (1 without parentheses, 2 joined "cicd", 4 without the vendor: "Windows"
// of "Microsoft Windows", 8 a name in one word written as its parts: "Power Point"); 0 is the label as written.
type Code = number;

/**
 * The labels of one language, keyed by their stemmed token sequence, for linking text of that language.
 * Memory matters (ESCO has ~110k English labels), so entries are label ids, expanded to Phrases on a hit.
 */
export class PhraseDictionary {
  private readonly entries = new Map<string, Code | Code[]>();
  /** For each first token, the longest phrase starting with it (in tokens). */
  private readonly longest = new Map<string, number>();
  /**
   * For each first two tokens of a phrase of two or more, the longest such phrase: most words start some long label
   * ("manage …") but few go on with the next word of the text, so most positions need one lookup, not twelve.
   */
  private readonly longestPair = new Map<string, number>();
  /** The last stemmed token of every phrase of two or more tokens (a cheap filter for gapped matches). */
  private readonly lastTokens = new Set<string>();
  private readonly common: Set<string>;
  /** Words that labels write in lowercase: an acronym label equal to one of them ("LED" / "led") is ambiguous. */
  private readonly lowercaseWords = new Set<string>();
  /** Their stems in the dictionary's language: "notions" makes "Notion" a word of French. */
  private readonly lowercaseStems = new Set<string>();
  /**
   * The most common words of English, whatever the taxonomy writes (see ambiguous()): product names are English
   * words in text of any language ("Flash-overstromingen", German "Teams").
   */
  private readonly commonWords = commonWords('en');

  constructor(
    private readonly index: SkillIndex,
    readonly stemLanguage: string,
  ) {
    const languageId = index.languages.indexOf(stemLanguage);
    this.common = new Set(stopwords[stemLanguage] ?? []);
    const named = namedWords(index);
    for (let label = 0; label < index.labelText.length; label++) {
      if (index.labelLanguage[label] !== languageId) continue;
      // In lowercase, accents and all: "responsabilità" of "Senso di responsabilità" is a word (its key is folded).
      // Not a one-word label that is a skill's name elsewhere (ordinary-words' namedWords()).
      const tokens = tokenize(index.labelText[label]!);
      if (tokens.length === 1 && named.has(tokens[0]!.key)) continue;
      for (const token of tokens)
        if (token.surface === token.surface.toLowerCase()) this.lowercaseWords.add(token.key);
    }
    for (const word of this.lowercaseWords) this.lowercaseStems.add(stemToken(word, stemLanguage));
    for (let label = 0; label < index.labelText.length; label++) {
      if (index.labelLanguage[label] !== languageId) continue;
      for (const variant of VARIANTS) {
        const keys = this.variantKeys(label, variant);
        if (keys && !this.linkable(label, keys)) continue;
        // Without its vendor, a product must still be a name ("Dreamweaver", "PowerPoint"): not ordinary words the
        // taxonomy writes in lowercase ("Project", "Office", "Web Services") nor two letters ("CO" of "SAP CO").
        if (
          keys &&
          variant & 4 &&
          (keys.every((key) => this.lowercaseWords.has(key)) || (keys.length === 1 && keys[0]!.length < 3))
        )
          continue;
        if (keys) this.put(keys, label * VARIANT_CODES + variant);
      }
    }
  }

  /** The longest phrase (in tokens) that starts with this stemmed token, or 0. */
  maxLength(firstStem: string): number {
    return this.longest.get(firstStem) ?? 0;
  }

  /** The longest phrase (in tokens) that can start at stems[i], given the stem after it; 0 when none. */
  maxLengthAt(stems: readonly string[], i: number): number {
    const first = stems[i]!;
    const longest = this.longest.get(first) ?? 0;
    if (longest >= 2 && i + 1 < stems.length) {
      const pair = this.longestPair.get(`${first} ${stems[i + 1]!}`);
      if (pair !== undefined) return pair;
    }
    return longest > 0 && this.entries.has(first) ? 1 : 0;
  }

  /** The taxonomy writes this word of the dictionary's language in lowercase, in this or another inflection. */
  writesInLowercase(key: string): boolean {
    return this.lowercaseWords.has(key) || this.lowercaseStems.has(stemToken(key, this.stemLanguage));
  }

  /** A stop word of the dictionary's language ("die", "was", "also" in German). */
  isStopWord(key: string): boolean {
    return this.common.has(key);
  }

  /** Some phrase of two or more tokens ends with this stemmed token. */
  endsPhrase(stem: string): boolean {
    return this.lastTokens.has(stem);
  }

  lookup(stemKey: string): Phrase[] | undefined {
    const found = this.entries.get(stemKey);
    if (found === undefined) return undefined;
    return (typeof found === 'number' ? [found] : found).map((code) => this.phrase(code));
  }

  /**
   * Phrases expanded so far (expanding re-tokenises the label): texts of one field share most of their phrases.
   * Bounded, so that a stream of unusual texts cannot grow it past a few MB.
   */
  private readonly expanded = new Map<Code, Phrase>();

  private phrase(code: Code): Phrase {
    let phrase = this.expanded.get(code);
    if (!phrase) {
      if (this.expanded.size >= MAX_EXPANDED) this.expanded.clear();
      this.expanded.set(code, (phrase = this.expand(code)));
    }
    return phrase;
  }

  private expand(code: Code): Phrase {
    const label = Math.floor(code / VARIANT_CODES);
    const variant = code % VARIANT_CODES;
    const keys = this.variantKeys(label, variant)!;
    const surface = variantText(this.index.labelText[label]!, variant)!;
    const productShortName = (variant & 4) !== 0 || this.productAlternative(label);
    const name = variant === 0 && keys.length === 1 && this.nameOfEveryLanguage(label);
    return {
      skill: this.index.labelSkill[label]!,
      preferred: this.index.labelPreferred[label] === 1,
      exactKey: keys.join(' '),
      surface,
      caseSensitive: !(variant & 2) && this.ambiguous(surface, keys, productShortName, name),
      derived: variant !== 0,
      withoutVendor: (variant & 4) !== 0,
      split: (variant & 8) !== 0,
      // The cheap tests first: expand() runs for every phrase a text reaches.
      englishWord:
        keys.length === 1 &&
        lessCommonEnglishWords().has(keys[0]!) &&
        (productShortName || name || this.qualifiedName(label)),
      pluralSense: keys.length === 1 && this.pluralSense(keys[0]!),
      qualifiedWord:
        keys.length === 1 && keys[0]!.length > 3 && mostCommonEnglishWords().has(keys[0]!) && this.qualifiedName(label),
    };
  }

  /** The label's skill is named with a qualifier in parentheses ("Source (digital game creation systems)"). */
  private qualifiedName(label: number): boolean {
    const skill = this.index.labelSkill[label]!;
    return /\(/u.test(
      this.index.preferredLabel(skill, this.stemLanguage) ?? this.index.preferredLabel(skill, 'en') ?? '',
    );
  }

  /** Token keys of a label variant, or undefined when the variant does not differ from the label. */
  private variantKeys(label: number, variant: number): string[] | undefined {
    const text = this.index.labelText[label]!;
    const base = variantText(text, variant);
    if (base === undefined) return undefined;
    const tokens = tokenize(base);
    if (tokens.length === 0 || tokens.length > 12) return undefined;
    if (!(variant & 2)) return tokens.map((t) => t.key);
    // "CI/CD", "Node.js", "e-commerce" are also written "cicd", "nodejs", "ecommerce".
    if (!tokens.some((t) => t.joined)) return undefined;
    const joined: string[] = [];
    for (const token of tokens) {
      if (token.joined && joined.length > 0) joined[joined.length - 1] += token.key;
      else joined.push(token.key);
    }
    return joined;
  }

  private everyday(keys: string[]): boolean {
    return keys.length === 1 && (keys[0]!.length <= 2 || this.common.has(keys[0]!));
  }

  /**
   * One-word labels that are also ordinary words are only linked as the taxonomy writes them: everyday words
   * ("Go", "R", "IT"), acronyms that are words in lowercase ("LED"/"led"), and names cut from a longer label
   * ("Source" of "Source (digital game creation systems)"). So is a product's short name (an alternative label of
   * a product, or its label without the vendor: "Windows", "Outlook", "Teams" of "Microsoft Teams") that is a
   * common word of the language, which the taxonomy may not write in lowercase (the shipped seed alone): in prose
   * it is the word, not the product. A preferred label of one word is the skill's own name ("Leadership",
   * "Python", also without its qualifier: "Python (computer programming)") and keeps to the taxonomy's words.
   */
  private ambiguous(surface: string, keys: string[], productShortName: boolean, name: boolean): boolean {
    if (keys.length !== 1) return false;
    if (this.everyday(keys)) return true;
    const word = keys[0]!;
    // A name's other inflections count too ("notions" makes "Notion" a word of French); a concept's do not ("Mortgages"
    // is "mortgages" as well).
    const ordinary = name ? this.writesInLowercase(word) : this.lowercaseWords.has(word);
    if (!ordinary && !(productShortName && this.commonWords.has(word))) return false;
    return /^\p{Lu}/u.test(surface);
  }

  /**
   * A one-word preferred label that is a name: capitalised and written alike in every language that names the skill,
   * two at least ("Slack", "Postman", "Hibernate", "Notion" of the seed). When it is a less common English word
   * (like a product's short name: see englishWord), written in lowercase, it is the word unless the sentence names
   * another skill ("cut slack time", "a relief postman", "bears hibernate"; but "jira, slack and postman"): see
   * skill-linker's withoutLoneWords. The most common words ("python") stay linked: IT CVs write them in prose. A
   * name's inflections written in lowercase by the labels make it a word too (French "notions": ambiguous()).
   */
  private nameOfEveryLanguage(label: number): boolean {
    const text = this.index.labelText[label]!;
    if (this.index.labelPreferred[label] !== 1 || !/^\p{Lu}/u.test(text)) return false;
    let named = 0;
    for (const language of this.index.languages) {
      const name = this.index.preferredLabel(this.index.labelSkill[label]!, language);
      if (name === undefined) continue;
      if (name !== text) return false;
      named++;
    }
    return named >= 2;
  }

  /**
   * An alternative label of a product: a skill whose preferred name is two or more capitalised words ("Microsoft
   * Outlook", "Oracle Database", "Spring Framework"). Alternatives of a concept ("Passion" of "Enthusiasm",
   * "Payments" of "Payment processing") mean what the word means.
   */
  private productAlternative(label: number): boolean {
    if (this.index.labelPreferred[label] === 1) return false;
    const preferred = this.index.preferredLabel(this.index.labelSkill[label]!, this.stemLanguage) ?? '';
    const words = preferred.split(/\s+/);
    return words.length > 1 && words.every((word) => /^[\p{Lu}\p{N}]/u.test(word));
  }

  /**
   * Not linked at all: everyday words the taxonomy writes in lowercase ("go", "access"), which cannot be told
   * from prose, and one-word alternative labels that are ordinary words (ESCO lists "experience" for "think
   * creatively", "data" for "statistics", "language" for "terminology"). Alternatives that are names or acronyms
   * ("k8s", "JS", "Kubernetes") stay.
   */
  private linkable(label: number, keys: string[]): boolean {
    const text = this.index.labelText[label]!;
    if (listFragment(text, this.stemLanguage)) return false;
    if (this.firmAsAlternative(label)) return false;
    if (this.singularOfPluralName(label, keys)) return false;
    if (this.everyday(keys) && !/\p{Lu}/u.test(text)) return false;
    // Capitalised ones ("Excel", "Access", "Leadership") stay, linked only as written (see ambiguous()).
    const capitalised = /^\p{Lu}/u.test(text);
    const ordinaryWord =
      keys.length === 1 && !capitalised && /^\p{Lu}?\p{Ll}+$/u.test(text) && this.lowercaseWords.has(keys[0]!);
    return !(ordinaryWord && this.index.labelPreferred[label] === 0);
  }

  /**
   * A firm's bare name as an alternative label of an activity or a field (ESCO lists "Ericsson", "Avaya", "Ciena" for
   * "procurement of ICT network equipment", "Google" and "Yahoo" for "search engines"): in a CV the name is an
   * employer or a client ("Network engineer, Ericsson"), not the activity. A product's labels ("Google Analytics")
   * and a skill named as a product or a firm ("Cisco") stay.
   */
  private firmAsAlternative(label: number): boolean {
    if (this.index.labelPreferred[label] === 1 || !FIRMS.has(this.index.labelText[label]!)) return false;
    const skill = this.index.labelSkill[label]!;
    const name = this.index.preferredLabel(skill, this.stemLanguage) ?? this.index.preferredLabel(skill, 'en') ?? '';
    return !/^\p{Lu}/u.test(name);
  }

  /**
   * A skill named by a plural noun does not take that noun's singular when the singular is an everyday English word
   * and the plural is not (SCOWL's common levels hold "security" and "medicine", not "securities" or "medicines"):
   * such a plural names a thing of its own (financial assets, drugs), while the singular in a CV means something
   * else ("network security", "hospital security staff", "a degree in medicine"). "algorithms" is an everyday plural
   * and keeps "algorithm". Neither as an alternative label (here) nor through stemming (skill-linker's choose()).
   */
  private singularOfPluralName(label: number, keys: string[]): boolean {
    if (this.index.labelPreferred[label] === 1 || keys.length !== 1) return false;
    const name = (this.index.preferredLabel(this.index.labelSkill[label]!, this.stemLanguage) ?? '').toLowerCase();
    return this.pluralSense(name) && name === pluralOf(keys[0]!);
  }

  /** An English plural rarer than its singular, which is an everyday word ("securities", "medicines"; not "algorithms"). */
  private pluralSense(word: string): boolean {
    if (this.stemLanguage !== 'en' || !word.endsWith('s') || this.commonWords.has(word)) return false;
    const singular = word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.slice(0, -1);
    return this.commonWords.has(singular) && pluralOf(singular) === word;
  }

  private put(keys: string[], code: Code): void {
    const stemKey = keys.map((key) => stemToken(key, this.stemLanguage)).join(' ');
    const existing = this.entries.get(stemKey);
    if (existing === undefined) this.entries.set(stemKey, code);
    else if (typeof existing === 'number') this.entries.set(stemKey, [existing, code]);
    else existing.push(code);
    const stems = stemKey.split(' ');
    if (keys.length > 1) {
      this.lastTokens.add(stems[stems.length - 1]!);
      const pair = `${stems[0]!} ${stems[1]!}`;
      if ((this.longestPair.get(pair) ?? 0) < keys.length) this.longestPair.set(pair, keys.length);
    }
    const first = stems[0]!;
    if ((this.longest.get(first) ?? 0) < keys.length) this.longest.set(first, keys.length);
  }
}

// Every combination of the variant bits that can differ from the label (2 joins parts, 8 splits one: never both).
const VARIANTS = [0, 1, 2, 3, 4, 5, 8, 9, 12, 13];
const VARIANT_CODES = 16;
const MAX_EXPANDED = 20_000;

/**
 * Software vendors whose product labels are often written without them ("Windows", "Dreamweaver", "PowerPoint"):
 * a general list of large vendors, not taken from any evaluation set.
 */
export const VENDORS: ReadonlySet<string> = new Set([
  'Microsoft',
  'MS',
  'Adobe',
  'Apple',
  'Google',
  'IBM',
  'Oracle',
  'SAP',
  'Amazon',
  'Autodesk',
  'Apache',
  'Cisco',
  'VMware',
  'Salesforce',
  'Atlassian',
  'JetBrains',
  'Mozilla',
  'Macromedia',
]);

/**
 * Firms known by their bare name in CVs as employers: the software vendors and the large makers of network, telecom
 * and computer equipment and web firms (general knowledge, not taken from any evaluation set).
 */
const FIRMS: ReadonlySet<string> = new Set([
  'Ericsson',
  'Nokia',
  'Huawei',
  'ZTE',
  'Avaya',
  'Ciena',
  'Juniper',
  'Alcatel',
  'Motorola',
  'Siemens',
  'Samsung',
  'Dell',
  'HP',
  'Lenovo',
  'Intel',
]);

/** The text of a label variant, or undefined when the variant does not apply (does not differ from the label). */
function variantText(text: string, variant: number): string | undefined {
  let base = text;
  if (variant & 1) {
    base = stripParentheses(base);
    if (base === text || !base) return undefined;
  }
  if (variant & 4) {
    const space = base.indexOf(' ');
    if (space < 0 || !VENDORS.has(base.slice(0, space))) return undefined;
    base = base.slice(space + 1).trim();
    if (!/^\p{Lu}/u.test(base)) return undefined;
  }
  return variant & 8 ? splitCamelCase(base) : base;
}

/**
 * A one-word name with capitals inside, cut where a capital follows a lowercase letter ("PowerPoint" → "Power Point",
 * "JavaScript" → "Java Script", "OpenOffice" → "Open Office"): CVs often write such names as two words. Undefined
 * for anything else, or when a part would be a single letter ("iPhone").
 */
function splitCamelCase(name: string): string | undefined {
  if (!/^[\p{L}\p{N}]+$/u.test(name)) return undefined;
  const parts = name.replace(/(\p{Ll})(?=\p{Lu})/gu, '$1 ').split(' ');
  if (parts.length < 2 || parts.some((part) => part.length < 2)) return undefined;
  return parts.join(' ');
}

/**
 * A piece of a longer label that the export cut at a line break inside it: it opens or ends with a coordinating
 * conjunction ("and procedures", "or tactile clocks." of ESCO's "compile airport certification manuals"), or its
 * parentheses do not pair ("mikrobiologie, virologie) und infektionsepidemiologie"). Such a piece names nothing:
 * "policies and procedures" is not about airport manuals. Whole words only: "e-commerce" does not open with "e".
 */
export function listFragment(text: string, language: string): boolean {
  const words = text.trim().toLowerCase().split(/\s+/);
  const conjunctions = LIST_CONJUNCTIONS[language] ?? LIST_CONJUNCTIONS.en!;
  if (
    conjunctions.has(words[0]!) ||
    (words.length > 1 && conjunctions.has(words[words.length - 1]!.replace(/[.,;:]+$/u, '')))
  )
    return true;
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth++;
    else if (char === ')' && --depth < 0) return true;
  }
  return depth !== 0;
}

/**
 * Coordinating conjunctions ("and", "or", "nor", "but" and "&") of each language a label may be written in, as the
 * labels write them. One list for both uses: a label that opens or ends with one is a piece (listFragment()), and the
 * linker reads no gapped label across one (CONJUNCTION_WORDS).
 */
export const LIST_CONJUNCTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(['and', 'or', 'nor', 'but', '&']),
  de: new Set(['und', 'oder', 'sowie', 'bzw.', 'weder', 'noch', '&']),
  fr: new Set(['et', 'ou', 'ni', '&']),
  nl: new Set(['en', 'of', '&']),
  es: new Set(['y', 'e', 'o', 'u', 'ni', '&']),
  it: new Set(['e', 'ed', 'o', 'od', 'né', '&']),
  pt: new Set(['e', 'ou', 'nem', '&']),
};

/** The conjunctions of every language as the text's tokens fold them ("né" → "ne", "bzw." → "bzw"; "&" is no token). */
export const CONJUNCTION_WORDS: ReadonlySet<string> = new Set(
  Object.values(LIST_CONJUNCTIONS).flatMap((words) =>
    [...words].map((word) => foldText(word).replace(/\./gu, '')).filter((word) => /^\p{L}+$/u.test(word)),
  ),
);

/** The regular English plural of a noun ("security" → "securities", "medicine" → "medicines"). */
function pluralOf(word: string): string {
  return /[^aeiou]y$/u.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;
}

function stripParentheses(text: string): string {
  return text.replace(/\s*\([^)]*\)\s*/g, ' ').trim();
}
