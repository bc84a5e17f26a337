import { LEGAL_FORMS as LEGAL_FORMS_LIST } from '@talent/platform';
import type { SkillIndex, SkillView } from '../search/skill-index.js';
import { DEFAULT_LANGUAGE } from '../taxonomy/model.js';
import { foldText, pluralStem, stemToken, tokenize, type Token } from '../text/normalize.js';
import { detectLanguage } from './detect-language.js';
import { BM25, LexicalRetrieval, type QueryTerm } from './lexical-retrieval.js';
import { ordinaryWords } from './ordinary-words.js';
import { CONJUNCTION_WORDS as CONJUNCTIONS, PhraseDictionary, VENDORS, type Phrase } from './phrase-dictionary.js';
import { isHeading, requirementCue, type Cue } from './requirement-cues.js';
import { splitSegments, type Segment } from './sentences.js';
import { LINKER_VOCABULARY } from './vocabulary.js';

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

/** A skill ranked for one sentence: the ranking RP@5 measures, before any threshold. */
export interface RankedSkill {
  skill: SkillView;
  score: number;
  /** Confidence of the skill's best phrase match in the sentence (a label written out), 0 without one. */
  phraseConfidence: number;
  /** BM25 relevance of the skill's labels and description to the sentence. */
  relevance: number;
  /** Share (idf-weighted) of the content words of the skill's best-covered label found in the sentence. */
  coverage: number;
}

export interface RankedSentence {
  start: number;
  end: number;
  text: string;
  skills: RankedSkill[];
}

interface Match {
  phrase: Phrase;
  start: number;
  end: number;
  confidence: number;
  segment: Segment;
  hint?: 'required' | 'optional';
}

/** A candidate skill of one sentence: phrase evidence (if any) and lexical relevance combined into one score. */
interface Candidate {
  skill: number;
  score: number;
  bm25: number;
  coverage: number;
  /** The phrase matches of the skill in the sentence (each is a mention); the best one scores. */
  matches: Match[];
}

interface SentenceCandidates {
  segment: Segment;
  tokens: Token[];
  terms: QueryTerm[];
  candidates: Candidate[];
}

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

/**
 * A product's short name that is an English word, written in lowercase ("oracle", "bamboo", "rally"), is the product
 * only among other skills of the sentence ("fetched data from the oracle with PL/SQL"); alone it is the word
 * ("bamboo flooring and rattan furniture", "the annual charity rally"). So is the bare name of a skill named with a
 * qualifier that is a most common word, in any case ("Source", "Scratch": see Phrase.qualifiedWord).
 */
function withoutLoneWords(matches: Match[], text: string): Match[] {
  const lone = (m: Match) =>
    (m.phrase.englishWord && text.slice(m.start, m.end) === text.slice(m.start, m.end).toLowerCase()) ||
    m.phrase.qualifiedWord === true;
  if (!matches.some(lone) || matches.some((m) => !lone(m))) return matches;
  return matches.filter((m) => !lone(m));
}

/**
 * A label of several words whose last word names an activity ("software engineering", "peer mentoring") reached
 * through stemming from the word for the person who does it ("Software Engineer", "Peer Mentor"): that is a post, a
 * job title, not the skill. `key`: the text's last word (folded); `exactKey`: the label's words.
 */
function namesPerson(key: string, exactKey: string): boolean {
  const singular = key.endsWith('s') ? key.slice(0, -1) : key;
  if (!PERSON_ENDING.test(singular)) return false;
  const word = exactKey.slice(exactKey.lastIndexOf(' ') + 1);
  return word === `${singular}ing` || word === `${singular}${singular.charAt(singular.length - 1)}ing`;
}

/** Endings of English words for a person who does something ("engineer", "mentor", "tutor"). */
const PERSON_ENDING = /(?:er|or)$/u;

/**
 * A one-word label reached only through stemming: an acronym must keep its capitals ("APIs" is "API", "etc" is
 * not "ETCS", "does" is not "DOEs"), and a word may only differ by its plural: "planning" or "planned" in prose is
 * not the skill "plan", "crafted" is not "crafting" ("databases" still is "database").
 */
