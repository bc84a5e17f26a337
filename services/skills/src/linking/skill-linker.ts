import type { SkillIndex, SkillView } from '../search/skill-index.js';
import { DEFAULT_LANGUAGE } from '../taxonomy/model.js';
import { pluralStem, stemToken, tokenize, type Token } from '../text/normalize.js';
import { detectLanguage } from './detect-language.js';
import { PhraseDictionary, type Phrase } from './phrase-dictionary.js';
import { isHeading, requirementCue, type Cue } from './requirement-cues.js';
import { splitSegments, type Segment } from './sentences.js';

export type LinkContext = 'cv' | 'job';

export interface LinkedSkill {
  skill: SkillView;
  start: number;
  end: number;
  matchedText: string;
  evidence: string;
  confidence: number;
  /** Job context only. */
  hint?: 'required' | 'optional';
  mentions: number;
}

export interface LinkResult {
  language: string;
  skills: LinkedSkill[];
}

interface Match {
  phrase: Phrase;
  start: number;
  end: number;
  confidence: number;
  segment: Segment;
  hint?: 'required' | 'optional';
}

/**
 * Finds taxonomy skills in free text: the text's tokens are matched greedily (longest first) against the labels
 * of the text's language and of English, folded (case, accents) and stemmed (plurals, inflections).
 */
export class SkillLinker {
  private readonly dictionaries = new Map<string, PhraseDictionary>();

  constructor(private readonly index: SkillIndex) {}

  link(text: string, options: { language?: string; context: LinkContext }): LinkResult {
    const available = this.index.languages;
    const language = options.language && available.includes(options.language) ? options.language : detectLanguage(text, available);
    const dictionaries = [this.dictionary(language)];
    if (language !== DEFAULT_LANGUAGE) dictionaries.push(this.dictionary(DEFAULT_LANGUAGE));

    const matches: Match[] = [];
    let section: Cue;
    for (const segment of splitSegments(text)) {
      const cue = requirementCue(segment.text);
      if (segment.wholeLine && isHeading(segment.text)) {
        // A heading sets the default for the lines under it ("Nice to have:"); other headings reset it.
        section = cue;
      }
      const tokens = tokenize(segment.text).map((t) => ({ ...t, start: t.start + segment.start, end: t.end + segment.start }));
      for (const match of this.matchTokens(tokens, dictionaries, segment)) {
        if (options.context === 'job') match.hint = hintFor(text, segment, match, section);
        matches.push(match);
      }
    }

    // One entry per skill: first mention, best confidence, mention count.
    const bySkill = new Map<number, { first: Match; confidence: number; mentions: number; optional: boolean }>();
    for (const match of matches) {
      const entry = bySkill.get(match.phrase.skill);
      if (!entry) bySkill.set(match.phrase.skill, { first: match, confidence: match.confidence, mentions: 1, optional: match.hint === 'optional' });
      else {
        entry.mentions++;
        entry.confidence = Math.max(entry.confidence, match.confidence);
        // Required anywhere makes it required.
        entry.optional &&= match.hint === 'optional';
      }
    }
    const skills = [...bySkill.entries()].map(([skillIndex, { first, confidence, mentions, optional }]) => ({
      skill: this.index.viewAt(skillIndex, language),
      start: first.start,
      end: first.end,
      matchedText: text.slice(first.start, first.end),
      evidence: first.segment.text,
      // Repeated mentions make a link more certain.
      confidence: round(Math.min(0.99, confidence + 0.02 * (mentions - 1))),
      ...(options.context === 'job' ? { hint: optional ? ('optional' as const) : ('required' as const) } : {}),
      mentions,
    }));
    return { language, skills };
  }

  /** Builds (once) the dictionary of a text language: its labels, stemmed its way. */
  dictionary(language: string): PhraseDictionary {
    let dictionary = this.dictionaries.get(language);
    if (!dictionary) this.dictionaries.set(language, (dictionary = new PhraseDictionary(this.index, language)));
    return dictionary;
  }

