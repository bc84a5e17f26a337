// Every variable the chart gives a service must be one that service reads: a renamed variable on either side
// would otherwise be ignored silently in production.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { find, podSpec, render, repoRoot, SERVICES, type K8sObject } from './helpers.js';

const platformEnv = readFileSync(join(repoRoot, 'packages/platform/src/env.ts'), 'utf8');
const declared = (service: string, name: string) =>
  new RegExp(`\\b${name}\\s*:`).test(readFileSync(join(repoRoot, 'services', service, 'src/env.ts'), 'utf8') + platformEnv);

function envNames(objs: K8sObject[], deployment: K8sObject): string[] {
  const container = podSpec(deployment).containers[0];
  const names: string[] = (container.env ?? []).map((e: { name: string }) => e.name);
  for (const source of container.envFrom ?? []) {
    const ref = source.configMapRef ?? source.secretRef;
    const obj = find(objs, source.configMapRef ? 'ConfigMap' : 'Secret', ref.name);
    names.push(...Object.keys({ ...obj?.data, ...obj?.stringData }));
  }
  return names;
}

const VALUE_SETS = {
  'vendors configured inline': {
    llm: { baseUrl: 'https://llm.example.com/v1', model: 'm', apiKey: 'k' },
    tika: { url: 'http://tika:9998' },
    sourcing: { provider: { url: 'https://provider.example.com', apiKey: 'k' } },
    skills: { escoDir: '/data/esco' },
    billing: { trialGrantTokens: 500, trialGrantExpiresIn: '14d' },
    gateway: { rateLimitPerMinute: 120, corsOrigins: 'https://app.example.com' },
  },
  defaults: {},
};

describe('chart ⇄ service environment contract', () => {
  for (const [label, values] of Object.entries(VALUE_SETS)) {
    it(`sets only variables the services declare (${label})`, () => {
      const objs = render(values);
      const undeclared: string[] = [];
      for (const service of SERVICES) {
        const deployment = objs.find((o) => o.kind === 'Deployment' && o.metadata.name.endsWith(`-${service}`));
        expect(deployment, `${service} Deployment`).toBeDefined();
        for (const name of envNames(objs, deployment!)) if (!declared(service, name)) undeclared.push(`${service}: ${name}`);
      }
      expect(undeclared).toEqual([]);
    });
  }
});