function inflectionAllowed(phrase: Phrase, token: Token): boolean {
  if (/^[\p{Lu}\p{N}]+$/u.test(phrase.surface) && /\p{Lu}/u.test(phrase.surface))
    return token.surface.startsWith(phrase.surface);
  // Labels of several words joined into one ("team-working" → "teamwork") are not one word of prose.
  if (/[^\p{L}\p{N}+#]/u.test(phrase.surface)) return true;
  return pluralStem(token.key) === pluralStem(phrase.exactKey);
}

/**
 * A one-word label that is an acronym: capitals (and digits) at least half of it, two or more ("SQL", "S3", "DoE",
 * "IoT"); "DevOps" or "GitHub" are names.
 */
function isAcronym(label: string): boolean {
  if (!/^[\p{L}\p{N}]{2,}$/u.test(label)) return false;
  const capitals = label.replace(/[^\p{Lu}]/gu, '').length;
  return capitals >= 2 || (capitals === 1 && /^[\p{Lu}\p{N}]+$/u.test(label))
    ? capitals * 2 >= label.replace(/\p{N}/gu, '').length
    : false;
}

/** The first letters of a name's words, in lowercase ("Point of sale systems" → "poss"). */
function initials(name: string): string {
  return name
    .split(/[\s/-]+/u)
    .map((word) => word.charAt(0).toLowerCase())
    .join('');
}

/**
 * A capitalised name of three letters or more written all in capitals ("LINUX" for "Linux", "WINDOWS"): CVs write
 * tool lists in capitals; an ordinary word in capitals is rare outside headings.
 */
function writtenInCapitals(word: string, name: string): boolean {
  return /^\p{Lu}\p{Ll}{2,}$/u.test(name) && word === name.toUpperCase();
}

/**
 * Tokens of runs of words in capitals written next to each other ("TEACHING SKILLS", "STUDENT TEACHING"): headings,
 * even inside a line of text. Words in capitals in a list ("UNIX, LINUX") are not a run.
 */
function capitalRuns(tokens: Token[], segment: Segment): Uint8Array {
  const runs = new Uint8Array(tokens.length);
  const capitals = (t: Token) => /^\p{Lu}{2,}$/u.test(t.surface);
  for (let k = 0; k + 1 < tokens.length; k++) {
    const [a, b] = [tokens[k]!, tokens[k + 1]!];
    if (capitals(a) && capitals(b) && !segment.text.slice(a.end - segment.start, b.start - segment.start).trim())
      runs[k] = runs[k + 1] = 1;
  }
  return runs;
}

/**
 * A one-word match that the text uses as something else: a vendor named as the firm or with its place, a season, a
 * person's initial or grade, "history" as a record, "IT" as a sector, an author's initials, a Romance field as an
 * adjective, or a word in its software sense.
 */
function wordUsedOtherwise(
  tokens: Token[],
  i: number,
  segment: Segment,
  text: string,
  matches: Match[],
  ordinary: Set<string>,
  dictionary: PhraseDictionary,
): boolean {
  return (
    namedAsFirm(tokens, i) ||
    namedWithPlace(tokens, i, text, ordinary) ||
    namedAsSeason(tokens, i) ||
    namedAsInitial(tokens, i, segment, matches) ||
    namedAsRecord(tokens, i) ||
    namedAsSector(tokens, i, segment) ||
    namedAsAuthor(tokens, i, segment) ||
    namedAsAdjective(tokens, i, segment, dictionary) ||
    namedInSoftware(tokens, i) ||
    letterOfName(tokens, i, text)
  );
}

/**
 * A one-letter name ("R", "C") glued to a number after a slash or to an escape is a piece of another name: "SAP
 * R/3", "R\\xc3\\xa9sum\\xc3\\xa9" (an escaped "Résumé"). "C/C++" and "R, Python" stay.
 */
function letterOfName(tokens: Token[], i: number, text: string): boolean {
  const token = tokens[i]!;
  return token.surface.length === 1 && /^(?:\/\d|\\)/u.test(text.slice(token.end, token.end + 2));
}

/**
 * Capitalised words right before a capitalised word for an organisation are its name: "Harlow Marine Insurance
 * Group", "Robotics Society", "Midwifery Association", "Child Care Center of Dunmore", "Sparrow Advertising Agency",
 * "Northgate Gas Company", "Civic Leadership Institute" (English order; Romance languages name the field after the
 * noun, see subjectOfDegree's SCHOOL_OF). Tokens from..to-1 matched a label.
 */
function inOrganisationName(tokens: Token[], from: number, to: number): boolean {
  const next = tokens[to];
  if (
    !next ||
    !ORGANISATION_NOUNS.has(next.key) ||
    !/^\p{Lu}\p{Ll}/u.test(next.surface) ||
    next.start !== tokens[to - 1]!.end + 1
  )
    return false;
  for (let k = from; k < to; k++) if (!/^\p{Lu}/u.test(tokens[k]!.surface)) return false;
  return true;
}

/** Nouns that end an organisation's name in English and German word order (folded). */
const ORGANISATION_NOUNS = new Set(LINKER_VOCABULARY.organisationNouns);

/**
 * A school subject followed by its grade is the education record: "A levels: Maths (A) English (B) Physics (C)",
 * "GCSE English (A*)". `end`: where the subject ends.
 */
function gradedSubject(text: string, end: number): boolean {
  return /^\s*\([A-E][*+-]?\)/u.test(text.slice(end, end + 6));
}

/**
 * German capitalises its nouns, and some are spelt like a product's everyday English name: "die Führung des Teams",
 * "im Team" (Microsoft Teams), "das Office" (the office), "die Vertretung des Chefs" (Chef of "Chef (Werkzeuge für
 * das Software-Konfigurationsmanagement)"). Such a name, linked only as written (see PhraseDictionary's ambiguous())
 * or cut from a longer label, right after a German article is the noun. "in Excel", "mit Outlook", "Teams und Zoom"
 * stay.
 */
function germanNoun(tokens: Token[], i: number, phrase: Phrase, dictionary: PhraseDictionary): boolean {
  return (
    dictionary.stemLanguage === 'de' &&
    (phrase.caseSensitive || phrase.derived) &&
    i > 0 &&
    GERMAN_ARTICLES.has(tokens[i - 1]!.key)
  );
}

/**
 * A name that is an everyday word (linked only as written) or cut from a longer label ("Chef" of "Chef (tools for
 * software configuration management)") after a rank of a post is the post: "Executive Chef",
 * "Sous Chef", "Head Chef" (no Chef of configuration management). Not when a capitalised word follows: "Senior Chef
 * Engineer" names the tool in a longer title.
 */
function namedAsPost(tokens: Token[], i: number, phrase: Phrase): boolean {
  if (!(phrase.caseSensitive || phrase.derived) || i === 0) return false;
  const previous = tokens[i - 1]!;
  if (!RANKS.has(previous.key) || !/^\p{Lu}/u.test(previous.surface)) return false;
  return !startsName(tokens, i);
}

/** A capitalised word follows the token, one space after it: the two start a name ("Google Play"). */
function startsName(tokens: Token[], i: number): boolean {
  const next = tokens[i + 1];
  return next !== undefined && next.start === tokens[i]!.end + 1 && /^\p{Lu}/u.test(next.surface);
}

/** Words of rank in the title of a post (folded). */
const RANKS = new Set(LINKER_VOCABULARY.ranks);

/** German articles and the prepositions that hold one ("im", "zum", "beim"), folded. */
const GERMAN_ARTICLES = new Set(LINKER_VOCABULARY.germanArticles);

/**
 * "IT" (or "ICT") written before a word for a sector, a firm, a department or a post names where someone worked, not
 * the skill: "8 years in the IT industry", "a leading IT firm", "IT consultant", "IT Area Manager", "IT
 * operations expenses", and the sector's assets or someone's years in it: "rebuilt the IT infrastructure", "IT
 * assets", "four years of IT experience", "IT expertise". Alone it stays ("LAN, WAN, IT", "a career in IT"); so does
 * "IT consulting", "IT skills", and labels that go on with the noun ("IT support", "IT security").
 */
function namedAsSector(tokens: Token[], i: number, segment: Segment): boolean {
  const token = tokens[i]!;
  const next = tokens[i + 1];
  if (!SECTOR_ACRONYMS.has(token.surface) || !next || !SECTOR_NOUNS.has(next.key)) return false;
  return /^\s+$/u.test(segment.text.slice(token.end - segment.start, next.start - segment.start));
}

/** Acronyms of the information technology sector in the seven languages ("TI", "TIC" in Spanish and Portuguese). */
const SECTOR_ACRONYMS = new Set(LINKER_VOCABULARY.sectorAcronyms);
/**
 * Words for a sector, a firm, a department, a post, a budget, the sector's assets or experience in it that such an
 * acronym qualifies (folded).
 */
const SECTOR_NOUNS = new Set(LINKER_VOCABULARY.sectorNouns);

/**
 * Initials of an author in a reference list, as medicine and the sciences write them ("Gunn RA, Rolfs RT, Greenspan
 * JR."): capitals after a capitalised surname, then a comma or a period, with another author written alike in the
 * sentence. "RT" there is no radiotherapy, "JR" no skill.
 */
function namedAsAuthor(tokens: Token[], i: number, segment: Segment): boolean {
  const token = tokens[i]!;
  if (!/^\p{Lu}{1,3}$/u.test(token.surface) || i === 0) return false;
  // Cheap checks first: initials close with a comma or a period and follow a capitalised surname.
  const after = segment.text.charAt(token.end - segment.start);
  if ((after !== ',' && after !== '.') || !/^\p{Lu}\p{Ll}/u.test(tokens[i - 1]!.surface)) return false;
  const authors = [...segment.text.matchAll(AUTHOR)];
  return (
    authors.length >= 2 &&
    authors.some(
      (a) => a.index + a[0].length - (a[0].endsWith(',') || a[0].endsWith('.') ? 1 : 0) === token.end - segment.start,
    )
  );
}

/** A surname and its initials ("Rolfs RT,", "van Dijk M.", "Smith-Jones AB."). */
const AUTHOR = /(?<![\p{L}\p{N}])\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)? \p{Lu}{1,3}[,.]/gu;

/**
 * In French, Spanish, Italian and Portuguese a field's name is also an adjective written after its noun: "activité
 * physique" (physical activity), "educación física", "messagerie électronique", "outils informatiques", "attività
 * fisica". A field's name in lowercase with an adjective's ending right after a word that is no stop word of the
 * text's language (a noun) is that adjective. "licence de physique", "Física y Química" stay the fields.
 */
function namedAsAdjective(tokens: Token[], i: number, segment: Segment, dictionary: PhraseDictionary): boolean {
  const token = tokens[i]!;
  const previous = tokens[i - 1];
  if (
    !ROMANCE.has(dictionary.stemLanguage) ||
    !previous ||
    token.surface !== token.surface.toLowerCase() ||
    !ADJECTIVE_ENDING.test(token.key)
  )
    return false;
  if (!/^\p{L}\p{Ll}{2,}$/u.test(previous.surface) || dictionary.isStopWord(previous.key)) return false;
  return /^\s+$/u.test(segment.text.slice(previous.end - segment.start, token.start - segment.start));
}

const ROMANCE = new Set(LINKER_VOCABULARY.romanceLanguages);
/** Adjectives of fields: French -ique(s), Spanish, Italian and Portuguese -ico/-ica(s) (folded). */
const ADJECTIVE_ENDING = /(?:ique|ica|ico)s?$/u;

/**
 * Words with a meaning of their own in software, read in a sentence about software: "logging" is a program's log
 * there, not tree felling ("monitoring and logging", "structured logging", "alerting and logging"), and
 * "migration" moves code or data, not people ("migration of the billing code to the new cluster",
 * "migration from on-premises servers", "Server Migration"). A software word within three words either side decides.
 */
function namedInSoftware(tokens: Token[], i: number): boolean {
  if (!SOFTWARE_SENSES.has(tokens[i]!.key)) return false;
  for (let k = Math.max(0, i - 3); k <= Math.min(tokens.length - 1, i + 3); k++)
    if (k !== i && SOFTWARE_WORDS.has(tokens[k]!.key)) return true;
  return false;
}

/** Words that software gives a meaning of its own (folded). */
const SOFTWARE_SENSES = new Set(LINKER_VOCABULARY.softwareSenses);
/** Words of a sentence about software (folded; English, and the IT words the other six languages share). */
const SOFTWARE_WORDS = new Set(LINKER_VOCABULARY.softwareWords);

/**
 * A vendor's name written as the firm, not its product: an employer ("at Oracle", "bei SAP", "chez Oracle") or
 * followed by a legal form or a country ("Oracle Corporation", "SAP Deutschland", "Oracle do Brasil").
 */
function namedAsFirm(tokens: Token[], i: number): boolean {
  const token = tokens[i]!;
  if (!VENDORS.has(token.surface)) return false;
  // "at SAP implementation partner" names the product: the firm is not followed by a lowercase word.
  const describes =
    tokens[i + 1] !== undefined && tokens[i + 1]!.start === token.end + 1 && /^\p{Ll}/u.test(tokens[i + 1]!.surface);
  if (i > 0 && !token.glued && !describes && EMPLOYER_PREPOSITIONS.has(tokens[i - 1]!.key)) return true;
  const next = tokens[i + 1] && NAME_LINKS.has(tokens[i + 1]!.key) ? i + 2 : i + 1;
  const after = tokens[next];
  return (
    after !== undefined &&
    !after.glued &&
    /^\p{Lu}/u.test(after.surface) &&
    (LEGAL_FORMS.has(after.key) || FIRM_COUNTRIES.has(after.key))
  );
}

/**
 * A vendor's name followed on its line by where the firm is, as employer lines write it: "Cisco - Mumbai,
 * Maharashtra -", "Microsoft - Redmond -", "Oracle – Noida, Uttar Pradesh", "GOOGLE Kirkland, WA", "Google - Kirkland,
 * WA | 2016 – 2019": a place of one to three capitalised words with a region (", WA", ", Maharashtra") or closed by a
 * dash or bar. A list goes on with skills instead ("Oracle - Java, Python" has no region of two capitals).
 */
function namedWithPlace(tokens: Token[], i: number, text: string, ordinary: Set<string>): boolean {
  const token = tokens[i]!;
  if (!VENDORS.has(token.surface) && !VENDORS.has(titleCase(token.surface))) return false;
  const lineEnd = text.indexOf('\n', token.end);
  const rest = text.slice(token.end, lineEnd < 0 ? text.length : lineEnd);
  const place = PLACE_AFTER_DASH.exec(rest) ?? PLACE_WITH_REGION.exec(rest);
  // A place's name is no word of the languages: "Cisco Routers, Switches" lists products.
  return (
    place !== null &&
    !`${place[1]!} ${place[2] ?? ''}`.split(/[ -]/u).some((word) => word.length > 2 && ordinary.has(foldText(word)))
  );
}

/** "GOOGLE" → "Google" (a vendor written in capitals, as employer lines often do). */
function titleCase(word: string): string {
  return word.length > 3 ? word.charAt(0) + word.slice(1).toLowerCase() : word;
}

const PLACE = String.raw`(\p{Lu}\p{Ll}+(?:[ -]\p{Lu}\p{Ll}+){0,2})`;
const REGION = String.raw`(\p{Lu}{2}\b|\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)?)`;
const DASH = String.raw`[-–—|]`;
/** " - Redmond -", " – Pune, Maharashtra -": a place between dashes. */
const PLACE_AFTER_DASH = new RegExp(String.raw`^\s+${DASH}\s+${PLACE}(?:,\s*${REGION})?\s+${DASH}`, 'u');
/** " Kirkland, WA", " - Mumbai, Maharashtra": a place and its region, then the line ends or goes on with dates. Neither is a word of the languages. */
const PLACE_WITH_REGION = new RegExp(String.raw`^(?:\s+${DASH})?\s+${PLACE},\s*${REGION}\s*(?:$|${DASH}|\(|\d)`, 'u');

/**
 * A one-letter name ("C", "R") written as a person's initial or a mark: after a name and before a period ("Lisa R.",
 * "Vetter, R., Brown, J.", "Shi, C., & Ye, Y."), or alone in parentheses (a grade, "Physics (C)"; a marker, "(R)").
 * After a skill it is the language again: "Java, C." or "C++, C." end a list. `matches`: the sentence's matches so far.
 */
function namedAsInitial(tokens: Token[], i: number, segment: Segment, matches: Match[]): boolean {
  const token = tokens[i]!;
  if (!/^\p{Lu}$/u.test(token.surface)) return false;
  const before = segment.text.slice(0, token.start - segment.start);
  const after = segment.text.slice(token.end - segment.start);
  if (/\(\s*$/u.test(before) && /^\s*\)/u.test(after)) return true;
  if (!/^\.(?:$|\s*[,;&)])/u.test(after) || i === 0) return false;
  const previous = tokens[i - 1]!;
  const between = segment.text.slice(previous.end - segment.start, token.start - segment.start);
  const named =
    /^\p{Lu}\p{Ll}+$/u.test(previous.surface) &&
    !matches.some((m) => m.start <= previous.start && previous.end <= m.end);
  return named && /^,?\s+$/u.test(between);
}

