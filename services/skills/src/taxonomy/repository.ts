import type pg from 'pg';
import { taxonomyChecksum } from './checksum.js';
import type {
  RelationKind,
  SkillLabel,
  SkillRelation,
  SkillTypeName,
  Taxonomy,
  TaxonomyOccupation,
  TaxonomySkill,
  TaxonomySource,
  TaxonomyVersionInfo,
} from './model.js';

const CHUNK = 20_000;
// Serialises imports (two replicas booting into an empty schema, or a talentctl import during a boot).
const IMPORT_LOCK = 72707370;

export interface ImportResult {
  changed: boolean;
  version: TaxonomyVersionInfo;
}

/** Persists whole taxonomies: replace in one transaction, read back in bulk for the in-memory index. */
export class TaxonomyRepository {
  constructor(private readonly pool: pg.Pool) {}

  async currentVersion(client: pg.Pool | pg.PoolClient = this.pool): Promise<TaxonomyVersionInfo | undefined> {
    const { rows } = await client.query<{
      source: TaxonomySource;
      version: string;
      checksum: string;
      languages: string[] | null;
      skill_count: number;
      label_count: number;
      attribution: string | null;
      imported_at: Date;
    }>('SELECT source, version, checksum, languages, skill_count, label_count, attribution, imported_at FROM taxonomy_versions ORDER BY id DESC LIMIT 1');
    const row = rows[0];
    if (!row) return undefined;
    return {
      source: row.source,
      version: row.version,
      checksum: row.checksum,
      languages: row.languages ?? [],
      skillCount: row.skill_count,
      labelCount: row.label_count,
      ...(row.attribution ? { attribution: row.attribution } : {}),
      importedAt: row.imported_at,
    };
  }

