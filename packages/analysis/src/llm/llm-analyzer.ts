/**
 * The `llm` analyzer (DESIGN §5): a chat model extracts the record's text fields through `withStructuredOutput`
 * with the record's zod schema; skills are then linked through the taxonomy exactly as the rules analyzer does,
 * and the task processor validates the result with the same schema. A document the model cannot analyze
 * (malformed output, timeouts, 429s after the retries, or a refused request) goes to the rules analyzer instead,
 * and the record says so through the analyzer version stored with it.
 */
import {
  invokeStructured,
  LlmCallFailed,
  type ChatModel,
  type Logger,
  type RetryPolicy,
  type TokenUsage,
} from '@talent/platform';
import type { z } from 'zod';
import { linkCvSkills } from '../cv-analyzer.js';
import type { Analyzer, SkillLinker } from '../types.js';
import { linkJobSkills } from '../job-analyzer.js';
import { cvMessages, jobMessages } from './prompts.js';
import { llmCvSchema, llmJobSchema, type LlmCv } from './schemas.js';

/** Bump when the prompts or the post-processing change what the analyzer produces. */
export const LLM_ANALYZER_REVISION = 'llm-1';

export interface LlmAnalyzerOptions {
  model: ChatModel;
  /** The model's name, recorded in the analyzer version (`llm-1:<model>`). */
  modelName: string;
  linker: SkillLinker;
  /** Analyzes the documents the model could not. */
  fallback: Analyzer;
  retry: RetryPolicy;
  logger: Logger;
  now?: () => Date;
}

export function createLlmAnalyzer(options: LlmAnalyzerOptions): Analyzer {
  const { model, linker, fallback, logger } = options;
  const version = `${LLM_ANALYZER_REVISION}:${options.modelName}`;
  const now = options.now ?? (() => new Date());

  /** The model's answer, or undefined after logging why the rules analyzer takes this document. */
  async function extract<T extends Record<string, unknown>>(
    kind: 'cv' | 'job',
    schema: z.ZodType<T>,
    messages: ReturnType<typeof cvMessages>,
    textChars: number,
  ): Promise<T | undefined> {
    const unit = { kind, text_chars: textChars, model: options.modelName };
    try {
      const answer = await invokeStructured(model, schema, messages, options.retry, {
        name: kind === 'cv' ? 'cv_record' : 'job_record',
        onRetry: (r) =>
          logger.info(
            { ...unit, attempt: r.attempt, reason: r.kind, detail: r.message, delay_ms: r.delayMs },
            'llm analysis retry',
          ),
      });
      logger.info({ ...unit, attempts: answer.attempts, tokens: tokens(answer.usage) }, 'llm analysis done');
      return answer.value;
    } catch (error) {
      const failed = error instanceof LlmCallFailed ? error : undefined;
      logger.warn(
        {
          ...unit,
          reason: failed?.kind ?? 'error',
          detail: failed?.message ?? (error as Error).message,
          attempts: failed?.attempts,
          tokens: failed ? tokens(failed.usage) : undefined,
          analyzer: fallback.version,
        },
        'llm analysis failed; the rules analyzer analyzes this document',
      );
      return undefined;
    }
  }

  /** The model's record when it answered, else the fallback analyzer's; `producedBy` hears which. */
  async function analyze<P, R>(
    parsed: P | undefined,
    producedBy: ((version: string) => void) | undefined,
    fromModel: (parsed: P) => Promise<R>,
    fromFallback: () => Promise<R>,
  ): Promise<R> {
    producedBy?.(parsed ? version : fallback.version);
    return parsed ? fromModel(parsed) : fromFallback();
  }

  return {
    version,
    async analyzeCv(text, producedBy) {
      const parsed = await extract('cv', llmCvSchema, cvMessages(text, now()), text.length);
      return analyze(
        parsed,
        producedBy,
        (cv) => linkCvSkills(groundContacts(cv, text), text, linker),
        () => fallback.analyzeCv(text),
      );
    },
    async analyzeJob(text, producedBy) {
      const parsed = await extract('job', llmJobSchema, jobMessages(text, now()), text.length);
      return analyze(
        parsed,
        producedBy,
        (job) => {
          // Only lines the record lists can make a skill optional.
          const requirements = new Set(job.job_requirements);
          return linkJobSkills({ ...job, preferred: job.preferred.filter((l) => requirements.has(l)) }, text, linker);
        },
        () => fallback.analyzeJob(text),
      );
    },
  };
}

const tokens = (usage: TokenUsage) => ({ input: usage.input, output: usage.output, total: usage.total });

const digits = (s: string) => s.replace(/\D/g, '');

/**
 * A contact detail is the candidate's only if the document contains it: emails and phone numbers the model wrote
 * but the text does not hold (a guess, a reformatted referee's number) are dropped.
 */
export function groundContacts(cv: LlmCv, text: string): LlmCv {
  const lower = text.toLowerCase();
  const textDigits = digits(text);
  return {
    ...cv,
    information: {
      ...cv.information,
      email: cv.information.email.filter((e) => e.trim() && lower.includes(e.trim().toLowerCase())),
      phone: cv.information.phone.filter((p) => {
        const d = digits(p);
        // The number may be written with a national prefix in the text and an international one in the record.
        return d.length >= 6 && (textDigits.includes(d) || textDigits.includes(d.slice(-8)));
      }),
    },
  };
}
