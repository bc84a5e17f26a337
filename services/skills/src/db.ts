import { createServiceDatabase, type SqlDatabase } from '@talent/platform';

/**
 * The skills schema's connections (search_path = `schema`). This service reads and writes whole taxonomies in
 * bulk (unnest inserts, array-mode reads of ~140k labels) and serves everything else from memory, so it uses pg
 * directly: loading Prisma's query engine would cost ~65 MB of the 300 MB RSS budget for one query at boot.
 * `prisma/schema.prisma` still describes the schema and its migrations (checked against each other in tests).
 */
export function createDatabase(databaseUrl: string, schema: string, poolSize?: number): SqlDatabase {
  return createServiceDatabase(databaseUrl, schema, poolSize);
}
