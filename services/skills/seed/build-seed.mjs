#!/usr/bin/env node
// Builds services/skills/seed/skills/<domain>.json from the compact sources in
// services/skills/seed/src/<domain>.txt and validates the result.
//
//   node services/skills/seed/build-seed.mjs [--esco <path to skills_en.csv>] [--check] [--allow-removals]
//
// --check            validate the existing JSON files only (no sources, no writing).
// --allow-removals   allow skills that exist in skills/*.json to disappear (their ids are dropped).
// ESCO_SKILLS_CSV=<path> can be used instead of --esco.
//
// Id policy (see README.md):
//   0. A source line may pin its id with "!id=<uuid>" (used when a skill is renamed).
//   1. An id already present in skills/*.json for the same English preferred
//      label (case-insensitive) is kept forever.
//   2. Otherwise, if the ESCO file is available and the English preferred label
//      or one of its English alt labels equals an ESCO preferredLabel/altLabel
//      (case-insensitive), the ESCO UUID is reused (each ESCO UUID at most once;
//      matches on preferred labels win over matches on alt labels; reviewed wrong
//      matches are suppressed with "!noesco", semantic equivalents forced with "!esco=<uuid>").
//   3. Otherwise UUID v5(namespace, "talent-seed:" + lowercase English label).
//
// Node 20 built-ins only.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const SRC_DIR = join(HERE, 'src');
const OUT_DIR = join(HERE, 'skills');
const LANGS = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'];
const NAMESPACE = '6f1c1d2e-4b7a-5c3e-9d8f-1a2b3c4d5e6f';
const DEFAULT_ESCO = '/work/shared/data/esco/v1.1.1-en/classification/skills_en.csv';
const ESCO_SKILL_PREFIX = 'http://data.europa.eu/esco/skill/';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MIN_TOTAL = 1600;
// ESCO concepts that bundle many unrelated tools/products (or are much narrower than any seed skill).
// Their alt labels are product names, so a label match would wrongly give one product the
// whole concept's id. They are never assigned through label matching.
const ESCO_DENY_LABELS = new Set([
  'ict project management methodologies',
  'use online tools to collaborate',
  'use personal organization software',
  'tools for ict test automation',
  'penetration testing tool',
  'graphics editor software',
  'use word processing software',
  'use spreadsheets software',
  'procurement of ict network equipment',
  'lay non-interlocking roof tiles',
]);
const MIN_SOFT = 80;

const args = process.argv.slice(2);
const checkOnly = args.includes('--check');
const allowRemovals = args.includes('--allow-removals');
const escoArg = args.indexOf('--esco');
const ESCO_PATH = escoArg >= 0 ? args[escoArg + 1] : process.env.ESCO_SKILLS_CSV || DEFAULT_ESCO;

// ---------------------------------------------------------------- helpers

export function uuidv5(name, namespace = NAMESPACE) {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(Buffer.concat([ns, Buffer.from(name, 'utf8')])).digest();
  const b = Buffer.from(hash.subarray(0, 16));
  b[6] = (b[6] & 0x0f) | 0x50; // version 5
  b[8] = (b[8] & 0x3f) | 0x80; // RFC 4122 variant
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Minimal RFC 4180 CSV parser (quoted cells may contain commas, quotes and newlines). */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') { cell += '"'; i++; } else inQuotes = false;
      } else cell += c;
    } else if (c === '"') inQuotes = true;
    else if (c === ',') { row.push(cell); cell = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell); rows.push(row); row = []; cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) { row.push(cell); rows.push(row); }
  return rows;
}

const norm = (s) => s.trim().replace(/\s+/g, ' ').toLowerCase();

function loadEsco(path) {
  if (!path || !existsSync(path)) return null;
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = parseCsv(text);
  const col = (n) => header.indexOf(n);
  const iUri = col('conceptUri'), iPref = col('preferredLabel'), iAlt = col('altLabels');
  if (iUri < 0 || iPref < 0 || iAlt < 0) throw new Error(`unexpected ESCO header in ${path}`);
  const byPref = new Map(); // norm label -> [{uuid, label}]
  const byAlt = new Map();
  const labelOf = new Map();
  const add = (m, k, v) => { if (!m.has(k)) m.set(k, []); m.get(k).push(v); };
  for (const r of rows) {
    if (r.length <= iAlt || !r[iUri]?.startsWith(ESCO_SKILL_PREFIX)) continue;
    const uuid = r[iUri].slice(ESCO_SKILL_PREFIX.length).toLowerCase();
    if (!UUID_RE.test(uuid)) continue;
    labelOf.set(uuid, r[iPref]);
    if (ESCO_DENY_LABELS.has(norm(r[iPref]))) continue;
    add(byPref, norm(r[iPref]), uuid);
    for (const a of r[iAlt].split('\n')) if (a.trim()) add(byAlt, norm(a), uuid);
  }
  return { byPref, byAlt, labelOf, count: labelOf.size };
}

