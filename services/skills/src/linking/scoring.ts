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
export const LINK_CANDIDATES = 5;
/** Confidence of a skill linked on lexical relevance alone stays below every phrase match's. */
export const RETRIEVAL_CONFIDENCE_CAP = 0.6;
