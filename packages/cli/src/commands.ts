import type { ResourceKind, Schemas, TalentClient } from '@talent/client';
import { analyzeInputs } from './batch.js';
import { EXIT, UsageError } from './exit-codes.js';
import { collectInputs, type InputFile } from './inputs.js';
import { csvLine, ResultWriter, table, type Format } from './output.js';
import { startProgress } from './progress.js';
import { RunState, type FileOutcome } from './state.js';

/** CVs per `POST /match`. */
const MATCH_LIMIT = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const skillNames = (skills: { skill: string }[] | undefined) => (skills ?? []).map((s) => s.skill).join('; ');

/** The CSV columns of a record (JSON Lines carry the whole record). */
const COLUMNS: Record<ResourceKind, { header: string[]; row: (record: never) => Record<string, unknown> }> = {
  cvs: {
    header: ['file', 'sha256', 'id', 'first_name', 'last_name', 'email', 'phone', 'city', 'country', 'hard_skills', 'soft_skills'],
    row: (cv: Schemas['CvRecord']) => ({
      first_name: cv.information.first_name,
      last_name: cv.information.last_name,
      email: cv.information.email.join('; '),
      phone: cv.information.phone.join('; '),
      city: cv.information.address.city,
      country: cv.information.address.country,
      hard_skills: skillNames(cv.hard_skills),
      soft_skills: skillNames(cv.soft_skills),
    }),
  },
  jobs: {
    header: ['file', 'sha256', 'id', 'title', 'company', 'locations', 'job_type', 'contract_type', 'hard_skills', 'soft_skills'],
    row: (job: Schemas['JobRecord']) => ({
      title: job.information.title,
      company: job.information.company,
      locations: job.information.locations.map((l) => [l.city, l.country].filter(Boolean).join(', ')).join('; '),
      job_type: job.information.job_type,
      contract_type: job.information.contract_type,
      hard_skills: skillNames(job.hard_skills),
      soft_skills: skillNames(job.soft_skills),
    }),
  },
};

export interface Summary {
  done: number;
  skipped: number;
  failures: FileOutcome[];
}

/** The end-of-run summary on stderr; the exit code it implies. */
export function reportSummary(label: string, summary: Summary): number {
  const parts = [`${summary.done} ${label}`];
  if (summary.skipped > 0) parts.push(`${summary.skipped} skipped (already analyzed)`);
  parts.push(`${summary.failures.length} failed`);
  process.stderr.write(`${parts.join(', ')}\n`);
  const failures = [...summary.failures].sort((a, b) => a.path.localeCompare(b.path));
  for (const failure of failures) process.stderr.write(`  FAILED ${failure.path}: ${failure.reason ?? failure.status}\n`);
  return summary.failures.length > 0 ? EXIT.SOME_FAILED : EXIT.OK;
}

async function runAnalysis(
  client: TalentClient,
  kind: ResourceKind,
  files: InputFile[],
  state: RunState,
  onCompleted: (outcome: FileOutcome) => Promise<void>,
  timeoutMs: number | undefined,
): Promise<Summary> {
  const todo = files.filter((file) => !state.completed(file.sha256));
  const summary: Summary = { done: 0, skipped: files.length - todo.length, failures: [] };
  if (todo.length === 0) return summary;
  const progress = startProgress(kind === 'cvs' ? 'CVs' : 'jobs', todo.length);
  try {
    await analyzeInputs(client, kind, todo, {
      timeoutMs,
      onOutcome: async (outcome) => {
        if (outcome.status === 'COMPLETED') {
          await onCompleted(outcome);
          summary.done += 1;
        } else summary.failures.push(outcome);
        state.record(outcome);
        progress.advance(outcome.status !== 'COMPLETED');
      },
    });
  } finally {
    progress.stop();
  }
  return summary;
}

export interface AnalyzeCommandOptions {
  out?: string;
  timeout?: number;
}