// ---------------------------------------------------------------- source parsing

function splitLabel(cell, enPreferred, where) {
  const s = cell.trim();
  if (s === '=' || s === '') {
    if (s === '') throw new Error(`${where}: empty label cell`);
    return { preferred: enPreferred, alt: [] };
  }
  const [preferred, ...alt] = s.split('|').map((x) => x.trim());
  if (!preferred) throw new Error(`${where}: empty preferred label`);
  return { preferred, alt: alt.filter(Boolean) };
}

function parseSource(file) {
  const domain = basename(file, '.txt');
  const lines = readFileSync(file, 'utf8').split('\n');
  const items = [];
  let broader = null;
  let desc = null;
  let type = 'hard-skill';
  lines.forEach((raw, idx) => {
    const where = `${domain}.txt:${idx + 1}`;
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    if (line.startsWith('@')) {
      const m = line.match(/^@(\w+)\s*(.*)$/);
      const [, key, val] = m;
      if (key === 'broader') broader = val || null;
      else if (key === 'desc') desc = val || null;
      else if (key === 'type') type = val;
      else throw new Error(`${where}: unknown directive @${key}`);
      return;
    }
    let fields = line.split(/\s+;\s+|\s*;\s*$/).map((f) => f.trim()).filter((f) => f !== '');
    const opts = { broader, noEsco: false, esco: null, id: null };
    fields = fields.filter((f) => {
      if (f.startsWith('^')) { opts.broader = f.slice(1).trim() || null; return false; }
      if (f === '!noesco') { opts.noEsco = true; return false; }
      if (f.startsWith('!esco=')) { opts.esco = f.slice(6).trim().toLowerCase(); return false; }
      if (f.startsWith('!id=')) { opts.id = f.slice(4).trim().toLowerCase(); return false; }
      if (f === '!top') { opts.broader = null; return false; }
      return true;
    });
    let labelsCells, description;
    if (fields.length === 1) { labelsCells = [fields[0]]; description = null; }
    else if (fields.length === 2) { labelsCells = [fields[0]]; description = fields[1]; }
    else if (fields.length === 7) { labelsCells = fields; description = null; }
    else if (fields.length === 8) { labelsCells = fields.slice(0, 7); description = fields[7]; }
    else throw new Error(`${where}: expected 1, 2, 7 or 8 fields, got ${fields.length}: ${line}`);
    const en = splitLabel(labelsCells[0], null, where);
    const labels = { en };
    LANGS.slice(1).forEach((lang, i) => {
      const cell = labelsCells.length === 1 ? '=' : labelsCells[i + 1];
      labels[lang] = splitLabel(cell, en.preferred, `${where} [${lang}]`);
    });
    if (!description) {
      if (!desc) throw new Error(`${where}: no description and no @desc template`);
      // {en} = English preferred label, {lc} = same with a lower-case first letter (unless it is an acronym)
      const lc = /^[A-Z][a-z]/.test(en.preferred) ? en.preferred[0].toLowerCase() + en.preferred.slice(1) : en.preferred;
      description = desc.replace(/\{en\}/g, en.preferred).replace(/\{lc\}/g, lc);
    }
    items.push({ domain, where, type, labels, description, broaderLabel: opts.broader, opts });
  });
  return { domain, items };
}

// ---------------------------------------------------------------- existing ids

function loadExisting() {
  const ids = new Map(); // norm en preferred -> id
  if (!existsSync(OUT_DIR)) return ids;
  for (const f of readdirSync(OUT_DIR).filter((f) => f.endsWith('.json'))) {
    for (const s of JSON.parse(readFileSync(join(OUT_DIR, f), 'utf8'))) {
      ids.set(norm(s.labels.en.preferred), s.id);
    }
  }
  return ids;
}

// ---------------------------------------------------------------- validation

