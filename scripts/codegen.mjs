#!/usr/bin/env node
// Regenerates the committed generated code:
// - packages/proto/src/gen from proto/ with buf + ts-proto;
// - packages/client/openapi.json, the gateway's OpenAPI document (built from the gateway's sources with tsx, since
//   codegen runs before tsc), and packages/client/src/generated/schema.ts, its types by openapi-typescript.
// `--check` generates into a scratch folder and fails when the committed code is stale.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');
const bin = (name) => join(root, 'node_modules/.bin', name);

const PROTO_GEN = 'packages/proto/src/gen';
const OPENAPI_JSON = 'packages/client/openapi.json';
const CLIENT_SCHEMA = 'packages/client/src/generated/schema.ts';
/** Every path codegen writes, relative to the repository (a folder or a file). */
const OUTPUTS = [PROTO_GEN, OPENAPI_JSON, CLIENT_SCHEMA];

// buf.gen.yaml writes to packages/proto/src/gen below the --output base folder.
function generateProto(base) {
  rmSync(join(base, PROTO_GEN), { recursive: true, force: true });
  execFileSync(bin('buf'), ['generate', '--output', base], { cwd: root, stdio: 'inherit' });
}

function generateClient(base) {
  const document = execFileSync(bin('tsx'), ['--tsconfig', join(root, 'scripts/tsconfig.codegen.json'), join(root, 'scripts/openapi-document.ts')], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const json = join(base, OPENAPI_JSON);
  const schema = join(base, CLIENT_SCHEMA);
  mkdirSync(dirname(json), { recursive: true });
  mkdirSync(dirname(schema), { recursive: true });
  writeFileSync(json, document);
  execFileSync(join(root, 'packages/client/node_modules/.bin/openapi-typescript'), [json, '--output', schema, '--root-types', '--alphabetize', '--default-non-nullable', 'false'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function listFiles(path, base = path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [relative(base, path) || '.'];
  return readdirSync(path).flatMap((name) => {
    const full = join(path, name);
    return statSync(full).isDirectory() ? listFiles(full, base) : [relative(base, full)];
  });
}

function staleFiles(committed, fresh) {
  const a = listFiles(committed).sort();
  const b = listFiles(fresh).sort();
  return [...new Set([...a, ...b])].filter((f) => {
    const at = (dir) => (f === '.' ? dir : join(dir, f));
    return !a.includes(f) || !b.includes(f) || readFileSync(at(committed), 'utf8') !== readFileSync(at(fresh), 'utf8');
  });
}

if (!check) {
  generateProto(root);
  generateClient(root);
  console.log(`codegen: wrote ${listFiles(join(root, PROTO_GEN)).length} files to ${PROTO_GEN}, ${OPENAPI_JSON} and ${CLIENT_SCHEMA}`);
} else {
  const scratch = mkdtempSync(join(tmpdir(), 'talent-codegen-'));
  try {
    generateProto(scratch);
    generateClient(scratch);
    const stale = OUTPUTS.flatMap((output) =>
      staleFiles(join(root, output), join(scratch, output)).map((f) => (f === '.' ? output : join(output, f))),
    );
    if (stale.length > 0) {
      console.error(`codegen: generated code is stale (run \`pnpm codegen\`): ${stale.join(', ')}`);
      process.exit(1);
    }
    console.log('codegen: generated code is up to date');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
