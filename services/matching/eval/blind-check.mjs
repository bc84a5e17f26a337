// Blind-match check of `eval:matching` (issue 29): nDCG@10 of the scorer on the CV records as given and on the same
// records as `blind: true` matching scores them (matches/blind.ts: no identity, no protected attribute), same jobs,
// weights and graph. Identity fields should carry no relevance: the two must be within MAX_GAP.
// Called with one line from the eval, so the eval can change around it:
//   await (await import('./blind-check.mjs')).blindCheck({ jobs, cvs, weights, graph, relevant });
// jobs/cvs: the records (with ids); relevant[i]: the Set of CV ids relevant to jobs[i].
import { blindCv } from '../dist/matches/blind.js';
import { scoreCandidates } from '../dist/scoring/index.js';

export const MAX_GAP = 0.01;

/** nDCG@10 with binary gains (as the eval computes it). */
function ndcgAt10(ranking, relevant) {
  let dcg = 0;
  ranking.slice(0, 10).forEach((id, i) => {
    if (relevant.has(id)) dcg += 1 / Math.log2(i + 2);
  });
  let idcg = 0;
  for (let i = 0; i < Math.min(10, relevant.size); i++) idcg += 1 / Math.log2(i + 2);
  return idcg ? dcg / idcg : 0;
}

export function blindCheck({ jobs, cvs, weights, graph, relevant }) {
  const blind = cvs.map(blindCv);
  let normal = 0;
  let blinded = 0;
  let moved = 0;
  jobs.forEach((job, i) => {
    const a = scoreCandidates(job, cvs, weights, graph).map((c) => c.person_id);
    const b = scoreCandidates(job, blind, weights, graph).map((c) => c.person_id);
    normal += ndcgAt10(a, relevant[i]);
    blinded += ndcgAt10(b, relevant[i]);
    if (a.slice(0, 10).join() !== b.slice(0, 10).join()) moved++;
  });
  const [n, bl] = [normal / jobs.length, blinded / jobs.length];
  const gap = Math.abs(n - bl);
  console.log(
    `blind check: nDCG@10 normal ${n.toFixed(4)}, blind ${bl.toFixed(4)}, gap ${gap.toFixed(4)} (target ≤ ${MAX_GAP}) — ${gap <= MAX_GAP ? 'met' : 'NOT met'}; top 10 changed for ${moved} of ${jobs.length} jobs`,
  );
  return { normal: n, blind: bl, gap };
}
