// Helm templates cannot import TypeScript: the chart's service catalogue (`talent.catalog` in _helpers.tpl, the
// source of peer addresses, NetworkPolicies and database wiring) is kept equal to SERVICES of packages/platform
// here, the list testkit, `npm start` and the services' env schemas derive from.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { chartDir, PLATFORM_SERVICES } from './helpers.js';

const helpers = readFileSync(join(chartDir, 'templates/_helpers.tpl'), 'utf8');
const block = /\{\{- define "talent\.catalog" -\}\}\n([\s\S]*?)\{\{- end -\}\}/.exec(helpers)?.[1];

describe('talent.catalog', () => {
  it('is plain YAML (no template actions), so this test reads what Helm reads', () => {
    expect(block, 'define "talent.catalog" in templates/_helpers.tpl').toBeDefined();
    expect(block).not.toContain('{{');
  });

  it('lists exactly the services of SERVICES, with the same protocol, database and peers (in order)', () => {
    const expected = Object.fromEntries(
      PLATFORM_SERVICES.map((s) => [s.name, { http: s.protocol === 'http', database: s.database, peers: [...s.peers] }]),
    );
    expect(parse(block!)).toEqual(expected);
  });
});