/**
 * "History" as the record of something, not the discipline: the heading "Employment History" / "Job History" of
 * nearly every other CV, "work history", "academic history", "case histories", "team history". The discipline
 * stays: "U.S. History", "Social History", "taught history and geography".
 */
function namedAsRecord(tokens: Token[], i: number): boolean {
  return (tokens[i]!.key === 'history' || tokens[i]!.key === 'histories') && i > 0 && RECORD_OF.has(tokens[i - 1]!.key);
}

/** Words whose history is a record of them (folded). */
const RECORD_OF = new Set(LINKER_VOCABULARY.recordOf);

/**
 * A product named by a season ("Spring" of the Spring Framework, "Primavera" of Primavera P6) written as the season:
 * a term or a date, not the product. So when a year follows ("Spring 2014", "Spring, 2015", "Spring of 2016",
 * "primavera de 2018", anonymised "Spring 20XX"), or a word of the academic or working calendar ("Spring semester",
 * "Spring term", "Spring enrollment goals", "Summer internship"), or another season ("Spring and Summer", "Winter
 * and Spring track"), or a word that places it in time ("last Spring", "early Spring", "during Spring"); and a
 * season's name of any of the seven languages written in lowercase ("en primavera", "primavera 2017"), which is how
 * their prose writes seasons. "Spring Boot", "Spring MVC", "Spring and Hibernate", "Primavera P6" stay.
 */