  /**
   * Replaces the stored taxonomy with `taxonomy` in one transaction, so a failure leaves the previous one intact.
   * Importing the taxonomy that is already loaded (same checksum) changes nothing.
   */
  async replace(taxonomy: Taxonomy): Promise<ImportResult> {
    const checksum = taxonomyChecksum(taxonomy);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK]);
      const current = await this.currentVersion(client);
      if (current?.checksum === checksum) {
        await client.query('ROLLBACK');
        return { changed: false, version: current };
      }
      await client.query('DELETE FROM occupation_skills');
      await client.query('DELETE FROM occupation_labels');
      await client.query('DELETE FROM occupations');
      await client.query('DELETE FROM skill_relations');
      await client.query('DELETE FROM skill_broader');
      await client.query('DELETE FROM skill_labels');
      await client.query('DELETE FROM skills');
      const { skills } = taxonomy;
      for (let i = 0; i < skills.length; i += CHUNK) {
        const chunk = skills.slice(i, i + CHUNK);
        await client.query(
          `INSERT INTO skills (id, type, source, source_uri, reuse_level, esco_skill_type, description)
           SELECT * FROM unnest($1::uuid[], $2::skill_type[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])`,
          [
            chunk.map((s) => s.id),
            chunk.map((s) => s.type),
            chunk.map((s) => s.source),
            chunk.map((s) => s.sourceUri ?? null),
            chunk.map((s) => s.reuseLevel ?? null),
            chunk.map((s) => s.escoSkillType ?? null),
            chunk.map((s) => s.description ?? null),
          ],
        );
      }
      const labels = skills.flatMap((s) => s.labels.map((l) => [s.id, l.language, l.text, l.preferred] as const));
      for (let i = 0; i < labels.length; i += CHUNK) {
        const chunk = labels.slice(i, i + CHUNK);
        await client.query(
          `INSERT INTO skill_labels (skill_id, language, text, preferred)
           SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::bool[])`,
          [chunk.map((l) => l[0]), chunk.map((l) => l[1]), chunk.map((l) => l[2]), chunk.map((l) => l[3])],
        );
      }
      const relations = skills.flatMap((s) => s.broader.map((b) => [s.id, b] as const));
      for (let i = 0; i < relations.length; i += CHUNK) {
        const chunk = relations.slice(i, i + CHUNK);
        await client.query(`INSERT INTO skill_broader (skill_id, broader_id) SELECT * FROM unnest($1::uuid[], $2::uuid[])`, [
          chunk.map((r) => r[0]),
          chunk.map((r) => r[1]),
        ]);
      }
      await insertStructure(client, taxonomy);
      const languages = [...new Set(labels.map((l) => l[1]))].sort();
      const inserted = await client.query<{ imported_at: Date }>(
        `INSERT INTO taxonomy_versions (source, version, checksum, languages, skill_count, label_count, attribution)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING imported_at`,
        [taxonomy.source, taxonomy.version, checksum, languages, skills.length, labels.length, taxonomy.attribution ?? null],
      );
      await client.query('COMMIT');
      return {
        changed: true,
        version: {
          source: taxonomy.source,
          version: taxonomy.version,
          checksum,
          languages,
          skillCount: skills.length,
          labelCount: labels.length,
          ...(taxonomy.attribution ? { attribution: taxonomy.attribution } : {}),
          importedAt: inserted.rows[0]!.imported_at,
        },
      };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Every skill with its labels and broader relations (the in-memory index and hierarchy are built from these). */
  async loadSkills(): Promise<TaxonomySkill[]> {
    const skills = await this.pool.query<{
      id: string;
      type: SkillTypeName;
      source: TaxonomySource;
      source_uri: string | null;
      reuse_level: string | null;
      esco_skill_type: string | null;
      description: string | null;
    }>('SELECT id, type, source, source_uri, reuse_level, esco_skill_type, description FROM skills');
    const byId = new Map<string, TaxonomySkill>();
    for (const row of skills.rows) {
      byId.set(row.id, {
        id: row.id,
        type: row.type,
        source: row.source,
        ...(row.source_uri ? { sourceUri: row.source_uri } : {}),
        ...(row.reuse_level ? { reuseLevel: row.reuse_level } : {}),
        ...(row.esco_skill_type ? { escoSkillType: row.esco_skill_type } : {}),
        ...(row.description ? { description: row.description } : {}),
        labels: [],
        broader: [],
      });
    }
    // Array mode skips building an object per row: ~250k rows with ESCO in four languages.
    const labels = await this.pool.query<[string, string, string, boolean]>({
      text: 'SELECT skill_id, language, text, preferred FROM skill_labels ORDER BY skill_id, language, preferred DESC, text',
      rowMode: 'array',
    });
    for (const [skillId, language, text, preferred] of labels.rows) {
      byId.get(skillId)?.labels.push({ language, text, preferred } satisfies SkillLabel);
    }
    const relations = await this.pool.query<[string, string]>({
      text: 'SELECT skill_id, broader_id FROM skill_broader ORDER BY skill_id, broader_id',
      rowMode: 'array',
    });
    for (const [skillId, broaderId] of relations.rows) {
      // The broader skill's own id string, so the hierarchy does not keep a copy per relation.
      const broader = byId.get(broaderId)?.id;
      if (broader) byId.get(skillId)?.broader.push(broader);
    }
    return [...byId.values()];
  }

  /**
   * Skill-skill relations and occupations with their labels (what the catalog serves). Occupations' own skills
   * stay in the table: nothing in memory uses them yet, and they are the bulk (~130k rows with ESCO).
   */
  async loadStructure(): Promise<{ relations: SkillRelation[]; occupations: TaxonomyOccupation[] }> {
    const relations = await this.pool.query<[string, string, RelationKind]>({
      text: 'SELECT skill_id, related_id, kind FROM skill_relations ORDER BY skill_id, related_id',
      rowMode: 'array',
    });
    const occupations = await this.pool.query<[string, string]>({ text: 'SELECT id, isco_group FROM occupations ORDER BY id', rowMode: 'array' });
    const byId = new Map<string, TaxonomyOccupation>(
      occupations.rows.map(([id, iscoGroup]) => [id, { id, iscoGroup, labels: [], skills: [] }]),
    );
    const labels = await this.pool.query<[string, string, string, boolean]>({
      text: 'SELECT occupation_id, language, text, preferred FROM occupation_labels ORDER BY occupation_id, language, preferred DESC, text',
      rowMode: 'array',
    });
    for (const [id, language, text, preferred] of labels.rows) byId.get(id)?.labels.push({ language, text, preferred });
    return {
      relations: relations.rows.map(([skillId, relatedId, kind]) => ({ skillId, relatedId, kind })),
      occupations: [...byId.values()],
    };
  }
}

/** Skill-skill relations, occupations, their labels and skills (ESCO only), inside the import's transaction. */
async function insertStructure(client: pg.PoolClient, taxonomy: Taxonomy): Promise<void> {
  const insert = async <T>(rows: readonly T[], sql: string, columns: ((row: T) => unknown)[]) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      await client.query(sql, columns.map((column) => chunk.map(column)));
    }
  };
  await insert(
    taxonomy.relations ?? [],
    'INSERT INTO skill_relations (skill_id, related_id, kind) SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::relation_kind[])',
    [(r) => r.skillId, (r) => r.relatedId, (r) => r.kind],
  );
  const occupations = taxonomy.occupations ?? [];
  await insert(occupations, 'INSERT INTO occupations (id, isco_group) SELECT * FROM unnest($1::uuid[], $2::text[])', [
    (o) => o.id,
    (o) => o.iscoGroup,
  ]);
  await insert(
    occupations.flatMap((o) => o.labels.map((l) => ({ id: o.id, ...l }))),
    'INSERT INTO occupation_labels (occupation_id, language, text, preferred) SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::bool[])',
    [(l) => l.id, (l) => l.language, (l) => l.text, (l) => l.preferred],
  );
  await insert(
    occupations.flatMap((o) => o.skills.map((s) => ({ id: o.id, ...s }))),
    'INSERT INTO occupation_skills (occupation_id, skill_id, kind) SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::relation_kind[])',
    [(s) => s.id, (s) => s.skillId, (s) => s.kind],
  );
}
