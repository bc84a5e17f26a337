#!/usr/bin/env node
// The analyzer's in-process speed on the 310 dotin CV texts, with the skills linker (as deployed) and rules alone.
// eval:extraction runs this in a process of its own, so that what the eval keeps from its other sections (records,
// tables, sweeps) does not weigh on the figure: a heap of 1.5 GB kept alive beside the analyzer costs it about a fifth
// of its speed through garbage collection. Also runs alone:
//   TALENT_SHARED_DATA=../shared/data node services/documents/eval/cv-speed.mjs
// TALENT_EVAL_ANALYSIS: another build's index.js of @talent/analysis, as in eval:extraction.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { readDotinCvs } from '@talent/testkit';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const configured = process.env.TALENT_SHARED_DATA;
const data = [configured && join(configured, 'data'), configured, join(repoRoot, '../shared/data')]
  .filter(Boolean)
  .find((dir) => existsSync(join(dir, 'cvs/dotin-train')));
if (!data) {
  console.error('cv-speed needs ../shared/data (cvs/dotin-train) or TALENT_SHARED_DATA');
  process.exit(2);
}
const { createRulesAnalyzer } = await import(process.env.TALENT_EVAL_ANALYSIS ?? '@talent/analysis');
const { SkillCatalog } = await import(join(repoRoot, 'services/skills/dist/catalog.js'));
const { readTaxonomy } = await import(join(repoRoot, 'services/skills/dist/taxonomy/taxonomy-loader.js'));

const escoDir = existsSync(join(data, 'esco')) ? join(data, 'esco') : undefined;
const taxonomy = readTaxonomy({ ...(escoDir ? { escoDir } : {}), seedDir: process.env.SKILLS_SEED_DIR ?? join(repoRoot, 'services/skills/seed/skills') });
const catalog = new SkillCatalog(taxonomy.skills, { ...taxonomy, checksum: '', languages: [], skillCount: taxonomy.skills.length, labelCount: 0, importedAt: new Date() });
const linker = {
  async link(text, language, context) {
    const result = catalog.extract(text, language, context);
    return { language: result.language, skills: result.skills.map((s) => ({ id: s.skill.id, name: s.skill.name, type: s.skill.type, evidence: s.evidence, confidence: s.confidence, hint: s.hint, matchedText: s.matchedText })) };
  },
};
const NOW = new Date('2019-06-01T00:00:00Z');
const withLinker = createRulesAnalyzer(linker, { now: () => NOW });
const rulesAlone = createRulesAnalyzer({ link: async (_text, language) => ({ skills: [], language }) }, { now: () => NOW });
const texts = readDotinCvs(join(data, 'cvs/dotin-train')).map((cv) => cv.text.replace(/\\'/g, "'"));

/** CVs/s per round, one CV after another. */
async function round(analyzer) {
  const started = performance.now();
  for (const text of texts) await analyzer.analyzeCv(text);
  return texts.length / ((performance.now() - started) / 1000);
}
// One warm-up round each (JIT, the linker's lazily built tables), then 3 measured rounds, the two alternating so
// that a busy moment of the machine falls on both.
await round(withLinker);
await round(rulesAlone);
const rounds = { withLinker: [], rulesAlone: [] };
for (let i = 0; i < 3; i++) {
  rounds.withLinker.push(await round(withLinker));
  rounds.rulesAlone.push(await round(rulesAlone));
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const result = {
  texts: texts.length,
  version: withLinker.version,
  withLinker: { speed: median(rounds.withLinker), rounds: rounds.withLinker },
  rulesAlone: { speed: median(rounds.rulesAlone), rounds: rounds.rulesAlone },
};
{
  const show = (r) => `${r.speed.toFixed(1).padStart(7)} CVs/s (rounds ${r.rounds.map((s) => s.toFixed(0)).join(', ')})`;
  console.log(`Speed (in-process, analyzer ${result.version}, median of 3 rounds after a warm-up, ${result.texts} CV texts one at a time)   target ≥ 50 CVs/s`);
  console.log(`  analyzer + skills linker (as deployed)  ${show(result.withLinker)}   ${result.withLinker.speed >= 50 ? 'yes' : 'NO'}`);
  console.log(`  analyzer rules alone (no linking)       ${show(result.rulesAlone)}`);
}
