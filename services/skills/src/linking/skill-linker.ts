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
  NameMention,
  RankedSentence,
  SentenceCandidates,
} from './linker-types.js';
import { ordinaryWords } from './ordinary-words.js';
import { PhraseMatcher } from './phrase-matcher.js';
import { PhraseDictionary } from './phrase-dictionary.js';
import { AcceptanceModel } from './acceptance-model.js';
import { sectionStarts, type Section } from './cv-sections.js';
import { linkFeatures, type TextContext } from './link-features.js';
import { NameModel } from './name-model.js';
import { nameFeatures, writtenCapitalised, type NameContext } from './name-features.js';
import { hintFor, linkedSkills, ruleAcceptance, type Acceptance } from './link-selection.js';
import { isHeading, requirementCue, type Cue } from './requirement-cues.js';
import { loadPlaces } from './sense-filters/places.js';
import { withoutLoneWords } from './sense-filters/word-senses.js';
import { splitSegments, type Segment } from './sentences.js';
import { ACRONYM_PLURAL } from './token-shapes.js';

import { LINK_CANDIDATES, RETRIEVAL_CONFIDENCE_CAP, SCORING } from './scoring.js';

export type { LinkContext, LinkedSkill, LinkResult, RankedSentence, RankedSkill } from './linker-types.js';
export { SCORING } from './scoring.js';

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
  private readonly phrases: PhraseMatcher;

  /**
   * `acceptance`: the model that gives each link its confidence and rejects the unlikely ones (the shipped weights
   * by default); null keeps the rules' confidence and every link (what the model is trained on). `names`: the model
   * that tells mentions that are part of a firm's or a place's name (the shipped weights by default); null keeps
   * every mention (what it is trained on).
   */
  constructor(
    private readonly index: SkillIndex,
    private readonly scoring = SCORING,
    private readonly bm25 = BM25,
    readonly acceptance: AcceptanceModel | null = AcceptanceModel.load(),
    readonly names: NameModel | null = NameModel.load(),
  ) {
    this.phrases = new PhraseMatcher(index, () => this.ordinary);
  }

  /** The retrieval index, built on first use (or by warmUp()): start-up does not wait for it. */
  private get retrieval(): LexicalRetrieval {
    return (this.lexical ??= new LexicalRetrieval(this.index, this.bm25));
  }

  /** Words the taxonomy's languages write in lowercase, built on first use (a lowercase acronym must be none). */
  private get ordinary(): Set<string> {
    return (this.words ??= ordinaryWords(this.index));
  }

  /**
   * Builds what the first call would otherwise build: the English phrase dictionary, the retrieval index, the
   * ordinary words and the gazetteer of known places.
   */
  warmUp(): void {
    this.dictionary(DEFAULT_LANGUAGE);
    loadPlaces();
    void this.retrieval;
    void this.ordinary;
  }

  /**
   * `features`: each link also carries its acceptance features (for training and inspection); `nameFeatures`: the
   * result also lists every capitalised mention with its name features; `rulesOnly`: the rules' confidence and every
   * mention and link, as without the models (the evals' baseline).
   */
  link(
    text: string,
    options: {
      language?: string;
      context: LinkContext;
      features?: boolean;
      nameFeatures?: boolean;
      rulesOnly?: boolean;
    },
  ): LinkResult {
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
    let sections: { at: number; section: Section }[] | undefined;
    const sectionsOf = () => (sections ??= options.context === 'cv' ? sectionStarts(text) : []);
    const view = (skill: number) => this.index.viewAt(skill, language);
    const named = this.withoutNames(text, matches, options, sectionsOf, view);
    const skills = linkedSkills(
      text,
      named.matches,
      options.context,
      view,
      this.acceptanceOf(text, named.matches, options, sectionsOf),
    );
    return { language, skills, ...(named.mentions ? { mentions: named.mentions } : {}) };
  }

  /**
   * The matches that are no part of a firm's or a place's name by the name model (every match without one), and,
   * when asked for, every capitalised mention with its name features.
   */
  private withoutNames(
    text: string,
    matches: Match[],
    options: { context: LinkContext; nameFeatures?: boolean; rulesOnly?: boolean },
    sections: () => { at: number; section: Section }[],
    view: (skill: number) => NameMention['skill'],
  ): { matches: Match[]; mentions?: NameMention[] } {
    const model = options.rulesOnly ? null : this.names;
    if (!model && !options.nameFeatures) return { matches };
    const at: NameContext = {
      text,
      cv: options.context === 'cv',
      sections: sections(),
      ordinary: this.ordinary,
      matchStarts: matches.map((m) => m.start).sort((a, b) => a - b),
    };
    const mentions: NameMention[] = [];
    const kept = matches.filter((match) => {
      // A name is capitalised: a lowercase mention is none.
      if (!writtenCapitalised(text, match)) return true;
      const features = nameFeatures(match, at);
      const probability = model ? model.probability(features) : 0;
      if (options.nameFeatures)
        mentions.push({
          skill: view(match.phrase.skill),
          start: match.start,
          end: match.end,
          matchedText: text.slice(match.start, match.end),
          features,
          probability,
        });
      return !model || probability < model.accept;
    });
    return { matches: kept, ...(options.nameFeatures ? { mentions } : {}) };
  }

  /** The acceptance of this text's links: the model's probability over each link's features, or the rules'. */
  private acceptanceOf(
    text: string,
    matches: Match[],
    options: { context: LinkContext; features?: boolean; rulesOnly?: boolean },
    sections: () => { at: number; section: Section }[],
  ): Acceptance {
    const { context } = options;
    const withFeatures = options.features ?? false;
    const model = options.rulesOnly ? null : this.acceptance;
    if (!model && !withFeatures) return ruleAcceptance;
    const skillsPerSegment = new Map<number, Set<number>>();
    for (const match of matches) {
      const skills = skillsPerSegment.get(match.segment.start) ?? new Set<number>();
      skillsPerSegment.set(match.segment.start, skills.add(match.phrase.skill));
    }
    const at: TextContext = {
      text,
      context,
      sections: sections(),
      skillsPerSegment: new Map([...skillsPerSegment].map(([start, skills]) => [start, skills.size])),
    };
    return (mention, mentions) => {
      const features = linkFeatures(this.index, mention, mentions, at);
      const rules = ruleAcceptance(mention, mentions);
      const confidence = model ? model.probability(features) : rules.confidence;
      return {
        confidence,
        accepted: !model || confidence >= model.accept,
        ...(withFeatures ? { features } : {}),
      };
    };
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
        this.phrases.matchTokens(tokens, stems, dictionaries, segment, text, options.context === 'cv'),
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
        for (const match of candidate.matches) match.relevance = bm25;
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
      kind: 'retrieval',
      senses: 1,
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
}
