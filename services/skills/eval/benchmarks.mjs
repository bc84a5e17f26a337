// The evaluation sets of `pnpm eval:skills`, read from the shared data folder, and their measures.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';

/**
 * The fixed held-out split of the TechWolf validation files: a sentence is held out when the FNV-1a 32-bit hash of
 * its exact text is odd, and belongs to the tuning half when it is even. Rules and scoring are tuned on the tuning
 * half only; the held-out half is reported, never tuned on.
 */
export function heldOut(sentence) {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(sentence, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return (hash & 1) === 1;
}

/**
 * TechWolf validation sets: per file, sentences with their gold skill ids (ESCO preferred labels resolved in the
 * taxonomy). "LABEL NOT PRESENT" (no ESCO skill) and "UNDERSPECIFIED" (no ESCO label specific enough) are not gold.
 */
export function readTechWolf(data, index) {
  const folder = join(data, 'skill-extraction/techwolf');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .map((file) => {
      const sentences = new Map();
      for (const { sentence, label } of parse(readFileSync(join(folder, file), 'utf8'), { columns: true })) {
        if (!sentences.has(sentence)) sentences.set(sentence, new Set());
        if (label !== 'LABEL NOT PRESENT' && label !== 'UNDERSPECIFIED') {
          const skill = index.findByName(label, 'en');
          sentences.get(sentence).add(skill ? skill.id : `unknown:${label}`);
        }
      }
      return { name: file.replace('_validation_annotations.csv', ''), sentences: [...sentences].map(([text, gold]) => ({ text, gold })) };
    });
}

/**
 * P/R/F1 of the thresholded sets and R-Precision@5 of the rankings over sentences `{ gold: Set, linked: id[],
 * ranked: id[] }` (RP@5 over sentences with gold only).
 */
export function skillMeasures(results) {
  let tp = 0, predicted = 0, gold = 0, rp = 0, rpUnits = 0;
  for (const r of results) {
    predicted += r.linked.length;
    gold += r.gold.size;
    tp += r.linked.filter((id) => r.gold.has(id)).length;
    if (r.gold.size > 0) {
      rp += r.ranked.slice(0, 5).filter((id) => r.gold.has(id)).length / Math.min(5, r.gold.size);
      rpUnits++;
    }
  }
  const precision = predicted ? tp / predicted : 0;
  const recall = gold ? tp / gold : 0;
  return { precision, recall, f1: tp ? (2 * precision * recall) / (precision + recall) : 0, rp5: rpUnits ? rp / rpUnits : 0, sentences: results.length };
}

/**
 * A 95% bootstrap interval of the gap (tuning − held-out) of a measure: each half's sentences resampled with
 * replacement `rounds` times, with a fixed seed so that every run prints the same interval. A gap whose interval holds 0
 * cannot be told from which sentences fell in which half.
 */
export function bootstrapGap(tuning, held, measure, options) {
  return bootstrapInterval(tuning, held, (t, h) => measure(skillMeasures(t)) - measure(skillMeasures(h)), options);
}

/**
 * A 95% bootstrap interval of any statistic of the two halves, `statistic(tuningSample, heldSample)`: each half's
 * sentences resampled with replacement, the same resample for everything the statistic compares (a paired
 * bootstrap: the linker's and the reference's gaps are taken on the same sentences in each round).
 */
export function bootstrapInterval(tuning, held, statistic, { rounds = 2000, seed = 20261123 } = {}) {
  const random = mulberry32(seed);
  const resample = (results) => Array.from({ length: results.length }, () => results[Math.floor(random() * results.length)]);
  const values = [];
  for (let r = 0; r < rounds; r++) values.push(statistic(resample(tuning), resample(held)));
  return percentiles(values);
}

/**
 * The same statistic over `rounds` random splits of the sentences into halves of the fixed split's sizes (rules
 * fixed): what a gap looks like when nothing tells the halves apart, and where the fixed split's value falls among
 * them (the share of random splits with a value at least as large: a one-sided permutation p-value); `within(bound)`
 * is the share of random splits whose |value| is under `bound`.
 */
export function randomSplits(tuning, held, statistic, { rounds = 2000, seed = 20261124 } = {}) {
  const random = mulberry32(seed);
  const all = [...tuning, ...held];
  const observed = statistic(tuning, held);
  const values = [];
  for (let r = 0; r < rounds; r++) {
    // Fisher–Yates shuffle; the first tuning.length sentences play the tuning half.
    for (let i = all.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [all[i], all[j]] = [all[j], all[i]];
    }
    values.push(statistic(all.slice(0, tuning.length), all.slice(tuning.length)));
  }
  const meanAbs = values.reduce((sum, v) => sum + Math.abs(v), 0) / rounds;
  const within = (bound) => values.filter((v) => Math.abs(v) < bound).length / rounds;
  return { observed, range: percentiles(values), meanAbs, within, atLeast: values.filter((v) => v >= observed - 1e-12).length / rounds };
}

function percentiles(values) {
  values.sort((a, b) => a - b);
  return [values[Math.floor(0.025 * values.length)], values[Math.ceil(0.975 * values.length) - 1]];
}

/**
 * The untuned reference ranker of the over-fitting measure: Okapi BM25 with its textbook parameters (k1 1.2, b 0.75)
 * over one document per skill — all its labels, every loaded language, and its description — words lower-cased,
 * accents dropped, split at anything that is not a letter or digit; no stemming, no stop words, no rules, nothing
 * chosen on any data. A query word counts once. Its gap between the halves is the part of a gap that the halves'
 * difficulty alone makes. Returns text → skill ids, best first (at most `limit`).
 */
export function referenceRanker(skills, { k1 = 1.2, b = 0.75, limit = 20 } = {}) {
  const words = (text) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  /** word → [skill index, term frequency] pairs, flat. */
  const postings = new Map();
  const lengths = new Float64Array(skills.length);
  skills.forEach((skill, d) => {
    const counts = new Map();
    for (const text of [...skill.labels.map((l) => l.text), skill.description ?? '']) for (const w of words(text)) counts.set(w, (counts.get(w) ?? 0) + 1);
    for (const [w, tf] of counts) {
      if (!postings.has(w)) postings.set(w, []);
      postings.get(w).push(d, tf);
      lengths[d] += tf;
    }
  });
  const average = lengths.reduce((sum, l) => sum + l, 0) / skills.length;
  return (text) => {
    const scores = new Map();
    for (const w of new Set(words(text))) {
      const list = postings.get(w);
      if (!list) continue;
      const df = list.length / 2;
      const idf = Math.log(1 + (skills.length - df + 0.5) / (df + 0.5));
      for (let i = 0; i < list.length; i += 2) {
        const d = list[i], tf = list[i + 1];
        scores.set(d, (scores.get(d) ?? 0) + (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * lengths[d]) / average)));
      }
    }
    return [...scores].sort((x, y) => y[1] - x[1] || x[0] - y[0]).slice(0, limit).map(([d]) => skills[d].id);
  };
}

