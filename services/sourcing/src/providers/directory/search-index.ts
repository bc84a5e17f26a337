import { SENIORITY_LEVELS, type SearchFilters, type SourcedProfile } from '../provider.js';
import { Postings, PostingsBuilder } from './postings.js';
import { forgetTextMemos, indexTerms, normalizeText, phraseHaystack, words } from './text.js';

/** Where a word was found; a hit in a title counts more than one in a description. */
const FAST_FIELD_WEIGHTS = { currentTitle: 4, pastTitle: 2, headline: 2, skill: 3 } as const;
const PRO_FIELD_WEIGHT = 1;
/** A pro-only hit (summary, experience description, company, education) weighs half a fast-field hit. */
const PRO_GROUP_FACTOR = 0.5;
/** BM25's saturation constant: the fifth mention of a word adds less than the first. */
const SATURATION = 1.2;
/** Added to the text score when a title filter matches the current title (a past title: half of it). */
const CURRENT_TITLE_BONUS = 2;
const NO_SENIORITY = 255;

export interface IndexQuery {
  query: string;
  filters: SearchFilters;
  searchType: 'fast' | 'pro';
  /** Keep only profiles updated at or after this instant (ms since epoch); null: no freshness filter. */
  updatedSince: number | null;
}

/** Loads profiles one by one (document numbers in arrival order), then builds the read-only DirectoryIndex. */
export class DirectoryIndexBuilder {
  private readonly fast = new PostingsBuilder();
  private readonly pro = new PostingsBuilder();
  private readonly skills = new PostingsBuilder();
  private readonly titleWords = new PostingsBuilder();
  private readonly locationWords = new PostingsBuilder();
  private readonly ids: string[] = [];
  private readonly seenIds = new Set<string>();
  private readonly currentTitles: string[] = [];
  private readonly pastTitles: string[] = [];
  private readonly locations: string[] = [];
  private readonly seniority: number[] = [];
  private readonly updatedAt: number[] = [];
  private readonly json: Buffer[] = [];

  /** Adds a profile; false when its id is already in the directory (the first one wins). */
  add(profile: SourcedProfile): boolean {
    if (this.seenIds.has(profile.id)) return false;
    this.seenIds.add(profile.id);
    const doc = this.ids.length;
    this.ids.push(profile.id);

    const current = profile.experience.filter((job) => job.is_current).map((job) => job.title);
    const past = profile.experience.filter((job) => !job.is_current).map((job) => job.title);
    // Without any experience entry, the headline stands for the current title.
    const currentTitles = current.length || past.length || !profile.headline ? current : [profile.headline];

    const fast = (text: string | null, weight: number) =>
      text && indexTerms(text).forEach((term) => this.fast.add(term, doc, weight));
    const pro = (text: string | null) =>
      text && indexTerms(text).forEach((term) => this.pro.add(term, doc, PRO_FIELD_WEIGHT));
    current.forEach((title) => fast(title, FAST_FIELD_WEIGHTS.currentTitle));
    past.forEach((title) => fast(title, FAST_FIELD_WEIGHTS.pastTitle));
    fast(profile.headline, FAST_FIELD_WEIGHTS.headline);
    profile.skills.forEach((skill) => fast(skill, FAST_FIELD_WEIGHTS.skill));
    pro(profile.summary);
    for (const job of profile.experience) {
      pro(job.company);
      pro(job.summary);
    }
    for (const school of profile.education) [school.school, school.degree, school.major].forEach((text) => pro(text));

    profile.skills.forEach((skill) => this.skills.add(normalizeText(skill), doc));
    [...currentTitles, ...past].forEach((title) => words(title).forEach((word) => this.titleWords.add(word, doc)));
    if (profile.location) words(profile.location).forEach((word) => this.locationWords.add(word, doc));
    this.currentTitles.push(phraseHaystack(currentTitles));
    this.pastTitles.push(phraseHaystack(past));
    this.locations.push(phraseHaystack(profile.location ? [profile.location] : []));
    this.seniority.push(profile.seniority ? SENIORITY_LEVELS.indexOf(profile.seniority) : NO_SENIORITY);
    this.updatedAt.push(profile.updated_at ? Date.parse(profile.updated_at) : Number.NaN);
    // UTF-8 bytes (small buffers share Node's pool): a JS object per profile would take several times the memory.
    this.json.push(Buffer.from(JSON.stringify(profile)));
    return true;
  }

  build(): DirectoryIndex {
    const byId = Int32Array.from(this.ids.keys()).sort((a, b) =>
      this.ids[a]! < this.ids[b]! ? -1 : this.ids[a]! > this.ids[b]! ? 1 : 0,
    );
    this.seenIds.clear();
    forgetTextMemos();
    return new DirectoryIndex({
      fast: this.fast.freeze(),
      pro: this.pro.freeze(),
      skills: this.skills.freeze(),
      titleWords: this.titleWords.freeze(),
      locationWords: this.locationWords.freeze(),
      currentTitles: this.currentTitles,
      pastTitles: this.pastTitles,
      locations: this.locations,
      seniority: Uint8Array.from(this.seniority),
      updatedAt: Float64Array.from(this.updatedAt),
      json: this.json,
      byId,
    });
  }
}

interface IndexColumns {
  /** Full-text stems of the fast fields (titles, headline, skills), weighted by field. */
  fast: Postings;
  /** Full-text stems of the fields only a pro search reads (summary, experience, education). */
  pro: Postings;
  /** Normalized skill names, exact. */
  skills: Postings;
  /** Normalized words of titles and locations: narrow the phrase filters before the phrase check. */
  titleWords: Postings;
  locationWords: Postings;
  currentTitles: string[];
  pastTitles: string[];
  locations: string[];
  seniority: Uint8Array;
  updatedAt: Float64Array;
  json: Buffer[];
  /** Documents sorted by id: the tie-break of every ranking, so windows are stable. */
  byId: Int32Array;
}

