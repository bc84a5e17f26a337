/**
 * LLM re-scoring of the free-text requirement lines (DESIGN §6): a chat model judges each line of the job against
 * one CV, with a quote of the CV as evidence. Skills, experience and education keep their deterministic rules.
 */
import { invokeStructured, type ChatModel, type RetryPolicy, type TokenUsage } from '@talent/platform';
import { z } from 'zod';
import type { CvRecord, JobRecord, ScoreDetail } from '../scoring/index.js';
import { cvText, rescoringMessages } from './prompt.js';

const lineScore = z.object({
  line: z.number().int().min(1),
  score: z.number().int().min(0).max(10),
  evidence: z.string(),
  reason: z.string(),
});

/** Every line numbered 1..n scored exactly once: an answer that skips or repeats a line is malformed (retried). */
function answerSchema(lines: number) {
  return z
    .object({ scores: z.array(lineScore) })
    .refine(
      (a) =>
        a.scores.length === lines &&
        new Set(a.scores.map((s) => s.line)).size === lines &&
        a.scores.every((s) => s.line <= lines),
      { message: `scores must hold lines 1 to ${lines}, each once` },
    );
}

/** Scores of one CV, by requirement line text. */
export type LineScores = Map<string, ScoreDetail>;

export class LlmRequirementRescorer {
  constructor(
    private readonly options: {
      model: ChatModel;
      modelName: string;
      retry: RetryPolicy;
      onRetry?: (info: { attempt: number; kind: string; message: string }) => void;
    },
  ) {}

  get modelName(): string {
    return this.options.modelName;
  }

  /** One request for all of the job's lines against one CV; throws LlmCallFailed when no valid answer comes. */
  async scoreCv(
    job: JobRecord,
    lines: readonly string[],
    cv: CvRecord,
  ): Promise<{ scores: LineScores; usage: TokenUsage }> {
    const text = cvText(cv);
    const answer = await invokeStructured(
      this.options.model,
      answerSchema(lines.length),
      rescoringMessages(job, lines, text),
      this.options.retry,
      { name: 'requirement_scores', ...(this.options.onRetry ? { onRetry: this.options.onRetry } : {}) },
    );
    const scores: LineScores = new Map();
    for (const s of answer.value.scores) {
      scores.set(lines[s.line - 1]!, {
        score: s.score,
        criteria: `requirement line, re-scored by ${this.options.modelName}`,
        explanation: explanation(s.reason, s.evidence, text),
      });
    }
    return { scores, usage: answer.usage };
  }
}

/** The model's reason, and its quote only when the CV holds it word for word (a quote must be checkable). */
function explanation(reason: string, evidence: string, cv: string): string {
  const why = reason.trim().replace(/\.?$/, '.');
  const quote = evidence.trim();
  if (!quote) return `${why} Nothing in the CV supports it.`;
  if (!cv.includes(quote)) return `${why} (The model's quote is not in the CV.)`;
  return `${why} CV: "${quote}"`;
}
