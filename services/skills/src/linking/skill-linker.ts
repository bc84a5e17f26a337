import type { SkillIndex } from '../search/skill-index.js';
import { DEFAULT_LANGUAGE } from '../taxonomy/model.js';
import { stemToken, tokenize, type Token } from '../text/normalize.js';
import { detectLanguage } from './detect-language.js';
import { BM25, LexicalRetrieval, type QueryTerm } from './lexical-retrieval.js';
import type {
  Candidate,
  LinkContext,
  LinkResult,
  Match,
  RankedSentence,
  SentenceCandidates,
} from './linker-types.js';
import { ordinaryWords } from './ordinary-words.js';
import { CONJUNCTION_WORDS as CONJUNCTIONS, PhraseDictionary, type Phrase } from './phrase-dictionary.js';
import { isHeading, requirementCue, type Cue } from './requirement-cues.js';
import { degreeAfter, gradedSubject, subjectOfDegree } from './sense-filters/degree-subjects.js';
import { inFirmName, inOrganisationName, namedAsFirm } from './sense-filters/firm-names.js';
import { namedAsPost, namesPerson } from './sense-filters/posts.js';
import { namedAsSeason } from './sense-filters/seasons.js';
import { germanNoun, inflectionAllowed, withoutLoneWords, wordUsedOtherwise } from './sense-filters/word-senses.js';
import { splitSegments, type Segment } from './sentences.js';
import {
  ACCENTED,
  ACRONYM_PLURAL,
  COLON,
  COMMA,
  capitalRuns,
  colonWithin,
  initials,
  isAcronym,
  isVersion,
  punctuationAfter,
  writtenAsAcronym,
  writtenAsAcronymLoosely,
  writtenInCapitals,
} from './token-shapes.js';

export type { LinkContext, LinkedSkill, LinkResult, RankedSentence, RankedSkill } from './linker-types.js';

/**
 * Scoring (chosen on the tuning half of the TechWolf validation sets and dotin-train, see README and
 * eval/tune-scoring.mjs): a phrase match counts its confidence times PHRASE_WEIGHT; lexical relevance (BM25) adds
 * bm25 / (bm25 + BM25_HALF), a share in [0, 1) that is one half at BM25_HALF; label coverage adds COVERAGE_WEIGHT ×
 * coverage. A record carries the skills with a phrase match scoring at least LINK_THRESHOLD and the skills found by
 * relevance alone scoring at least RETRIEVAL_THRESHOLD. RETRIEVAL_THRESHOLD is off (Infinity): on the tuning half,
 * the links relevance alone adds are right for at most .18 of them on TechWolf and .24 on dotin at every threshold
 * from 1.1 to 1.4 (tune-scoring prints "links added by relevance alone"), far below the records' .43, so records carry
 * phrase evidence and linking runs no retrieval query. Work bounds: a ranking re-scores the RANK_POOL best BM25
 * skills with their coverage; linking with a finite RETRIEVAL_THRESHOLD the LINK_POOL best found through words in at
 * most LINK_RARE_WORDS skills (only a skill with several informative words can reach it without a phrase).
 */
export const SCORING = {
  PHRASE_WEIGHT: 1,
  BM25_HALF: 8,
  COVERAGE_WEIGHT: 0.5,
  LINK_THRESHOLD: 1.2,
  RETRIEVAL_THRESHOLD: Infinity,
  CANDIDATES: 20,
  RANK_POOL: 200,
  LINK_POOL: 30,
  LINK_RARE_WORDS: 300,
};
/** Skills found by relevance alone considered per sentence for the linked set. */
const LINK_CANDIDATES = 5;
/** Confidence of a skill linked on lexical relevance alone stays below every phrase match's. */
const RETRIEVAL_CONFIDENCE_CAP = 0.6;

/**
 * Finds taxonomy skills in free text in two steps per sentence: phrase evidence (the text's tokens matched
 * greedily, longest first, against the labels of the text's language and of English, folded and stemmed) and lexical
 * retrieval (BM25 over every label and description of each skill), which needs no label written out. The two give
 * one score per skill: ranked, it is the per-sentence ranking; thresholded, the skills a record carries.
 */
export class SkillLinker {
  private readonly dictionaries = new Map<string, PhraseDictionary>();
  private lexical: LexicalRetrieval | undefined;
  private words: Set<string> | undefined;

  constructor(
    private readonly index: SkillIndex,
    private readonly scoring = SCORING,
    private readonly bm25 = BM25,
  ) {}