/**
 * The read-only search structure of a directory: inverted indexes (postings.ts), per-document columns for the
 * filters, and every profile as UTF-8 JSON.
 */
export class DirectoryIndex {
  private readonly idRank: Int32Array;

  constructor(private readonly columns: IndexColumns) {
    this.idRank = new Int32Array(columns.byId.length);
    columns.byId.forEach((doc, rank) => (this.idRank[doc] = rank));
  }

  get size(): number {
    return this.columns.byId.length;
  }

  profile(doc: number): SourcedProfile {
    return JSON.parse(this.columns.json[doc]!.toString('utf8')) as SourcedProfile;
  }

  /**
   * Every document matching the query, best first: text score (every query word must occur in the searched
   * fields; BM25-style weight per word) plus a bonus when a title filter matches the current title; ties by id.
   */
  search(query: IndexQuery): Int32Array {
    const { seniority, updatedAt, byId } = this.columns;
    const terms = [...new Set(indexTerms(query.query))];
    const score = new Float64Array(this.size);
    const candidates = terms.length ? this.matchText(terms, query.searchType, score) : byId;

    // member[doc] = how many of the set filters so far the document passes (a document missing one drops out).
    const member = new Uint8Array(this.size);
    let sets = 0;
    const pass = (docs: Iterable<number>) => {
      for (const doc of docs) if (member[doc] === sets) member[doc] = sets + 1;
      sets++;
    };
    const skills = [...new Set((query.filters.skills ?? []).map(normalizeText).filter(Boolean))];
    if (skills.length) pass(this.columns.skills.all(skills));
    const titleBonus = this.titleMatches(query.filters.titles ?? []);
    if (titleBonus) pass(titleBonus.keys());
    const places = query.filters.locations ?? [];
    if (places.length) pass(this.phraseMatches(places, this.columns.locationWords, this.columns.locations));

    const levels = new Set((query.filters.seniority ?? []).map((level) => SENIORITY_LEVELS.indexOf(level)));
    const since = query.updatedSince;
    const matched: number[] = [];
    for (const doc of candidates) {
      if (member[doc] !== sets) continue;
      if (levels.size && !levels.has(seniority[doc]!)) continue;
      if (since !== null && !(updatedAt[doc]! >= since)) continue;
      if (titleBonus) score[doc] = score[doc]! + titleBonus.get(doc)!;
      matched.push(doc);
    }
    const docs = Int32Array.from(matched);
    // With neither text nor title filter every score is 0 and `byId` gave the order already.
    if (terms.length || titleBonus) docs.sort((a, b) => score[b]! - score[a]! || this.idRank[a]! - this.idRank[b]!);
    return docs;
  }

  /** Documents containing every term (fast fields, or every field for pro); their scores added to `score`. */
  private matchText(terms: string[], searchType: 'fast' | 'pro', score: Float64Array): Int32Array {
    const groups: [Postings, number][] =
      searchType === 'pro'
        ? [
            [this.columns.fast, 1],
            [this.columns.pro, PRO_GROUP_FACTOR],
          ]
        : [[this.columns.fast, 1]];
    const n = this.size;
    // hits[doc] = how many of the terms so far the document contains.
    const hits = new Uint8Array(n);
    const complete: number[] = [];
    for (const [k, term] of terms.entries()) {
      let found = false;
      for (const [group, factor] of groups) {
        const { docs, weights } = group.get(term);
        if (!docs.length) continue;
        found = true;
        const idf = Math.log(1 + (n - docs.length + 0.5) / (docs.length + 0.5));
        for (let i = 0; i < docs.length; i++) {
          const doc = docs[i]!;
          const seen = hits[doc]!;
          if (seen < k) continue;
          const weight = weights[i]!;
          score[doc] = score[doc]! + (factor * idf * weight * (SATURATION + 1)) / (weight + SATURATION);
          if (seen === k) {
            hits[doc] = k + 1;
            if (k === terms.length - 1) complete.push(doc);
          }
        }
      }
      if (!found) return new Int32Array(0);
    }
    return Int32Array.from(complete);
  }

  /** Title filter (any): document → bonus (current title 2, past only 1); null without title filter. */
  private titleMatches(titles: readonly string[]): Map<number, number> | null {
    const needles = titles.map(normalizeText).filter(Boolean);
    if (!needles.length) return null;
    const bonus = new Map<number, number>();
    for (const needle of needles) {
      const padded = ` ${needle} `;
      for (const doc of this.columns.titleWords.all(needle.split(' '))) {
        const value = this.columns.currentTitles[doc]!.includes(padded)
          ? CURRENT_TITLE_BONUS
          : this.columns.pastTitles[doc]!.includes(padded)
            ? CURRENT_TITLE_BONUS / 2
            : 0;
        if (value > (bonus.get(doc) ?? 0)) bonus.set(doc, value);
      }
    }
    return bonus;
  }

  /** Documents whose text holds any of the phrases as whole words. */
  private phraseMatches(phrases: readonly string[], wordIndex: Postings, haystacks: readonly string[]): Set<number> {
    const found = new Set<number>();
    for (const phrase of phrases.map(normalizeText).filter(Boolean)) {
      const padded = ` ${phrase} `;
      for (const doc of wordIndex.all(phrase.split(' '))) if (haystacks[doc]!.includes(padded)) found.add(doc);
    }
    return found;
  }
}