  private matchTokens(tokens: Token[], dictionaries: PhraseDictionary[], segment: Segment): Match[] {
    const matches: Match[] = [];
    const stems = dictionaries.map((d) => tokens.map((t) => stemToken(t.key, d.stemLanguage)));
    let i = 0;
    while (i < tokens.length) {
      const best = this.longestAt(tokens, stems, dictionaries, i, 1);
      if (best) {
        matches.push({ phrase: best.phrase, start: tokens[i]!.start, end: tokens[i + best.length - 1]!.end, confidence: best.confidence, segment });
        let next = i + best.length;
        // Phrases may overlap: "enjoy working independently" holds "enjoy working" and "working independently".
        for (let j = i + 1; j < i + best.length; j++) {
          const overlapping = this.longestAt(tokens, stems, dictionaries, j, i + best.length - j + 1);
          if (overlapping && overlapping.length >= 2) {
            matches.push({ phrase: overlapping.phrase, start: tokens[j]!.start, end: tokens[j + overlapping.length - 1]!.end, confidence: overlapping.confidence, segment });
            next = j + overlapping.length;
            break;
          }
        }
        i = next;
      } else i++;
    }
    // Second pass: labels written with one more word inside, over the tokens no exact match took.
    const taken = new Uint8Array(tokens.length);
    let t = 0;
    for (const match of matches) {
      while (t < tokens.length && tokens[t]!.start < match.start) t++;
      for (; t < tokens.length && tokens[t]!.end <= match.end; t++) taken[t] = 1;
    }
    for (let j = 0; j < tokens.length; j++) {
      if (taken[j]) continue;
      const gapped = this.gapMatch(tokens, stems, dictionaries, j, taken);
      if (gapped) {
        matches.push({ phrase: gapped.phrase, start: gapped.start, end: gapped.end, confidence: gapped.confidence, segment });
        j = gapped.next - 1;
      }
    }
    return matches.sort((a, b) => a.start - b.start);
  }

  /**
   * A label of two or three words written with one more word inside ("develop beautiful campaigns" for "develop
   * campaigns", "solving business problems" for "solve problems"): less sure than a match as written.
   */
  private gapMatch(tokens: Token[], stems: string[][], dictionaries: PhraseDictionary[], i: number, taken: Uint8Array): { phrase: Phrase; start: number; end: number; confidence: number; next: number } | undefined {
    for (let d = 0; d < dictionaries.length; d++) {
      const dictionary = dictionaries[d]!;
      const stemmed = stems[d]!;
      const longest = Math.min(dictionary.maxLength(stemmed[i]!), 3);
      for (let length = longest; length >= 2; length--) {
        const end = i + length + 1;
        if (end > tokens.length) continue;
        if (taken[end - 1] || !dictionary.endsPhrase(stemmed[end - 1]!)) continue;
        if (end > tokens.length) continue;
        let free = true;
        for (let k = i; k < end; k++) if (taken[k] || (k > i && tokens[k]!.joined)) free = false;
        if (!free) continue;
        for (let skip = i + 1; skip < end - 1; skip++) {
          // "customers and understanding" is two things, not "customer understanding".
          if (CONJUNCTIONS.has(tokens[skip]!.key)) continue;
          let key = stemmed[i]!;
          for (let k = i + 1; k < end; k++) if (k !== skip) key += ` ${stemmed[k]!}`;
          const phrases = dictionary.lookup(key);
          if (!phrases) continue;
          const kept = tokens.slice(i, end).filter((_, k) => i + k !== skip);
          const chosen = this.choose(phrases, kept, i === 0);
          if (chosen) return { phrase: chosen.phrase, start: tokens[i]!.start, end: tokens[end - 1]!.end, confidence: chosen.confidence * 0.75, next: end };
        }
      }
    }
    return undefined;
  }

  /** The longest phrase of at least `minLength` tokens starting at token i, in any of the dictionaries. */
  private longestAt(tokens: Token[], stems: string[][], dictionaries: PhraseDictionary[], i: number, minLength: number): { length: number; phrase: Phrase; confidence: number } | undefined {
    let best: { length: number; phrase: Phrase; confidence: number } | undefined;
    dictionaries.forEach((dictionary, d) => {
      const stemmed = stems[d]!;
      const longest = Math.min(dictionary.maxLength(stemmed[i]!), tokens.length - i);
      for (let length = longest; length >= minLength && (!best || length > best.length); length--) {
        // A phrase does not continue across a glue joint it does not own ("Node" of "Node.js" is not "node").
        if (tokens[i + length]?.glued && !tokens.slice(i, i + length).some((t) => t.glued)) continue;
        if (tokens[i]!.glued && i > 0) continue;
        const phrases = dictionary.lookup(stemmed.slice(i, i + length).join(' '));
        if (!phrases) continue;
        const chosen = this.choose(phrases, tokens.slice(i, i + length), i === 0);
        if (chosen) {
          best = { length, ...chosen };
          break;
        }
      }
    });
    return best;
  }