function validate(byDomain) {
  const errors = [];
  const all = Object.values(byDomain).flat();
  const ids = new Map();
  const enPref = new Map();
  for (const s of all) {
    const tag = `${s.labels?.en?.preferred ?? '?'} (${s.id})`;
    if (!UUID_RE.test(s.id ?? '')) errors.push(`${tag}: invalid uuid`);
    if (ids.has(s.id)) errors.push(`${tag}: duplicate id (also ${ids.get(s.id)})`);
    ids.set(s.id, s.labels?.en?.preferred);
    if (s.type !== 'hard-skill' && s.type !== 'soft-skill') errors.push(`${tag}: bad type ${s.type}`);
    if (!s.description || typeof s.description !== 'string') errors.push(`${tag}: missing description`);
    else if (/[{}]/.test(s.description)) errors.push(`${tag}: unexpanded placeholder in description`);
    for (const lang of LANGS) {
      const l = s.labels?.[lang];
      if (!l || typeof l.preferred !== 'string' || !l.preferred.trim()) { errors.push(`${tag}: missing ${lang} label`); continue; }
      if (!Array.isArray(l.alt)) { errors.push(`${tag}: ${lang}.alt not an array`); continue; }
      if (l.preferred !== l.preferred.trim()) errors.push(`${tag}: ${lang} preferred has stray whitespace`);
      const seen = new Set([norm(l.preferred)]);
      for (const a of l.alt) {
        if (typeof a !== 'string' || !a.trim()) { errors.push(`${tag}: empty ${lang} alt`); continue; }
        if (norm(a) === norm(l.preferred)) errors.push(`${tag}: ${lang} alt "${a}" equals preferred`);
        else if (seen.has(norm(a))) errors.push(`${tag}: ${lang} duplicate alt "${a}"`);
        seen.add(norm(a));
      }
    }
    const k = norm(s.labels.en.preferred);
    if (enPref.has(k)) errors.push(`${tag}: duplicate English preferred label`);
    enPref.set(k, s);
    for (const extra of Object.keys(s.labels)) if (!LANGS.includes(extra)) errors.push(`${tag}: unexpected language ${extra}`);
  }
  // English alt labels must not be another skill's preferred label; warn on shared alts.
  const altOwners = new Map();
  for (const s of all) {
    for (const a of s.labels.en.alt) {
      const k = norm(a);
      const other = enPref.get(k);
      if (other && other !== s) errors.push(`${s.labels.en.preferred}: en alt "${a}" is the preferred label of another skill`);
      if (!altOwners.has(k)) altOwners.set(k, []);
      altOwners.get(k).push(s.labels.en.preferred);
    }
  }
  for (const [k, owners] of altOwners) if (owners.length > 1) errors.push(`en alt "${k}" shared by: ${owners.join(', ')}`);
  // broader
  for (const s of all) {
    if (s.broader === undefined) continue;
    if (!ids.has(s.broader)) errors.push(`${s.labels.en.preferred}: broader ${s.broader} not found`);
    if (s.broader === s.id) errors.push(`${s.labels.en.preferred}: broader is itself`);
  }
  const byId = new Map(all.map((s) => [s.id, s]));
  for (const s of all) {
    const seen = new Set();
    let cur = s;
    while (cur?.broader !== undefined) {
      if (seen.has(cur.id)) { errors.push(`${s.labels.en.preferred}: broader cycle`); break; }
      seen.add(cur.id);
      cur = byId.get(cur.broader);
    }
  }
  if (all.length < MIN_TOTAL) errors.push(`only ${all.length} skills (< ${MIN_TOTAL})`);
  const soft = all.filter((s) => s.type === 'soft-skill').length;
  if (soft < MIN_SOFT) errors.push(`only ${soft} soft skills (< ${MIN_SOFT})`);
  return { errors, all };
}

// ---------------------------------------------------------------- build

