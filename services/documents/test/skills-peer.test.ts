import { createGrpcClient, type AsyncClient, type RunningBackend } from '@talent/platform';
import { skills } from '@talent/proto';
import { startTestBackend, type TestBackend } from '@talent/testkit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSkills } from '../../skills/src/app.js';
import { loadSkillsEnv } from '../../skills/src/env.js';
import { SkillsPeer } from '../src/peers/skills-peer.js';

/** GetSkills calls the real skills service has answered, from its own Prometheus metrics. */
async function getSkillsCalls(service: RunningBackend): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${service.metricsPort}/metrics`)).text();
  let total = 0;
  for (const match of text.matchAll(/^grpc_server_handling_seconds_count\{[^}]*method="[^"]*\/getskills"[^}]*\} (\d+)$/gim)) total += Number(match[1]);
  return total;
}

describe('SkillsPeer: skill labels for records', () => {
  let backend: TestBackend<ReturnType<typeof loadSkillsEnv>, RunningBackend>;
  let client: AsyncClient<skills.SkillsServiceClient>;
  let ids: string[];

  beforeAll(async () => {
    backend = await startTestBackend('skills', loadSkillsEnv, startSkills);
    client = createGrpcClient(skills.SkillsServiceClient, backend.address);
    const found = await client.searchSkills({ query: 'data', type: 0, acceptLanguage: 'en', typeName: '', limit: 2 });
    ids = found.results.map((skill) => skill.id);
    expect(ids).toHaveLength(2);
  });
  afterAll(async () => {
    client?.close();
    await backend?.stop();
  });

  it('asks the skills service once for labels a record read needs again and again, per language', async () => {
    const peer = new SkillsPeer(client);
    const before = await getSkillsCalls(backend.service);
    const first = await peer.lookup(ids, 'en');
    const again = await peer.lookup([...ids].reverse(), 'en');
    expect([...again.found.values()].map((skill) => skill.name).sort()).toEqual([...first.found.values()].map((skill) => skill.name).sort());
    expect(await getSkillsCalls(backend.service)).toBe(before + 1);
    await peer.lookup(ids, 'de');
    expect(await getSkillsCalls(backend.service)).toBe(before + 2);
  });

  it('asks again for ids it did not find, so a skill imported later is found', async () => {
    const peer = new SkillsPeer(client);
    const unknown = randomUUID();
    const before = await getSkillsCalls(backend.service);
    for (let i = 0; i < 2; i++) expect((await peer.lookup([ids[0]!, unknown], 'en')).missing).toEqual([unknown]);
    expect(await getSkillsCalls(backend.service)).toBe(before + 2);
  });
});
