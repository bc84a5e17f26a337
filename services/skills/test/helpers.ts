import { createGrpcClient, isDomainError, type AsyncClient } from '@talent/platform';
import { backendTestEnv, dropSchema } from '@talent/testkit';
import { skills } from '@talent/proto';
import { fileURLToPath } from 'node:url';
import { startSkills } from '../src/app.js';
import { loadSkillsEnv, type SkillsEnv } from '../src/env.js';

export const fixtureSeedDir = fileURLToPath(new URL('./fixtures/seed', import.meta.url));

export type SkillsClient = AsyncClient<skills.SkillsServiceClient>;

export const connect = (port: number): SkillsClient => createGrpcClient(skills.SkillsServiceClient, `127.0.0.1:${port}`);

/** The domain code and message a call failed with, or 'ok'. */
export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (isDomainError(error) ? `${error.code}: ${error.message}` : String(error)),
  );

export const search = (client: SkillsClient, query: string, extra: Partial<skills.SearchSkillsRequest> = {}) =>
  client.searchSkills({ query, type: skills.SkillType.SKILL_TYPE_UNSPECIFIED, acceptLanguage: '', typeName: '', ...extra });

/** The real service in-process on a fresh schema with the small fixture seed (and `extraEnv`); `stop` also drops the schema. */
export async function startFixtureSkills(extraEnv: Record<string, string> = {}): Promise<{ client: SkillsClient; env: SkillsEnv; stop(): Promise<void> }> {
  const env = loadSkillsEnv(backendTestEnv('skills', { SKILLS_SEED_DIR: fixtureSeedDir, ...extraEnv }));
  const service = await startSkills(env);
  const client = connect(service.grpcPort);
  return {
    client,
    env,
    async stop() {
      client.close();
      await service.stop();
      await dropSchema(env.DATABASE_SCHEMA);
    },
  };
}