function namedAsSeason(tokens: Token[], i: number): boolean {
  const token = tokens[i]!;
  if (!SEASONS.has(token.key)) return false;
  if (token.surface === token.surface.toLowerCase()) return true;
  const at = (k: number) => tokens[k]?.key ?? '';
  const year = (k: number) => /^(19|20)[\dx]{2}$/u.test(at(k));
  const next = YEAR_LINKS.has(at(i + 1)) ? i + 2 : i + 1;
  if (year(next) || CALENDAR_WORDS.has(at(i + 1)) || SEASONS.has(at(i + 1)) || TIME_WORDS.has(at(i - 1))) return true;
  return (
    (CONJUNCTIONS.has(at(i + 1)) && SEASONS.has(at(i + 2))) || (CONJUNCTIONS.has(at(i - 1)) && SEASONS.has(at(i - 2)))
  );
}

/** The seasons of the seven languages (folded): English, German, French, Spanish, Italian, Dutch, Portuguese. */
const SEASONS = new Set(LINKER_VOCABULARY.seasons);
/** Words between a season and its year ("Spring of 2016", "primavera de 2018", "voorjaar van 2019"). */
const YEAR_LINKS = new Set(LINKER_VOCABULARY.yearLinks);
/** Words of the academic and working calendar that a season names the time of (folded). */
const CALENDAR_WORDS = new Set(LINKER_VOCABULARY.calendarWords);
/** Words that place a season in time ("last Spring", "during Summer"). */
const TIME_WORDS = new Set(LINKER_VOCABULARY.timeWords);