/** `talent analyze` and `talent jobs analyze`: records written to --out (or stdout), resumable by content hash. */
export async function analyzeCommand(client: TalentClient, kind: ResourceKind, paths: string[], options: AnalyzeCommandOptions): Promise<number> {
  const { files, skipped } = collectInputs(paths);
  if (skipped.length > 0) process.stderr.write(`skipping ${skipped.length} file(s) of other types (e.g. ${skipped[0]})\n`);
  const state = RunState.load(options.out ? `${options.out}.state.jsonl` : undefined, options.out);
  const columns = COLUMNS[kind];
  const writer = new ResultWriter(options.out, columns.header);
  const summary = await runAnalysis(
    client,
    kind,
    files,
    state,
    async (outcome) => {
      const id = outcome.id!;
      const record = kind === 'cvs' ? await client.getCv(id) : await client.getJob(id);
      const base = { file: outcome.path, sha256: outcome.sha256, id };
      writer.write(writer.format === 'csv' ? { ...base, ...columns.row(record as never) } : { ...base, record });
    },
    options.timeout,
  );
  return reportSummary('analyzed', summary);
}

export interface MatchCommandOptions {
  job: string;
  top: number;
  format: Format;
  timeout?: number;
}

/** `talent match`: analyzes the CVs (free when already analyzed: cache), matches them, prints the ranking. */
export async function matchCommand(client: TalentClient, paths: string[], options: MatchCommandOptions): Promise<number> {
  let jobId = options.job;
  if (!UUID.test(jobId)) {
    const { files } = collectInputs([options.job]);
    const job = await runAnalysis(client, 'jobs', files, new RunState(undefined), async (outcome) => void (jobId = outcome.id!), options.timeout);
    if (job.failures.length > 0) {
      reportSummary('job analyzed', job);
      throw new UsageError(`The job ${options.job} could not be analyzed: ${job.failures[0]?.reason}`);
    }
  }
  const { files } = collectInputs(paths);
  const fileOf = new Map<string, string>();
  const summary = await runAnalysis(
    client,
    'cvs',
    files,
    new RunState(undefined),
    async (outcome) => void fileOf.set(outcome.id!, outcome.path),
    options.timeout,
  );
  if (fileOf.size === 0) return reportSummary('CVs analyzed', summary);
  // One match request scores at most 10,000 CVs (one charge each): larger sets are scored in parts and merged.
  const ids = [...fileOf.keys()];
  const ranked: Schemas['MatchCandidate'][] = [];
  for (let i = 0; i < ids.length; i += MATCH_LIMIT) {
    ranked.push(...(await client.match({ jobId, candidatesIds: ids.slice(i, i + MATCH_LIMIT), topK: options.top })));
  }
  if (ids.length > MATCH_LIMIT) ranked.sort((a, b) => b.final_score - a.final_score).splice(options.top);
  const rows = ranked.map((c, index) => ({
    rank: index + 1,
    file: fileOf.get(c.person_id) ?? '',
    cv_id: c.person_id,
    final_score: Number(c.final_score.toFixed(3)),
    hard_skills: Number(c.score_meta.hard_skills.toFixed(2)),
    soft_skills: Number(c.score_meta.soft_skills.toFixed(2)),
    experience: Number(c.score_meta.experience.toFixed(2)),
    education: Number(c.score_meta.education.toFixed(2)),
  }));
  const header = ['rank', 'file', 'cv_id', 'final_score', 'hard_skills', 'soft_skills', 'experience', 'education'];
  if (options.format === 'json') process.stdout.write(`${JSON.stringify({ job_id: jobId, candidates: ranked.map((c, i) => ({ file: rows[i]!.file, ...c })) }, null, 2)}\n`);
  else if (options.format === 'csv') process.stdout.write(csvLine(header) + rows.map((row) => csvLine(header.map((h) => row[h as keyof typeof row]))).join(''));
  else process.stdout.write(table(header, rows.map((row) => header.map((h) => row[h as keyof typeof row]))));
  return reportSummary('CVs analyzed', summary);
}

export async function creditsCommand(client: TalentClient, options: { format: 'table' | 'json' }): Promise<number> {
  const balance = await client.balance();
  if (options.format === 'json') process.stdout.write(`${JSON.stringify(balance, null, 2)}\n`);
  else process.stdout.write(table(['balance', 'reserved', 'available', 'updated_at'], [[balance.balance, balance.reserved, balance.available, balance.updated_at]]));
  return EXIT.OK;
}