/** A small seeded PRNG (mulberry32): the same sequence on every run. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** SkillSpan: sentences (tokens joined by spaces) with their skill and knowledge spans as character ranges. */
export function readSkillSpan(data, split = 'dev') {
  const file = join(data, `skill-extraction/skillspan/${split}.json`);
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const { tokens, tags_skill: skill, tags_knowledge: knowledge } = JSON.parse(line);
      const offsets = [];
      let at = 0;
      for (const token of tokens) {
        offsets.push([at, at + token.length]);
        at += token.length + 1;
      }
      const spans = (tags, kind) => {
        const found = [];
        tags.forEach((tag, i) => {
          if (tag === 'B' || (tag === 'I' && (i === 0 || tags[i - 1] === 'O'))) found.push({ kind, start: offsets[i][0], end: offsets[i][1] });
          else if (tag === 'I') found[found.length - 1].end = offsets[i][1];
        });
        return found;
      };
      return { text: tokens.join(' '), spans: [...spans(skill, 'skill'), ...spans(knowledge, 'knowledge')] };
    });
}

/** dotin CV XML: the text and the Tech Tools / Job Specific Skills / Soft Skills spans. */
export function parseDotin(xml) {
  const types = new Set(['Tech Tools', 'Job Specific Skills', 'Soft Skills']);
  const body = xml.replace(/^[\s\S]*?<cv>\n?/, '').replace(/<\/cv>\s*$/, '');
  const spans = [];
  const text = body.replace(/<label type="([^"]+)">([\s\S]*?)<\/label>/g, (_, type, inner) => {
    if (types.has(type)) spans.push(decode(inner));
    return inner;
  });
  return { text: decode(text), spans };
}

/**
 * A dotin CV with every labelled span where it stands: `{ text, spans: [{ type, start, end, text }] }` (offsets into
 * the decoded text, every label type: Tech Tools, Companies worked at, Location …), for measures by position.
 */
export function parseDotinSpans(xml) {
  const body = xml.replace(/^[\s\S]*?<cv>\n?/, '').replace(/<\/cv>\s*$/, '');
  const spans = [];
  let text = '';
  let last = 0;
  for (const m of body.matchAll(/<label type="([^"]+)">([\s\S]*?)<\/label>/g)) {
    text += decode(body.slice(last, m.index));
    const inner = decode(m[2]);
    spans.push({ type: m[1], start: text.length, end: text.length + inner.length, text: inner });
    text += inner;
    last = m.index + m[0].length;
  }
  text += decode(body.slice(last));
  return { text, spans };
}

function decode(s) {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}
