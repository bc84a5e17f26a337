#!/usr/bin/env node
// Regenerates packages/proto/src/gen from proto/ with buf + ts-proto.
// `--check` generates into a scratch folder and fails when the committed code is stale.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const committed = join(root, 'packages/proto/src/gen');
const check = process.argv.includes('--check');

// buf.gen.yaml writes to packages/proto/src/gen below the --output base folder.
function generate(base) {
  rmSync(join(base, 'packages/proto/src/gen'), { recursive: true, force: true });
  execFileSync(join(root, 'node_modules/.bin/buf'), ['generate', '--output', base], { cwd: root, stdio: 'inherit' });
}

function listFiles(dir, base = dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full, base) : [relative(base, full)];
  });
}

if (!check) {
  generate(root);
  console.log(`codegen: wrote ${listFiles(committed).length} files to packages/proto/src/gen`);
} else {
  const scratch = mkdtempSync(join(tmpdir(), 'talent-codegen-'));
  try {
    generate(scratch);
    const fresh = join(scratch, 'packages/proto/src/gen');
    const a = listFiles(committed).sort();
    const b = listFiles(fresh).sort();
    const stale = [...new Set([...a, ...b])].filter(
      (f) => !a.includes(f) || !b.includes(f) || readFileSync(join(committed, f), 'utf8') !== readFileSync(join(fresh, f), 'utf8'),
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
