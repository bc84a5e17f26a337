import type { RecordSkill } from '@talent/records';
import { findPhrase, type CvIndex } from './cv-index.js';
import type { CvRecord, Dimension, JobRecord, SkillGraph, WeightedDetail } from './types.js';
import { quote, STOPWORDS, tokens, uniqueKey } from './text.js';

/**
 * Skill rules. Each job skill gets one detail with the best evidence the CV offers:
 *   exact taxonomy id 10 · a narrower skill (PostgreSQL for SQL) 8 · the skill's name in the CV text 6 ·
 *   a broader skill 5 · an ESCO essential related skill (either end: "plan digital marketing" needs "marketing
 *   principles") 5 · a sibling (shares a broader skill) 4 · an ESCO optional related skill ("operate relational
 *   database management system" may use MySQL) 4 · a distinctive word of the name in the text 3 · none 0.
 * Taxonomy relations are looked up once per job (narrower down two levels, broader and siblings one level), so
 * per CV only the CV's own skill ids are looked up.
 * Inside a dimension's average a required skill weighs 2 and an optional one 1: a missing must-have should cost
 * twice what a missing nice-to-have costs.
 */
export const REQUIRED_WEIGHT = 2;
export const OPTIONAL_WEIGHT = 1;

export const SCORES = { exact: 10, narrower: 8, text: 6, broader: 5, essential: 5, sibling: 4, optional: 4, partial: 3 } as const;
type Relation = 'narrower' | 'broader' | 'essential' | 'sibling' | 'optional';
/** Higher is better when one CV skill relates to a job skill in several ways (the order of SCORES). */
const RELATION_RANK: Record<Relation, number> = { narrower: 5, broader: 4, essential: 3, sibling: 2, optional: 1 };

export interface JobSkill {
  key: string;
  dimension: Dimension;
  skill: RecordSkill;
  weight: number;
  /** Folded word sequences to search in the text: the name, and the name without / inside parentheses. */
  phrases: string[];
  /** Whole distinctive words of a multi-word name, for a partial mention. */
  words: string[];
  /** Filter for text mentions (short names must appear as written). */
  accept: (p: { text: string }) => boolean;
}

interface Link {
  skill: number;
  relation: Relation;
  /** Name of the shared broader skill, for siblings. */
  via?: string;
  /** Skill-skill relations: true when the job skill is the CV skill's essential/optional skill (ESCO's direction reversed). */
  inverse?: boolean;
}

export interface PreparedSkills {
  skills: JobSkill[];
  /** Taxonomy id → job skills with that exact id. */
  exact: Map<string, number[]>;
  /** Taxonomy id → job skills it is narrower / broader / a sibling of. */
  links: Map<string, Link[]>;
}

/** Generic words that never identify a skill on their own. */
const GENERIC = new Set([
  'management',
  'development',
  'design',
  'engineering',
  'analysis',
  'communication',
  'software',
  'system',
  'systems',
  'data',
  'business',
  'project',
  'technical',
  'services',
  'service',
  'language',
  'languages',
  'programming',
  'tools',
  'framework',
  'basic',
  'advanced',
  'general',
  'methods',
  'processes',
  'process',
]);

function phrasesOf(name: string): string[] {
  const variants = [
    name,
    name.replace(/\([^)]*\)/g, ' '),
    ...[...name.matchAll(/\(([^)]*)\)/g)].map((m) => m[1] ?? ''),
  ];
  const out: string[] = [];
  for (const v of variants) {
    const phrase = tokens(v).join(' ');
    if (phrase && !out.includes(phrase)) out.push(phrase);
  }
  return out;
}

function wordsOf(name: string): string[] {
  const words = tokens(name);
  if (words.length < 2) return [];
  return [...new Set(words.filter((w) => w.length >= 4 && !STOPWORDS.has(w) && !GENERIC.has(w)))];
}

function addLink(links: Map<string, Link[]>, id: string, link: Link): void {
  const list = links.get(id) ?? [];
  const same = list.find((l) => l.skill === link.skill);
  if (!same) list.push(link);
  else if (RELATION_RANK[link.relation] > RELATION_RANK[same.relation]) Object.assign(same, link);
  links.set(id, list);
}

export function prepareSkills(job: JobRecord, graph: SkillGraph, keys: Record<Dimension, Set<string>>): PreparedSkills {
  const skills: JobSkill[] = [];
  const exact = new Map<string, number[]>();
  const links = new Map<string, Link[]>();
  const groups: [Dimension, RecordSkill[]][] = [
    ['hard_skills', job.hard_skills],
    ['soft_skills', job.soft_skills],
  ];
  for (const [dimension, list] of groups) {
    for (const skill of list) {
      const index = skills.length;
      const name = skill.skill.trim() || graph.name(skill.id) || skill.id;
      skills.push({
        key: uniqueKey(name, keys[dimension]),
        dimension,
        skill,
        weight: skill.relationship === 'optional' ? OPTIONAL_WEIGHT : REQUIRED_WEIGHT,
        phrases: phrasesOf(name),
        words: wordsOf(name),
        accept: shortNameAccept(name),
      });
      exact.set(skill.id, [...(exact.get(skill.id) ?? []), index]);
      // Narrower: children and grandchildren (PostgreSQL under SQL under Databases).
      let frontier = [skill.id];
      const seen = new Set([skill.id]);
      for (let depth = 0; depth < 2; depth++) {
        const next: string[] = [];
        for (const id of frontier) {
          for (const child of graph.narrower(id)) {
            if (seen.has(child)) continue;
            seen.add(child);
            next.push(child);
          }
        }
        for (const id of next) addLink(links, id, { skill: index, relation: 'narrower' });
        frontier = next;
      }
      for (const related of graph.related?.(skill.id) ?? [])
        if (related.id !== skill.id) addLink(links, related.id, { skill: index, relation: related.kind, inverse: related.inverse });
      for (const parent of graph.broader(skill.id)) {
        if (parent === skill.id) continue;
        addLink(links, parent, { skill: index, relation: 'broader' });
        const via = graph.name(parent) ?? parent;
        for (const sibling of graph.narrower(parent))
          if (sibling !== skill.id) addLink(links, sibling, { skill: index, relation: 'sibling', via });
      }
    }
  }
  return { skills, exact, links };
}

