import type { SkillIndex } from '../search/skill-index.js';
import { DEFAULT_LANGUAGE } from '../taxonomy/model.js';
import { foldText, type Token } from '../text/normalize.js';
import type { Match, MatchKind } from './linker-types.js';
import { CONJUNCTION_WORDS as CONJUNCTIONS, type Phrase, type PhraseDictionary } from './phrase-dictionary.js';
import { acronymOfOtherName, definitionStems } from './sense-filters/acronym-definitions.js';
import { degreeAfter, gradedSubject, subjectOfDegree } from './sense-filters/degree-subjects.js';
import {
  afterOrganisationHead,
  clientName,
  employerLine,
  firmAfterPost,
  firmBeforePlace,
  insidePlaceName,
  placeInAddress,
  townBeforeRegion,
} from './sense-filters/employers-places.js';
import { inFirmName, inOrganisationName, namedAsFirm } from './sense-filters/firm-names.js';
import { namedAsPost, namesPerson } from './sense-filters/posts.js';
import { namedAsSeason } from './sense-filters/seasons.js';
import { germanNoun, inflectionAllowed, wordUsedOtherwise } from './sense-filters/word-senses.js';
import type { Segment } from './sentences.js';
import {
  ACCENTED,
  COLON,
  COMMA,
  capitalRuns,
  colonWithin,
  commaWithin,
  initials,
  isAcronym,
  isVersion,
  punctuationAfter,
  writtenAsAcronym,
  writtenAsAcronymLoosely,
  writtenInCapitals,
} from './token-shapes.js';

/** The phrase a span most likely means, the rules' confidence in it, and how many skills the wording could mean. */
interface Chosen {
  phrase: Phrase;
  confidence: number;
  senses: number;
}

/** The match of a chosen phrase over text[start, end) of `segment`. */
function matchOf(chosen: Chosen, start: number, end: number, segment: Segment, kind: MatchKind): Match {
  return { phrase: chosen.phrase, start, end, confidence: chosen.confidence, segment, kind, senses: chosen.senses };
}

/**
 * Candidate spans of one sentence, with the sense filters applied: the sentence's tokens matched greedily, longest
 * first, against the phrase dictionaries (the text's language, then English), each match checked by the sense
 * filters (sense-filters/: a firm's name, a post, a season, a degree's subject …) before it counts; then labels
 * written with one more word inside. Output: the sentence's phrase matches (Match), in text order.
 */
export class PhraseMatcher {
  constructor(
    private readonly index: SkillIndex,
    /** Words the taxonomy's languages write in lowercase (built on first use by the linker). */
    private readonly ordinaryWords: () => Set<string>,
  ) {}

  private get ordinary(): Set<string> {
    return this.ordinaryWords();
  }

