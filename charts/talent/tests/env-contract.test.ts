// Every variable the chart gives a service must be one that service reads: a renamed variable on either side
// would otherwise be ignored silently in production.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { find, podSpec, render, repoRoot, SERVICES, type K8sObject } from './helpers.js';

/** The variables a service's zod env schema (`<service>EnvSchema` of its env.ts) declares. */
async function declaredVariables(service: string): Promise<Set<string>> {
  const module = (await import(join(repoRoot, 'services', service, 'src/env.ts'))) as Record<string, unknown>;
  const schema = Object.entries(module).find(([name]) => name.endsWith('EnvSchema'))?.[1] as
    { shape?: object } | undefined;
  if (!schema?.shape) throw new Error(`services/${service}/src/env.ts exports no <service>EnvSchema`);
  return new Set(Object.keys(schema.shape));
}
const declared: Record<string, Set<string>> = {};
beforeAll(async () => {
  for (const service of SERVICES) declared[service] = await declaredVariables(service);
});

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
    documents: { analyzer: 'llm' },
    matching: { llmRescoring: { enabled: true } },
    tika: { url: 'http://tika:9998' },
    sourcing: { provider: { type: 'pdl', url: 'https://provider.example.com', apiKey: 'k' } },
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
        for (const name of envNames(objs, deployment!))
          if (!declared[service]!.has(name)) undeclared.push(`${service}: ${name}`);
      }
      expect(undeclared).toEqual([]);
    });
  }
});
