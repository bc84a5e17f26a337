import { createGrpcClient, isDomainError, type AsyncClient } from '@talent/platform';
import { skills } from '@talent/proto';
import { fileURLToPath } from 'node:url';

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