  /** Phrase matches of the tokens; `stems` are their stems in each dictionary's language. */
  matchTokens(
    tokens: Token[],
    stems: string[][],
    dictionaries: PhraseDictionary[],
    segment: Segment,
    text: string,
    cv: boolean,
  ): Match[] {
    const matches: Match[] = [];
    const headings = capitalRuns(tokens, segment);
    const breaks = punctuationAfter(tokens, segment);
    // A token that is a label by itself ("Python"): a skill, not a place, where an address would go on.
    const isLabel = (k: number) => dictionaries.some((d, j) => d.lookup(stems[j]![k]!) !== undefined);
    let i = 0;
    while (i < tokens.length) {
      const best = this.longestAt(tokens, stems, dictionaries, breaks, i, 1, !headings[i]);
      if (
        best &&
        best.length === 1 &&
        (wordUsedOtherwise(tokens, i, segment, text, matches, this.ordinary, dictionaries[0]!) ||
          germanNoun(tokens, i, best.phrase, dictionaries[0]!) ||
          namedAsPost(tokens, i, best.phrase) ||
          (best.phrase.caseSensitive && this.beforeObject(tokens, stems, dictionaries, breaks, i)))
      )
        i++;
      else if (
        best &&
        (inFirmName(tokens, i, i + best.length) ||
          inOrganisationName(tokens, i, i + best.length) ||
          employerLine(tokens, i, i + best.length, text) ||
          firmAfterPost(tokens, i, i + best.length, text) ||
          clientName(tokens, i, text) ||
          firmBeforePlace(tokens, i, i + best.length, text, this.ordinary, isLabel) ||
          insidePlaceName(tokens, i, i + best.length, text) ||
          townBeforeRegion(tokens, i, i + best.length, text, isLabel) ||
          afterOrganisationHead(tokens, i, text) ||
          (best.length === 1 && placeInAddress(tokens, i, text, this.ordinary, isLabel)) ||
          (best.length === 1 && acronymOfOtherName(tokens, i, text, matches, best.phrase.skill, (words) => this.namesSkill(best.phrase.skill, words))) ||
          (cv &&
            (subjectOfDegree(text, tokens[i]!.start) ||
              gradedSubject(text, tokens[i + best.length - 1]!.end) ||
              degreeAfter(text, tokens[i + best.length - 1]!.end))) ||
          (best.length === 1 && this.inProperName(tokens, stems, dictionaries, i, best.phrase, segment, matches)))
      )
        i += best.length;
      else if (best) {
        matches.push(matchOf(best, tokens[i]!.start, tokens[i + best.length - 1]!.end, segment, 'phrase'));
        let next = i + best.length;
        // Phrases may overlap: "enjoy working independently" holds "enjoy working" and "working independently".
        for (let j = i + 1; j < i + best.length; j++) {
          const overlapping = this.longestAt(
            tokens,
            stems,
            dictionaries,
            breaks,
            j,
            i + best.length - j + 1,
            !headings[j],
          );
          if (overlapping && overlapping.length >= 2) {
            matches.push(matchOf(overlapping, tokens[j]!.start, tokens[j + overlapping.length - 1]!.end, segment, 'overlap'));
            next = j + overlapping.length;
            break;
          }
        }
        i = next;
      } else i++;
    }
    const listHead = this.listHead(tokens, stems, dictionaries, breaks, matches, !headings[0]);
    if (listHead) matches.unshift(matchOf(listHead, tokens[0]!.start, tokens[0]!.end, segment, 'list-head'));
    // Second pass: labels written with one more word inside, over the tokens no exact match took.
    const taken = new Uint8Array(tokens.length);
    let t = 0;
    for (const match of matches) {
      while (t < tokens.length && tokens[t]!.start < match.start) t++;
      for (; t < tokens.length && tokens[t]!.end <= match.end; t++) taken[t] = 1;
    }
    for (let j = 0; j < tokens.length; j++) {
      if (taken[j] || namedAsFirm(tokens, j)) continue;
      const gapped = this.gapMatch(tokens, stems, dictionaries, breaks, j, taken, !headings[j]);
      if (gapped) {
        matches.push(matchOf(gapped, gapped.start, gapped.end, segment, 'gapped'));
        j = gapped.next - 1;
      }
    }
    return matches.sort((a, b) => a.start - b.start);
  }

  /**
   * Whether defining words (folded) name the skill: every content word's stem stands in one of its labels (any
   * language) or its English description ("Certified Scrum Master" ~ "Scrum Master certification", "Cascading Style
   * Sheets" ~ CSS's label). Read only for acronyms a text defines (a few per document): the labels are scanned then.
   */
  private namesSkill(skill: number, words: string[]): boolean {
    const wanted = definitionStems(words);
    if (!wanted.length) return true;
    const covers = (text: string) => {
      const stems = new Set(definitionStems(foldText(text).split(/[^\p{L}\p{N}]+/u)));
      return wanted.every((stem) => stems.has(stem));
    };
    if (covers(this.index.description(skill))) return true;
    const labelSkill = this.index.labelSkill;
    for (let label = 0; label < labelSkill.length; label++) if (labelSkill[label] === skill && covers(this.index.labelText[label]!)) return true;
    return false;
  }