/**
 * Capitalised words between a firm's own name and its legal form are the firm's name ("Brenner Logistik GmbH",
 * "Arrow Electronics Inc", "Halden Software Solutions Pvt Ltd", "Rossi Impianti Srl"), not its skills: tokens
 * from..to-1 matched a label.
 */
function inFirmName(tokens: Token[], from: number, to: number): boolean {
  let next = to;
  while (next < tokens.length && FIRM_LINKS.has(tokens[next]!.key) && next < to + 2) next++;
  const form = tokens[next];
  if (!form || !LEGAL_FORMS.has(form.key) || !/^\p{Lu}/u.test(form.surface)) return false;
  for (let k = from; k < to; k++) if (!/^[\p{Lu}\p{N}]/u.test(tokens[k]!.surface)) return false;
  // The firm's own name comes first: "SPSS Inc." or "Oracle Corporation" name a product's maker (see namedAsFirm).
  const name = tokens[from - 1];
  return name !== undefined && /^\p{Lu}/u.test(name.surface) && tokens[from]!.start - name.end === 1;
}

// Legal forms of firms (the platform's list): after capitalised words they close a firm's name (inFirmName), after a
// vendor they name the firm (namedAsFirm).
const LEGAL_FORMS = new Set(LEGAL_FORMS_LIST);
/** Words between a firm's name and its legal form ("Weber & Söhne KG" is read from "Söhne"; "(P) Ltd", "Pvt Ltd"). */
const FIRM_LINKS = new Set(LINKER_VOCABULARY.firmLinks);