function build() {
  const sources = readdirSync(SRC_DIR).filter((f) => f.endsWith('.txt')).sort().map((f) => parseSource(join(SRC_DIR, f)));
  const items = sources.flatMap((s) => s.items);
  const existing = loadExisting();
  const esco = loadEsco(ESCO_PATH);
  if (!esco) console.warn(`ESCO file not found (${ESCO_PATH}); new skills get UUID v5 ids only.`);

  // Ids: 0) pinned (!id=, e.g. after a rename)  1) existing  2) forced ESCO  3) ESCO label match  4) v5
  const taken = new Set();
  for (const it of items) {
    const id = it.opts.id ?? existing.get(norm(it.labels.en.preferred));
    if (id) { it.id = id; it.idSource = it.opts.id ? 'pinned' : 'existing'; taken.add(id); }
  }
  const forcedProblems = [];
  for (const it of items) {
    if (!it.opts.esco) continue;
    if (esco && !esco.labelOf.has(it.opts.esco)) forcedProblems.push(`${it.where}: !esco=${it.opts.esco} is not an ESCO skill`);
    if (it.id) continue;
    it.id = it.opts.esco; it.idSource = 'esco-forced'; taken.add(it.id);
    if (esco) it.escoMatch = `forced: -> "${esco.labelOf.get(it.id)}"`;
  }
  if (esco) {
    const passes = [
      ['pref=pref', (it) => [it.labels.en.preferred], esco.byPref],
      ['pref=alt', (it) => [it.labels.en.preferred], esco.byAlt],
      ['alt=pref', (it) => it.labels.en.alt, esco.byPref],
      ['alt=alt', (it) => it.labels.en.alt, esco.byAlt],
    ];
    for (const [name, labelsOf, index] of passes) {
      for (const it of items) {
        if (it.id || it.opts.noEsco) continue;
        for (const label of labelsOf(it)) {
          const cands = (index.get(norm(label)) ?? []).filter((u) => !taken.has(u));
          if (cands.length) {
            it.id = cands[0]; it.idSource = 'esco'; it.escoMatch = `${name}: "${label}" -> "${esco.labelOf.get(cands[0])}"`;
            taken.add(it.id);
            break;
          }
        }
      }
    }
  }
  for (const it of items) {
    if (it.id) continue;
    it.id = uuidv5('talent-seed:' + it.labels.en.preferred.toLowerCase());
    it.idSource = 'v5';
  }
  const idByLabel = new Map(items.map((it) => [norm(it.labels.en.preferred), it.id]));

  const byDomain = {};
  const problems = [];
  for (const it of items) {
    const out = { id: it.id, type: it.type, labels: it.labels, description: it.description };
    if (it.broaderLabel) {
      const b = idByLabel.get(norm(it.broaderLabel));
      if (!b) problems.push(`${it.where}: unknown broader "${it.broaderLabel}"`);
      else out.broader = b;
    }
    (byDomain[it.domain] ??= []).push(out);
  }
  if (process.env.SEED_REPORT) {
    // optional review aid: which seed skills matched which ESCO concept
    writeFileSync(process.env.SEED_REPORT, items.filter((i) => i.escoMatch).map((i) => `${i.domain}\t${i.labels.en.preferred}\t${i.escoMatch}`).join('\n') + '\n');
  }
  const outIds = new Set(items.map((it) => it.id));
  for (const [label, id] of existing) {
    if (!outIds.has(id) && !allowRemovals) {
      problems.push(`skill "${label}" (${id}) is in skills/*.json but no longer in src/: if it was renamed, add "!id=${id}" to the renamed line (or pass --allow-removals to really delete it)`);
    }
  }
  const { errors } = validate(byDomain);
  errors.unshift(...problems, ...forcedProblems);
  if (errors.length) {
    console.error(`\n${errors.length} validation error(s):`);
    for (const e of errors) console.error('  - ' + e);
    process.exit(1);
  }

  mkdirSync(OUT_DIR, { recursive: true });
  for (const [domain, list] of Object.entries(byDomain)) {
    writeFileSync(join(OUT_DIR, `${domain}.json`), JSON.stringify(list, null, 2) + '\n');
  }
  summary(byDomain, esco);
}

function summary(byDomain, esco) {
  const all = Object.values(byDomain).flat();
  const isV5 = (s) => s.id === uuidv5('talent-seed:' + s.labels.en.preferred.toLowerCase());
  const v5 = all.filter(isV5).length;
  const inEsco = esco ? all.filter((s) => esco.labelOf.has(s.id)).length : null;
  const other = all.length - v5 - (inEsco ?? 0);
  console.log('\nSeed taxonomy');
  console.log('  per domain:');
  for (const [d, l] of Object.entries(byDomain)) console.log(`    ${d.padEnd(22)} ${String(l.length).padStart(5)}`);
  console.log(`  total skills:           ${all.length}`);
  console.log(`  soft skills:            ${all.filter((s) => s.type === 'soft-skill').length}`);
  if (esco) console.log(`  ESCO ids reused:        ${inEsco}`);
  else console.log(`  ESCO ids reused:        n/a (ESCO file not available; ${all.length - v5} ids are not seed v5 ids)`);
  console.log(`  UUID v5 ids:            ${v5}`);
  if (esco && other) console.log(`  other ids (kept):       ${other}  (neither ESCO nor v5 of the current label, e.g. after a rename)`);
}

function check() {
  const byDomain = {};
  for (const f of readdirSync(OUT_DIR).filter((f) => f.endsWith('.json')).sort()) {
    byDomain[basename(f, '.json')] = JSON.parse(readFileSync(join(OUT_DIR, f), 'utf8'));
  }
  const { errors } = validate(byDomain);
  if (errors.length) {
    console.error(`${errors.length} validation error(s):`);
    for (const e of errors) console.error('  - ' + e);
    process.exit(1);
  }
  summary(byDomain, loadEsco(ESCO_PATH));
}

// run only when executed directly (the helpers above can be imported without side effects)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (checkOnly) check();
  else build();
}