  /**
   * A name that is an everyday word (linked only as written), followed by "to" and a word that starts no label, is
   * the word with its object: "Access to Work", "Access to Justice", "Mentoring to new hires". "Access to SQL Server"
   * (a migration) names two products and stays. Not "of": "Anatomy of the Hand" (a course) names the subject.
   */
  private beforeObject(
    tokens: Token[],
    stems: string[][],
    dictionaries: PhraseDictionary[],
    breaks: Uint8Array,
    i: number,
  ): boolean {
    const link = tokens[i + 1]?.key;
    if (link !== 'to' || i + 2 >= tokens.length || breaks[i]) return false;
    return !this.longestAt(tokens, stems, dictionaries, breaks, i + 2, 1, true, false);
  }

  /**
   * A one-word name that opens the region of an address ("Chennai, Tamil Nadu", "Semarang, Java Tengah"): after a
   * place and a comma, followed by a capitalised word that is no word of the languages and starts no label, it is the
   * first part of the region's name, not the language. A list goes on with skills instead ("Docker, Kubernetes
   * Rancher" follows a skill; "Python Django" is two labels); names in capitals ("SAP ABAP") stay.
   */
  private inProperName(
    tokens: Token[],
    stems: string[][],
    dictionaries: PhraseDictionary[],
    i: number,
    phrase: Phrase,
    segment: Segment,
    matches: Match[],
  ): boolean {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    const place = tokens[i - 1];
    if (
      !place ||
      !/^\p{Lu}\p{Ll}+$/u.test(place.surface) ||
      !/^,\s+$/u.test(segment.text.slice(place.end - segment.start, token.start - segment.start)) ||
      matches.some((m) => m.end === place.end)
    )
      return false;
    if (
      !next ||
      next.start !== token.end + 1 ||
      !/^\p{Lu}\p{Ll}+$/u.test(token.surface) ||
      !/^\p{Lu}\p{Ll}{2,}$/u.test(next.surface)
    )
      return false;
    if (!/^\p{Lu}/u.test(phrase.surface) || this.ordinary.has(next.key)) return false;
    return dictionaries.every((dictionary, d) => dictionary.maxLength(stems[d]![i + 1]!) === 0);
  }