/** Prepositions that name an employer ("Analyst at Oracle"), in the seed languages where they are unambiguous. */
const EMPLOYER_PREPOSITIONS = new Set(LINKER_VOCABULARY.employerPrepositions);
/** Words between a firm's name and its country ("Oracle do Brasil", "SAP of America"). */
const NAME_LINKS = new Set(LINKER_VOCABULARY.nameLinks);
/**
 * Countries and regions that follow a firm's name ("SAP Deutschland", "Oracle do Brasil", "Microsoft EMEA"), folded;
 * a legal form does too (LEGAL_FORMS: "Oracle Corporation"). Not "SE": "Oracle SE" is an edition.
 */
const FIRM_COUNTRIES = new Set(LINKER_VOCABULARY.firmCountries);

/**
 * A version number at token i: digits, not a year ("Spring 2019" is a date; "Word 2016" is lost with it) nor one of
 * several numbers ("Teams 1 and 2 of the night shift").
 */
function isVersion(tokens: Token[], i: number): boolean {
  const number = tokens[i]?.surface ?? '';
  return /^\d/u.test(number) && !/^(19|20)\d\d$/u.test(number) && !CONJUNCTIONS.has(tokens[i + 1]?.key ?? '');
}

/** A colon after one of the tokens from..to-1 (inside a span ending at token `to`). */
function colonWithin(breaks: Uint8Array, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (breaks[k] === COLON) return true;
  return false;
}