  /** Picks the phrase a span most likely means, and how sure we are. */
  private choose(phrases: Phrase[], span: Token[], sentenceStart: boolean): { phrase: Phrase; confidence: number } | undefined {
    const written = span.map((t) => t.surface).join(' ');
    const exactKey = span.map((t) => t.key).join(' ');
    let usable = phrases.filter((p) => {
      if (span.length === 1 && p.exactKey !== exactKey && !inflectionAllowed(p, span[0]!)) return false;
      if (!p.caseSensitive) return true;
      // Everyday words count only as written in the taxonomy ("Go", "R") and not where any word is capitalised.
      if (written !== p.surface) return false;
      return !sentenceStart || p.surface.length > 1 && p.surface === p.surface.toUpperCase();
    });
    if (usable.length === 0) return undefined;
    // "Cloud" is the label of a skill before it is "IBM Cloud" without its vendor.
    if (usable.some((p) => !p.withoutVendor)) usable = usable.filter((p) => !p.withoutVendor);
    const score = (p: Phrase) =>
      (p.exactKey === exactKey ? 4 : 0) + (p.preferred ? 2 : 0) + (p.derived ? 0 : 1) + (this.index.skillSource(p.skill) === 'esco' ? 0.5 : 0);
    const phrase = usable.reduce((a, b) => (score(b) > score(a) ? b : a));
    let confidence = phrase.exactKey === exactKey ? (phrase.preferred ? 0.95 : 0.9) : phrase.preferred ? 0.8 : 0.75;
    if (phrase.derived) confidence -= 0.05;
    if (phrase.caseSensitive) confidence = Math.min(confidence, 0.7);
    // Several skills share this wording: less sure which one is meant.
    if (new Set(usable.map((p) => p.skill)).size > 1) confidence *= 0.8;
    // One lowercase word ("history", "database", "plan") is the least specific kind of mention: rank it below
    // names ("Python", "SQL") and phrases ("project management").
    if (span.length === 1 && !/\p{Lu}/u.test(phrase.surface)) confidence -= 0.1;
    return { phrase, confidence };
  }
}

/**
 * A one-word label reached only through stemming: an acronym must keep its capitals ("APIs" is "API", "etc" is
 * not "ETCS", "does" is not "DOEs"), and a word may only differ by its plural: "planning" or "planned" in prose is
 * not the skill "plan", "crafted" is not "crafting" ("databases" still is "database").
 */
function inflectionAllowed(phrase: Phrase, token: Token): boolean {
  if (/^[\p{Lu}\p{N}]+$/u.test(phrase.surface) && /\p{Lu}/u.test(phrase.surface)) return token.surface.startsWith(phrase.surface);
  // Labels of several words joined into one ("team-working" → "teamwork") are not one word of prose.
  if (/[^\p{L}\p{N}+#]/u.test(phrase.surface)) return true;
  return pluralStem(token.key) === pluralStem(phrase.exactKey);
}

/** Optional when the clause or sentence says so ("a plus"), else what the section heading said, else required. */
function hintFor(text: string, segment: Segment, match: Match, section: Cue): 'required' | 'optional' {
  const before = text.slice(segment.start, match.start);
  const after = text.slice(match.end, segment.end);
  const clauseStart = Math.max(before.lastIndexOf(','), before.lastIndexOf('('), before.lastIndexOf(':')) + 1;
  const clauseEndMatch = /[,;)]/.exec(after);
  const clause = before.slice(clauseStart) + text.slice(match.start, match.end) + after.slice(0, clauseEndMatch ? clauseEndMatch.index : after.length);
  const cue = requirementCue(clause) ?? requirementCue(segment.text) ?? section;
  return cue === 'optional' ? 'optional' : 'required';
}

/** Coordinating conjunctions of the seed languages: a word between two label words may not be one of them. */
const CONJUNCTIONS = new Set(['and', 'or', 'nor', 'und', 'oder', 'et', 'ou', 'y', 'o', 'e', 'ou', 'en', 'of', 'ni', 'weder', 'noch']);

const round = (value: number) => Math.round(value * 100) / 100;