  /**
   * A label of two or three words written with one more word inside ("develop beautiful campaigns" for "develop
   * campaigns", "solving business problems" for "solve problems"): less sure than a match as written.
   */
  private gapMatch(
    tokens: Token[],
    stems: string[][],
    dictionaries: PhraseDictionary[],
    breaks: Uint8Array,
    i: number,
    taken: Uint8Array,
    capitalsMark: boolean,
  ): (Chosen & { start: number; end: number; next: number }) | undefined {
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
        for (let k = i; k < end; k++)
          if (taken[k] || (k > i && tokens[k]!.joined) || (k < end - 1 && breaks[k] === COLON)) free = false;
        if (!free) continue;
        for (let skip = i + 1; skip < end - 1; skip++) {
          // "customers and understanding" is two things, not "customer understanding".
          if (CONJUNCTIONS.has(tokens[skip]!.key)) continue;
          let key = stemmed[i]!;
          for (let k = i + 1; k < end; k++) if (k !== skip) key += ` ${stemmed[k]!}`;
          const phrases = dictionary.lookup(key);
          if (!phrases) continue;
          const kept = tokens.slice(i, end).filter((_, k) => i + k !== skip);
          const chosen = this.choose(phrases, kept, i === 0, capitalsMark);
          if (chosen)
            return {
              ...chosen,
              start: tokens[i]!.start,
              end: tokens[end - 1]!.end,
              confidence: chosen.confidence * 0.75,
              next: end,
            };
        }
      }
    }
    return undefined;
  }

  /**
   * A name matched only as written is no evidence at the start of a sentence ("Word of mouth", "Teams of five"),
   * except as the first item of a list of skills ("Word, Excel, Outlook": the next item after a comma is linked)
   * or followed by a version number ("Windows 10", "Flash 8").
   */
  private listHead(
    tokens: Token[],
    stems: string[][],
    dictionaries: PhraseDictionary[],
    breaks: Uint8Array,
    matches: Match[],
    capitalsMark: boolean,
  ): Chosen | undefined {
    if (
      tokens.length < 2 ||
      matches[0]?.start === tokens[0]!.start ||
      namedAsFirm(tokens, 0) ||
      namedAsSeason(tokens, 0)
    )
      return undefined;
    const listed = breaks[0] === COMMA && matches[0]?.start === tokens[1]!.start;
    const versioned = !breaks[0] && isVersion(tokens, 1);
    if (!listed && !versioned) return undefined;
    const head = this.longestAt(tokens, stems, dictionaries, breaks, 0, 1, capitalsMark, false);
    return head?.length === 1 ? head : undefined;
  }

  /** The longest phrase of at least `minLength` tokens starting at token i, in any of the dictionaries. */
  private longestAt(
    tokens: Token[],
    stems: string[][],
    dictionaries: PhraseDictionary[],
    breaks: Uint8Array,
    i: number,
    minLength: number,
    capitalsMark: boolean,
    sentenceStart = i === 0,
  ): (Chosen & { length: number }) | undefined {
    let best: (Chosen & { length: number }) | undefined;
    dictionaries.forEach((dictionary, d) => {
      const stemmed = stems[d]!;
      const longest = Math.min(dictionary.maxLengthAt(stemmed, i), tokens.length - i);
      for (let length = longest; length >= minLength && (!best || length > best.length); length--) {
        // A phrase does not continue across a glue joint it does not own ("Node" of "Node.js" is not "node").
        if (tokens[i + length]?.glued && !tokens.slice(i, i + length).some((t) => t.glued)) continue;
        if (tokens[i]!.glued && i > 0) continue;
        // "Mind the gap: analysis of …" is not "gap analysis".
        if (length > 1 && colonWithin(breaks, i, i + length - 1)) continue;
        let phrases = dictionary.lookup(stemmed.slice(i, i + length).join(' '));
        // A comma between the words is a list ("T-SQL, Query Optimization" is no "SQL query"), unless the label
        // writes one too.
        if (phrases && length > 1 && commaWithin(breaks, i, i + length - 1))
          phrases = phrases.filter((p) => p.surface.includes(','));
        if (!phrases?.length) continue;
        const chosen = this.choose(phrases, tokens.slice(i, i + length), sentenceStart, capitalsMark);
        // The English labels read in text of another language: a name written in lowercase that the text's language
        // writes as a word ("notions" in French) is that word, and so is any of its stop words ("die Wartung" in
        // German is no die of a press).
        if (chosen && d > 0 && length === 1 && dictionaries[0]!.isStopWord(tokens[i]!.key)) continue;
        if (
          chosen &&
          d > 0 &&
          length === 1 &&
          /^\p{Lu}/u.test(chosen.phrase.surface) &&
          tokens[i]!.surface === tokens[i]!.key &&
          dictionaries[0]!.writesInLowercase(tokens[i]!.key)
        )
          continue;
        // A word written with an accent that a name does not have is a word of the text's language (the seed writes
        // its names alike in every language): Portuguese or Spanish "Informática" is the field, not Informatica.
        if (
          chosen &&
          length === 1 &&
          /^\p{Lu}/u.test(chosen.phrase.surface) &&
          ACCENTED.test(tokens[i]!.surface) &&
          !ACCENTED.test(chosen.phrase.surface)
        )
          continue;
        if (chosen) {
          best = { length, ...chosen };
          break;
        }
      }
    });
    return best;
  }

  /**
   * Picks the phrase a span most likely means, and how sure we are. `capitalsMark`: a word in capitals there is
   * written so on purpose, not as part of a heading in capitals.
   */
  private choose(
    phrases: Phrase[],
    span: Token[],
    sentenceStart: boolean,
    capitalsMark: boolean,
  ): Chosen | undefined {
    const written = span.map((t) => t.surface).join(' ');
    const exactKey = span.map((t) => t.key).join(' ');
    let usable = phrases.filter((p) => {
      if (span.length === 1 && p.exactKey !== exactKey && !inflectionAllowed(p, span[0]!)) return false;
      // "security" is not "securities" (see PhraseDictionary's pluralSense()).
      if (span.length === 1 && p.pluralSense && p.exactKey !== exactKey) return false;
      if (span.length > 1 && namesPerson(span[span.length - 1]!.key, p.exactKey)) return false;
      // A name written as its parts starts with its capital ("Power Point", "Java script", "Open office"): "in
      // design" or "in designing" is prose, not InDesign.
      if (p.split && !/^\p{Lu}/u.test(span[0]!.surface)) return false;
      // An acronym counts written as one, in capitals: "Doe" (a name) is not "DOE", "led" (a verb) not "LED"; or in
      // another case when that is no word of the languages ("sql", "Perl"; not "led", "Less", "cops").
      if (
        span.length === 1 &&
        isAcronym(p.surface) &&
        !writtenAsAcronym(span[0]!.surface, p.surface) &&
        !writtenAsAcronymLoosely(span[0]!.surface, p.surface, this.ordinary)
      )
        return false;
      if (!p.caseSensitive) return true;
      // Everyday words count only as written in the taxonomy ("Go", "R") and not where any word is capitalised; an
      // acronym also in capitals or its plural ("LEDs"); a name also in capitals ("LINUX", "WINDOWS").
      const inCapitals = capitalsMark && span.length === 1 && writtenInCapitals(written, p.surface);
      if (
        written !== p.surface &&
        !inCapitals &&
        !(span.length === 1 && isAcronym(p.surface) && writtenAsAcronym(written, p.surface))
      )
        return false;
      return !sentenceStart || (p.surface.length > 1 && p.surface === p.surface.toUpperCase());
    });
    if (usable.length === 0) return undefined;
    // "Cloud" is the label of a skill before it is "IBM Cloud" without its vendor.
    if (usable.some((p) => !p.withoutVendor)) usable = usable.filter((p) => !p.withoutVendor);
    // An acronym several skills share names first the skill whose own name it abbreviates: "POS" is "Point of sale
    // systems" before "blockchain consensus mechanisms" (an alternative label for proof of stake).
    const abbreviates = (p: Phrase) =>
      span.length === 1 &&
      usable.length > 1 &&
      isAcronym(p.surface) &&
      initials(this.index.preferredLabel(p.skill, DEFAULT_LANGUAGE) ?? '').startsWith(p.surface.toLowerCase());
    const score = (p: Phrase) =>
      (p.exactKey === exactKey ? 4 : 0) +
      (p.preferred ? 2 : 0) +
      (p.derived ? 0 : 1) +
      (abbreviates(p) ? 1 : 0) +
      (this.index.skillSource(p.skill) === 'esco' ? 0.5 : 0);
    const phrase = usable.reduce((a, b) => (score(b) > score(a) ? b : a));
    const senses = new Set(usable.map((p) => p.skill)).size;
    let confidence = phrase.exactKey === exactKey ? (phrase.preferred ? 0.95 : 0.9) : phrase.preferred ? 0.8 : 0.75;
    if (phrase.derived) confidence -= 0.05;
    if (phrase.caseSensitive) confidence = Math.min(confidence, 0.7);
    // Several skills share this wording: less sure which one is meant.
    if (senses > 1) confidence *= 0.8;
    // One lowercase word ("history", "database", "plan") is the least specific kind of mention: rank it below
    // names ("Python", "SQL") and phrases ("project management").
    // An acronym written in another case ("sql", "Perl") is less sure, like one lowercase word.
    if (
      span.length === 1 &&
      (!/\p{Lu}/u.test(phrase.surface) ||
        (isAcronym(phrase.surface) && !writtenAsAcronym(span[0]!.surface, phrase.surface)))
    )
      confidence -= 0.1;
    return { phrase, confidence, senses };
  }
}