const COMMA = 1;
const COLON = 2;
const COMMA_CODE = ','.charCodeAt(0);
const COLON_CODE = ':'.charCodeAt(0);

/**
 * The punctuation after each token, before the next one: a colon ends a heading or a label ("Mind the gap: analysis",
 * "Skills: Java") and no label reads across it; a gapped match reads across no comma either ("at Oracle, selling
 * cloud" is not "Oracle Cloud").
 */
function punctuationAfter(tokens: Token[], segment: Segment): Uint8Array {
  const marks = new Uint8Array(tokens.length);
  for (let k = 0; k + 1 < tokens.length; k++) {
    // Most tokens are one space apart: read the characters between, no substring per token.
    for (let c = tokens[k]!.end - segment.start; c < tokens[k + 1]!.start - segment.start; c++) {
      const char = segment.text.charCodeAt(c);
      if (char === COLON_CODE) marks[k] = COLON;
      else if (char === COMMA_CODE && !marks[k]) marks[k] = COMMA;
    }
  }
  return marks;
}

/** The word is the acronym as the label writes it or in capitals, with a plural "s" at most ("API", "APIs", "DOE"). */
function writtenAsAcronym(word: string, label: string): boolean {
  const singular = word.endsWith('s') && word.length > label.length ? word.slice(0, -1) : word;
  return singular === label || singular === label.toUpperCase();
}

/**
 * An acronym written in another case than the taxonomy's that is no ordinary word of the loaded languages: all in
 * lowercase from three letters ("sql", "mysql"), or in any case from four ("Perl", "Cisco", "Html"), since longer
 * acronyms are often written as names. Three capitalised letters are too often a name ("Doe" is not "DoE"), two
 * too often a word ("it", "pr"); "led", "less", "rest" or French "mes" are words.
 */
function writtenAsAcronymLoosely(word: string, label: string, ordinary: Set<string>): boolean {
  const lower = label.toLowerCase();
  const key = word.toLowerCase();
  const singular = key.endsWith('s') && key.length > label.length ? key.slice(0, -1) : key;
  if (singular !== lower || ordinary.has(key) || ordinary.has(singular)) return false;
  const letters = lower.replace(/\P{L}/gu, '').length;
  return letters >= (word === key ? 3 : 4);
}

/** A letter with a diacritic, composed or not ("á", "ç", "ü"). */
const ACCENTED = /[\u00C0-\u024F]|\p{M}/u;

/** An acronym in the plural: capitals and a lowercase "s" ("APIs", "PCs"), whatever the word's ending would say. */
const ACRONYM_PLURAL = /^\p{Lu}[\p{Lu}\p{N}]+s$/u;

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

/**
 * In a CV, a field named as the subject of a degree or of a school is the education record, not a skill the person
 * claims: "Bachelor of Science in Computer Science", "B.Sc. in Information Technology", "BS, Information
 * Technology", "Major: Politics", "PhD student (Computer Science)", "School of Computer Science", "Licence de
 * physique", "Laurea in Economia", "Studium der Informatik", "Máster en Marketing". The education section carries
 * the degree and its field. Job ads keep them: there "a degree in Computer Science" asks for that knowledge.
 */