  /** The retrieval index, built on first use (or by warmUp()): start-up does not wait for it. */
  private get retrieval(): LexicalRetrieval {
    return (this.lexical ??= new LexicalRetrieval(this.index, this.bm25));
  }

  /** Words the taxonomy's languages write in lowercase, built on first use (a lowercase acronym must be none). */
  private get ordinary(): Set<string> {
    return (this.words ??= ordinaryWords(this.index));
  }

  /** Builds what the first call would otherwise build: the English phrase dictionary and the retrieval index. */
  warmUp(): void {
    this.dictionary(DEFAULT_LANGUAGE);
    void this.retrieval;
    void this.ordinary;
  }

  link(text: string, options: { language?: string; context: LinkContext }): LinkResult {
    // Only the best few skills found by relevance alone can reach RETRIEVAL_THRESHOLD.
    const { language, sentences } = this.candidates(
      text,
      options,
      LINK_CANDIDATES,
      this.scoring.LINK_POOL,
      this.scoring.RETRIEVAL_THRESHOLD,
      this.scoring.LINK_RARE_WORDS,
    );
    const matches: Match[] = [];
    let section: Cue;
    for (const { segment, tokens, terms, candidates } of sentences) {
      const cue = requirementCue(segment.text);
      if (segment.wholeLine && isHeading(segment.text)) {
        // A heading sets the default for the lines under it ("Nice to have:"); other headings reset it.
        section = cue;
      }
      for (const candidate of candidates) {
        if (
          candidate.score <
          (candidate.matches.length > 0 ? this.scoring.LINK_THRESHOLD : this.scoring.RETRIEVAL_THRESHOLD)
        )
          continue;
        const found =
          candidate.matches.length > 0 ? candidate.matches : [this.retrievalMatch(candidate, tokens, terms, segment)];
        for (const match of found) {
          if (!match) continue;
          if (options.context === 'job') match.hint = hintFor(text, segment, match, section);
          matches.push(match);
        }
      }
    }
    matches.sort((a, b) => a.start - b.start);

    // One entry per skill: first mention, best confidence, mention count.
    const bySkill = new Map<number, { first: Match; confidence: number; mentions: number; optional: boolean }>();
    for (const match of matches) {
      const entry = bySkill.get(match.phrase.skill);
      if (!entry)
        bySkill.set(match.phrase.skill, {
          first: match,
          confidence: match.confidence,
          mentions: 1,
          optional: match.hint === 'optional',
        });
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

  /** Every sentence of the text with its skills ranked by score, best first (at most `limit` each). */
  rank(
    text: string,
    options: { language?: string; limit?: number },
  ): { language: string; sentences: RankedSentence[] } {
    const limit = options.limit ?? this.scoring.CANDIDATES;
    const { language, sentences } = this.candidates(text, options, limit, this.scoring.RANK_POOL);
    return {
      language,
      sentences: sentences.map(({ segment, candidates }) => ({
        start: segment.start,
        end: segment.end,
        text: segment.text,
        skills: candidates.slice(0, limit).map((c) => ({
          skill: this.index.viewAt(c.skill, language),
          score: c.score,
          phraseConfidence: Math.max(0, ...c.matches.map((m) => m.confidence)),
          relevance: c.bm25,
          coverage: c.coverage,
        })),
      })),
    };
  }

  /** Per sentence: phrase matches and retrieved skills, scored and sorted best first. */
  private candidates(
    text: string,
    options: { language?: string; context?: LinkContext },
    limit: number,
    pool: number,
    retrievalThreshold = -Infinity,
    rareOnly = Infinity,
  ): { language: string; sentences: SentenceCandidates[] } {
    const available = this.index.languages;
    const language =
      options.language && available.includes(options.language) ? options.language : detectLanguage(text, available);
    const dictionaries = [this.dictionary(language)];
    if (language !== DEFAULT_LANGUAGE) dictionaries.push(this.dictionary(DEFAULT_LANGUAGE));
    const { PHRASE_WEIGHT, BM25_HALF, COVERAGE_WEIGHT } = this.scoring;
    const relevance = (bm25: number, coverage: number) => bm25 / (bm25 + BM25_HALF) + COVERAGE_WEIGHT * coverage;

    const sentences: SentenceCandidates[] = [];
    for (const segment of splitSegments(text)) {
      const tokens = tokenize(segment.text).map((t) => ({
        ...t,
        start: t.start + segment.start,
        end: t.end + segment.start,
      }));
      const bySkill = new Map<number, Candidate>();
      // Stems in the text's language, then (other languages) in English: the phrase dictionaries' and retrieval's.
      const stems = dictionaries.map((d) =>
        tokens.map((t) => (ACRONYM_PLURAL.test(t.surface) ? t.key.slice(0, -1) : stemToken(t.key, d.stemLanguage))),
      );
      for (const match of withoutLoneWords(
        this.matchTokens(tokens, stems, dictionaries, segment, text, options.context === 'cv'),
        text,
      )) {
        const current = bySkill.get(match.phrase.skill);
        if (!current)
          bySkill.set(match.phrase.skill, {
            skill: match.phrase.skill,
            score: 0,
            bm25: 0,
            coverage: 0,
            matches: [match],
          });
        else current.matches.push(match);
      }
      const terms = this.retrieval.terms(tokens, language, stems[0]!, stems[1] ?? stems[0]!);
      // Skip the query when no skill could reach the threshold without a phrase (full coverage, the highest BM25).
      const reachable = relevance(this.retrieval.bound(terms), 1) >= retrievalThreshold;
      const retrieved = reachable ? this.retrieval.query(terms, limit, pool, relevance, rareOnly) : [];
      const bySkillRetrieved = new Map(retrieved.map((r) => [r.skill, r]));
      for (const candidate of bySkill.values()) {
        // A phrase match writes a label out: all of its words are there, even those retrieval does not index ("R").
        const { bm25 } = bySkillRetrieved.get(candidate.skill) ?? this.retrieval.relevance(terms, candidate.skill);
        const coverage = 1;
        const confidence = Math.max(...candidate.matches.map((m) => m.confidence));
        Object.assign(candidate, { bm25, coverage, score: PHRASE_WEIGHT * confidence + relevance(bm25, coverage) });
      }
      for (const { skill, bm25, coverage, score } of retrieved)
        if (!bySkill.has(skill)) bySkill.set(skill, { skill, score, bm25, coverage, matches: [] });
      const candidates = [...bySkill.values()].sort(
        (a, b) => b.score - a.score || (a.matches[0]?.start ?? Infinity) - (b.matches[0]?.start ?? Infinity),
      );
      sentences.push({ segment, tokens, terms, candidates });
    }
    return { language, sentences };
  }

  /**
   * A skill found by relevance alone, as a mention: the words that gave it its score (the strongest one and the
   * matching words next to it) are its text; its confidence follows its score, below phrase matches'.
   */
  private retrievalMatch(
    candidate: Candidate,
    tokens: Token[],
    terms: QueryTerm[],
    segment: Segment,
  ): Match | undefined {
    const weights = this.retrieval.tokenWeights(terms, tokens.length, candidate.skill);
    // One word ("Education", "Impact") fits many skills: a skill without a written label needs two words of evidence.
    if (weights.filter((w) => w > 0).length < 2) return undefined;
    let best = -1;
    weights.forEach((w, i) => {
      if (w > 0 && (best < 0 || w > weights[best]!)) best = i;
    });
    if (best < 0) return undefined;
    let first = best;
    let last = best;
    // Grow over matching words, allowing one unmatched word between them ("engage with colleagues").
    while (first > 0 && (weights[first - 1]! > 0 || (first > 1 && weights[first - 2]! > 0)))
      first -= weights[first - 1]! > 0 ? 1 : 2;
    while (last < tokens.length - 1 && (weights[last + 1]! > 0 || (last < tokens.length - 2 && weights[last + 2]! > 0)))
      last += weights[last + 1]! > 0 ? 1 : 2;
    const surface = this.index.preferredLabel(candidate.skill, DEFAULT_LANGUAGE) ?? '';
    return {
      phrase: {
        skill: candidate.skill,
        preferred: true,
        exactKey: '',
        surface,
        caseSensitive: false,
        derived: true,
        withoutVendor: false,
        englishWord: false,
        split: false,
      },
      start: tokens[first]!.start,
      end: tokens[last]!.end,
      // The score of a skill without a phrase is below 1 + COVERAGE_WEIGHT: confidence rises with it up to the cap.
      confidence:
        (RETRIEVAL_CONFIDENCE_CAP * Math.min(candidate.score, 1 + this.scoring.COVERAGE_WEIGHT)) /
        (1 + this.scoring.COVERAGE_WEIGHT),
      segment,
    };
  }

  /** Builds (once) the dictionary of a text language: its labels, stemmed its way. */
  dictionary(language: string): PhraseDictionary {
    let dictionary = this.dictionaries.get(language);
    if (!dictionary) this.dictionaries.set(language, (dictionary = new PhraseDictionary(this.index, language)));
    return dictionary;
  }

  /** Phrase matches of the tokens; `stems` are their stems in each dictionary's language. */
  private matchTokens(
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
          (cv &&
            (subjectOfDegree(text, tokens[i]!.start) ||
              gradedSubject(text, tokens[i + best.length - 1]!.end) ||
              degreeAfter(text, tokens[i + best.length - 1]!.end))) ||
          (best.length === 1 && this.inProperName(tokens, stems, dictionaries, i, best.phrase, segment, matches)))
      )
        i += best.length;
      else if (best) {
        matches.push({
          phrase: best.phrase,
          start: tokens[i]!.start,
          end: tokens[i + best.length - 1]!.end,
          confidence: best.confidence,
          segment,
        });
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
            matches.push({
              phrase: overlapping.phrase,
              start: tokens[j]!.start,
              end: tokens[j + overlapping.length - 1]!.end,
              confidence: overlapping.confidence,
              segment,
            });
            next = j + overlapping.length;
            break;
          }
        }
        i = next;
      } else i++;
    }
    const listHead = this.listHead(tokens, stems, dictionaries, breaks, matches, !headings[0]);
    if (listHead)
      matches.unshift({
        phrase: listHead.phrase,
        start: tokens[0]!.start,
        end: tokens[0]!.end,
        confidence: listHead.confidence,
        segment,
      });
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
        matches.push({
          phrase: gapped.phrase,
          start: gapped.start,
          end: gapped.end,
          confidence: gapped.confidence,
          segment,
        });
        j = gapped.next - 1;
      }
    }
    return matches.sort((a, b) => a.start - b.start);
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
  ): { phrase: Phrase; start: number; end: number; confidence: number; next: number } | undefined {
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
              phrase: chosen.phrase,
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
  ): { phrase: Phrase; confidence: number } | undefined {
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
  ): { length: number; phrase: Phrase; confidence: number } | undefined {
    let best: { length: number; phrase: Phrase; confidence: number } | undefined;
    dictionaries.forEach((dictionary, d) => {
      const stemmed = stems[d]!;
      const longest = Math.min(dictionary.maxLengthAt(stemmed, i), tokens.length - i);
      for (let length = longest; length >= minLength && (!best || length > best.length); length--) {
        // A phrase does not continue across a glue joint it does not own ("Node" of "Node.js" is not "node").
        if (tokens[i + length]?.glued && !tokens.slice(i, i + length).some((t) => t.glued)) continue;
        if (tokens[i]!.glued && i > 0) continue;
        // "Mind the gap: analysis of …" is not "gap analysis".
        if (length > 1 && colonWithin(breaks, i, i + length - 1)) continue;
        const phrases = dictionary.lookup(stemmed.slice(i, i + length).join(' '));
        if (!phrases) continue;
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
  ): { phrase: Phrase; confidence: number } | undefined {
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
    let confidence = phrase.exactKey === exactKey ? (phrase.preferred ? 0.95 : 0.9) : phrase.preferred ? 0.8 : 0.75;
    if (phrase.derived) confidence -= 0.05;
    if (phrase.caseSensitive) confidence = Math.min(confidence, 0.7);
    // Several skills share this wording: less sure which one is meant.
    if (new Set(usable.map((p) => p.skill)).size > 1) confidence *= 0.8;
    // One lowercase word ("history", "database", "plan") is the least specific kind of mention: rank it below
    // names ("Python", "SQL") and phrases ("project management").
    // An acronym written in another case ("sql", "Perl") is less sure, like one lowercase word.
    if (
      span.length === 1 &&
      (!/\p{Lu}/u.test(phrase.surface) ||
        (isAcronym(phrase.surface) && !writtenAsAcronym(span[0]!.surface, phrase.surface)))
    )
      confidence -= 0.1;
    return { phrase, confidence };
  }
}

/** Optional when the clause or sentence says so ("a plus"), else what the section heading said, else required. */
function hintFor(text: string, segment: Segment, match: Match, section: Cue): 'required' | 'optional' {
  const before = text.slice(segment.start, match.start);
  const after = text.slice(match.end, segment.end);
  const clauseStart = Math.max(before.lastIndexOf(','), before.lastIndexOf('('), before.lastIndexOf(':')) + 1;
  const clauseEndMatch = /[,;)]/.exec(after);
  const clause =
    before.slice(clauseStart) +
    text.slice(match.start, match.end) +
    after.slice(0, clauseEndMatch ? clauseEndMatch.index : after.length);
  const cue = requirementCue(clause) ?? requirementCue(segment.text) ?? section;
  return cue === 'optional' ? 'optional' : 'required';
}

const round = (value: number) => Math.round(value * 100) / 100;