interface Found {
  score: number;
  criteria: string;
  explanation: string;
}

function evidence(skill: RecordSkill): string {
  return skill.explanation.trim() ? quote(skill.explanation) : '(no explanation given)';
}

/** Short names (R, Go, C) must appear with the same letters case-sensitively, not as any two-letter word. */
function shortNameAccept(name: string): (p: { text: string }) => boolean {
  const raw = name.trim();
  if (raw.length > 2) return () => true;
  const pattern = new RegExp(
    `(^|[^\\p{L}\\p{N}])${raw.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}+#])`,
    'u',
  );
  return (p: { text: string }) => pattern.test(p.text);
}

function fromGraph(job: JobSkill, cvSkill: RecordSkill, relation: Relation | 'exact', via?: string, inverse?: boolean): Found {
  const name = `“${cvSkill.skill}”`;
  const said = evidence(cvSkill);
  switch (relation) {
    case 'exact':
      return { score: SCORES.exact, criteria: 'exact skill', explanation: `The CV lists ${name}: ${said}` };
    case 'narrower':
      return {
        score: SCORES.narrower,
        criteria: 'narrower skill',
        explanation: `The CV lists ${name}, a more specific skill than “${job.key}”: ${said}`,
      };
    case 'broader':
      return {
        score: SCORES.broader,
        criteria: 'broader skill',
        explanation: `The CV lists ${name}, a broader skill than “${job.key}”: ${said}`,
      };
    case 'essential':
    case 'optional':
      return {
        score: SCORES[relation],
        criteria: `related skill (ESCO ${relation} skill relation)`,
        explanation: inverse
          ? `The CV lists ${name}; ESCO lists “${job.key}” as an ${relation} skill of it: ${said}`
          : `The CV lists ${name}, which ESCO lists as an ${relation} skill of “${job.key}”: ${said}`,
      };
    case 'sibling':
      return {
        score: SCORES.sibling,
        criteria: 'related skill (same broader skill)',
        explanation: `The CV lists ${name}, which like “${job.key}” belongs to “${via ?? '?'}”: ${said}`,
      };
  }
}

function fromText(job: JobSkill, index: CvIndex): Found | undefined {
  for (const phrase of job.phrases) {
    const at = findPhrase(index, phrase, job.accept);
    if (at === undefined) continue;
    const p = index.passages[at]!;
    return {
      score: SCORES.text,
      criteria: 'mentioned in the CV text',
      explanation: `“${job.key}” is mentioned in ${p.source}: ${quote(p.text, phrase)}`,
    };
  }
  for (const word of job.words) {
    const at = findPhrase(index, word);
    if (at === undefined) continue;
    const p = index.passages[at]!;
    return {
      score: SCORES.partial,
      criteria: 'partly mentioned in the CV text',
      explanation: `The word “${word}” of “${job.key}” appears in ${p.source}: ${quote(p.text, word)}`,
    };
  }
  return undefined;
}

export function scoreSkills(prepared: PreparedSkills, cv: CvRecord, index: CvIndex): WeightedDetail[] {
  const best: (Found | undefined)[] = prepared.skills.map(() => undefined);
  const consider = (i: number, found: Found) => {
    if (!best[i] || found.score > best[i]!.score) best[i] = found;
  };
  // CV order decides between two pieces of equal evidence, so the cited one is the first in the CV.
  for (const cvSkill of [...cv.hard_skills, ...cv.soft_skills]) {
    for (const i of prepared.exact.get(cvSkill.id) ?? []) consider(i, fromGraph(prepared.skills[i]!, cvSkill, 'exact'));
    for (const link of prepared.links.get(cvSkill.id) ?? [])
      consider(link.skill, fromGraph(prepared.skills[link.skill]!, cvSkill, link.relation, link.via, link.inverse));
  }
  return prepared.skills.map((job, i) => {
    let found = best[i];
    if (!found || found.score < SCORES.text) {
      const text = fromText(job, index);
      if (text && (!found || text.score > found.score)) found = text;
    }
    const weightText =
      job.weight === REQUIRED_WEIGHT ? `required, weight ${REQUIRED_WEIGHT}` : `optional, weight ${OPTIONAL_WEIGHT}`;
    const detail = found
      ? { score: found.score, criteria: `${found.criteria} (${weightText})`, explanation: found.explanation }
      : {
          score: 0,
          criteria: `not found (${weightText})`,
          explanation: `Not found in the CV: no CV skill equal to, narrower, broader or related to “${job.key}”, and no mention of “${job.key}” in the CV text.`,
        };
    return { dimension: job.dimension, group: 'skills', key: job.key, weight: job.weight, detail };
  });
}