function subjectOfDegree(text: string, start: number): boolean {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const before = text.slice(Math.max(lineStart, start - 80), start);
  // Cheap check first: a field follows a preposition, a mark or a dotted degree.
  const last = before.trimEnd();
  const word = last.slice(last.lastIndexOf(' ') + 1).toLowerCase();
  if (NAMED_DEGREE_END.test(word) && NAMED_DEGREE.test(before)) return true;
  if (!FIELD_MARKS.has(last.charAt(last.length - 1)) && !FIELD_WORDS.has(word) && !/[.'’]/u.test(word)) return false;
  const degree = DEGREE_SUBJECT.exec(before);
  // "Scrum Master: …", "Quality Master (CSM)" name a post: a "Master" after a capitalised word, before a colon or a
  // parenthesis ("Dallas, Texas Masters in Business Administration" is the degree).
  const post =
    degree !== null &&
    /^masters?\b[^]*[:(]\s*$/iu.test(degree[0]) &&
    /\p{Lu}\p{Ll}*\s+$/u.test(before.slice(0, degree.index));
  if (degree && !post) return true;
  return DOTTED_DEGREE.test(before) || SCHOOL_OF.test(before);
}

/** What ends the text before a field: a mark ("Major: ", "(", "MBA – ") or a preposition ("in", "de", "Studium der"). */
const FIELD_MARKS = new Set(LINKER_VOCABULARY.fieldMarks);
const FIELD_WORDS = new Set(LINKER_VOCABULARY.fieldWords);

/**
 * Degrees written as words ("Bachelor", "Licenciatura", "Laurea") and the field words of a programme ("Major"). A
 * "Master" after another word is a post: "Scrum Master: Six Sigma", "Quality Master (CSM)".
 */
const DEGREE_WORDS = LINKER_VOCABULARY.degreeWords.join('|');
/** Degrees written as acronyms ("B.Sc.", "BS", "M.Tech", "MBA"). */
const DEGREE_ACRONYMS = LINKER_VOCABULARY.degreeAcronyms.join('|');
/** Words between a degree and its field ("Bachelor's degree (Hons) of Science in", "PhD student (", "Laurea magistrale in"). */
const DEGREE_QUALIFIERS = String.raw`(?:'s|’s)?(?:\s+(?:degree|diploma|student|candidate|program|programme|studies|course|honours|honors|hons\.?|\(hons\.?\)|triennale|magistrale|specialistica|universitaire|universitario|universitária|of\s+(?:science|arts|engineering|technology|business|commerce|education|laws|fine\s+arts|applied\s+science|computer\s+applications)(?:\s+and\s+engineering)?))*`;
/** The field's preposition ("in", "en", "em", "of", "de", "di", "der", "d'") or a mark ("Major: ", "PhD student ("). */
const FIELD_PREPOSITION = String.raw`\s*(?:\s(?:in|en|em|of|de|di|der|des|du|in\s+de|in\s+der)\s+|[:(]\s*|\sd['’])$`;
/**
 * "… degree in ", "Major: ", "PhD student (", "Licence de "; an acronym also before a dash ("MBA – Finance"). Not
 * before a comma: "Scrum Master, PMP" and "Jane Roe, MBA, PMP" are lists. A minor is a subject the annotators of CVs
 * count as a skill ("Minor in Mathematics").
 */
const DEGREE_SUBJECT = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?:${DEGREE_WORDS})${DEGREE_QUALIFIERS}${FIELD_PREPOSITION}|(?:${DEGREE_ACRONYMS})\.?${DEGREE_QUALIFIERS}(?:${FIELD_PREPOSITION}|\s+[–-]\s*$))`,
  'iu',
);
/**
 * A degree that names its field without a preposition: German "Studium Betriebswirtschaft", "Bachelorstudium
 * Informatik", "Masterstudiengang Maschinenbau", and "Bachelor of Arts Betriebswirtschaft", "Master of Science
 * Computer Science" (the name of the degree, then its field). NAMED_DEGREE_END: the cheap check of the last word.
 */
const NAMED_DEGREE =
  /(?<![\p{L}\p{N}])(?:\p{L}*studium|\p{L}*studiengang|(?:bachelor|master)(?:'s|’s)?\s+of\s+(?:arts|science|sciences|engineering))\s+$/iu;
const NAMED_DEGREE_END = /(?:studium|studiengang|arts|science|sciences|engineering)$/u;

/**
 * A field followed by its degree in parentheses is the education record: "Betriebswirtschaft (B.A.)", "Informatik
 * (M.Sc.)", "Economics (BSc)", "Maschinenbau (Diplom)". `end`: where the field ends.
 */
function degreeAfter(text: string, end: number): boolean {
  return text.charCodeAt(end) === PAREN_CODE || text.charCodeAt(end + 1) === PAREN_CODE
    ? DEGREE_AFTER.test(text.slice(end, end + 20))
    : false;
}

const PAREN_CODE = '('.charCodeAt(0);
const DEGREE_AFTER =
  /^\s?\((?:[BM]\.?\s?(?:A|Sc|S|Eng|Ed|Com|Tech)\.?|MBA|Ph\.?\s?D\.?|Bachelor|Master|Diplom|Magister|Licence|Laurea)\)/u;

/** "B.Sc. Computer Science", "B.A English": a degree written with dots needs no preposition before its field. */
const DOTTED_DEGREE = /(?<![\p{L}\p{N}])(?:b|m)\.\s?(?:sc|s|a|tech|e|eng|com)\.?\s+$/iu;
/** "School of", "Faculty of", "Department of", "Institute of", "Dept. of", "Fakultät für", "Faculté de" … */
const SCHOOL_OF =
  /(?<![\p{L}\p{N}])(?:school|faculty|department|dept\.?|institute|college|fakultät|fachbereich|faculté|facultad|facoltà|faculdade|faculteit|departamento|dipartimento|département)\s+(?:of|für|de|des|di|da|do|der|voor)\s+(?:the\s+)?$/iu;
