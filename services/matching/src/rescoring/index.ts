/**
 * The scorer behind POST /match: the deterministic scorer, optionally followed by LLM re-scoring of the
 * requirement lines of the best-ranked candidates (`MATCH_LLM_*`). Re-scoring is all or nothing: on any model
 * failure, or past its time budget, the deterministic result stands and the reason is logged.
 */
import { LlmCallFailed, type Logger } from '@talent/platform';
import {
  requirementLineText,
  scoreCandidates,
  type CvRecord,
  type JobRecord,
  type MatchCandidate,
  type SkillGraph,
  type Weights,
} from '../scoring/index.js';
import type { LineScores, LlmRequirementRescorer } from './llm-rescorer.js';

export interface ScoredCandidates {
  /** Every candidate, ranked. */
  ranked: MatchCandidate[];
  /** The model that re-scored the requirement lines, when it did. */
  rescoredBy?: string;
}

export interface CandidateScorer {
  /**
   * How many of the best deterministic candidates `score` needs (with their records) for its first `topK` to be
   * exactly what it would give with every candidate: POST /match keeps only those while it scores.
   */
  candidatesNeeded(topK: number): number;
  /**
   * `deterministic`: `scoreCandidates(job, cvs, weights, graph)` when the caller has it already (POST /match; then
   * possibly only the best `candidatesNeeded(topK)` of every CV's ranking, with `cvs` their records).
   */
  score(
    job: JobRecord,
    cvs: CvRecord[],
    weights: Weights,
    graph: SkillGraph,
    deterministic?: MatchCandidate[],
  ): Promise<ScoredCandidates>;
}

export const deterministicScorer: CandidateScorer = {
  candidatesNeeded: (topK) => topK,
  score: async (job, cvs, weights, graph, deterministic) => ({
    ranked: deterministic ?? scoreCandidates(job, cvs, weights, graph),
  }),
};

export interface RescoringOptions {
  rescorer: LlmRequirementRescorer;
  /** How many of the best deterministic candidates are re-scored (one model request each). */
  maxCandidates: number;
  /** Model requests at once. */
  concurrency: number;
  /** The whole re-scoring of one match must end within this, or the deterministic result stands. */
  budgetMs: number;
  logger: Logger;
}

class BudgetExceeded extends Error {}

export function rescoringScorer(options: RescoringOptions): CandidateScorer {
  const { rescorer, logger } = options;
  return {
    // The re-scored candidates may fall below the next ones, whose scores do not change: the first topK after
    // re-scoring are among the best maxCandidates + topK before it.
    candidatesNeeded: (topK) => topK + options.maxCandidates,
    async score(job, cvs, weights, graph, deterministic) {
      const ranked = deterministic ?? scoreCandidates(job, cvs, weights, graph);
      const lines = [...new Set(job.job_requirements.map(requirementLineText).filter(Boolean))];
      if (lines.length === 0) return { ranked };
      const byId = new Map(cvs.map((cv) => [cv.id, cv]));
      const chosen = ranked.slice(0, options.maxCandidates).map((c) => byId.get(c.person_id)!);
      const started = Date.now();
      const usage = { input: 0, output: 0, total: 0 };
      const scores = new Map<string, LineScores>();
      let stop = false;
      const worker = async (queue: CvRecord[]) => {
        for (let cv = queue.shift(); cv && !stop; cv = queue.shift()) {
          const result = await rescorer.scoreCv(job, lines, cv);
          scores.set(cv.id, result.scores);
          usage.input += result.usage.input;
          usage.output += result.usage.output;
          usage.total += result.usage.total;
        }
      };
      const queue = [...chosen];
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          Promise.all(Array.from({ length: Math.min(options.concurrency, queue.length) }, () => worker(queue))),
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new BudgetExceeded(`not done within ${options.budgetMs} ms`)),
              options.budgetMs,
            );
          }),
        ]);
      } catch (error) {
        stop = true;
        logger.warn(
          {
            model: rescorer.modelName,
            job_id: job.id,
            reason: error instanceof LlmCallFailed ? error.kind : error instanceof BudgetExceeded ? 'budget' : 'error',
            detail: (error as Error).message,
            tokens: usage,
          },
          'llm re-scoring failed; the deterministic scores stand',
        );
        return { ranked };
      } finally {
        clearTimeout(timer);
      }
      logger.info(
        {
          model: rescorer.modelName,
          job_id: job.id,
          candidates: chosen.length,
          lines: lines.length,
          tokens: usage,
          ms: Date.now() - started,
        },
        'llm re-scoring done',
      );
      const override = (cvId: string, line: string) => scores.get(cvId)?.get(line);
      return { ranked: scoreCandidates(job, cvs, weights, graph, override), rescoredBy: rescorer.modelName };
    },
  };
}
