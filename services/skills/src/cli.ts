import { migrate } from '@talent/platform';
import { parseArgs } from 'node:util';
import { migrationsDir } from './app.js';
import { createDatabase } from './db.js';
import { loadSkillsEnv } from './env.js';
import { ImportError } from './importers/import-error.js';
import { TaxonomyRepository } from './taxonomy/repository.js';
import { readTaxonomy } from './taxonomy/taxonomy-loader.js';

const USAGE = `usage: talentctl skills import --esco DIR_OR_ZIP [--labels LANG=FILE …] [--json]
       talentctl skills import --seed [--json]   (the seed in SKILLS_SEED_DIR, default services/skills/seed/skills)`;

class UsageError extends Error {}

/**
 * Entry point used by scripts/talentctl.mjs; returns the exit code. The import writes the skills schema
 * (DATABASE_URL / DATABASE_SCHEMA) directly; running services pick the new taxonomy up at their next start.
 */
export async function runCli(argv: string[]): Promise<number> {
  try {
    if (argv[0] !== 'skills' || argv[1] !== 'import') throw new UsageError(USAGE);
    await importCommand(argv.slice(2));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) console.error(error.message);
    else if (error instanceof ImportError) console.error(`talentctl: import failed, the stored taxonomy is unchanged: ${error.message}`);
    else console.error(`talentctl: ${(error as Error).message}`);
    return error instanceof UsageError ? 2 : 1;
  }
}

async function importCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { esco: { type: 'string' }, seed: { type: 'boolean' }, labels: { type: 'string', multiple: true }, json: { type: 'boolean' } },
  });
  if (!values.esco && !values.seed) throw new UsageError(USAGE);
  const labels = (values.labels ?? []).map((pair) => {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--labels expects LANG=FILE, got "${pair}"`);
    return { language: pair.slice(0, at).toLowerCase(), file: pair.slice(at + 1) };
  });
  const env = loadSkillsEnv();
  // Parse and validate every file before touching the database.
  const taxonomy = readTaxonomy({ ...(values.esco ? { escoDir: values.esco } : {}), seedDir: env.SKILLS_SEED_DIR }, labels);
  await migrate({ databaseUrl: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, migrationsDir, log: () => undefined });
  const database = createDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA, env.DATABASE_POOL_SIZE);
  try {
    const result = await new TaxonomyRepository(database.pool).replace(taxonomy);
    const { version } = result;
    if (values.json) {
      console.log(JSON.stringify({ changed: result.changed, version: version.version, skills: version.skillCount, labels: version.labelCount, languages: version.languages }));
    } else {
      for (const line of taxonomy.report) console.log(line);
      console.log(
        result.changed
          ? `imported ${version.version}: ${version.skillCount} skills, ${version.labelCount} labels (${version.languages.join(', ')})`
          : `unchanged: ${version.version} is already loaded`,
      );
    }
  } finally {
    await database.close();
  }
}
