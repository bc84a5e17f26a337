import { UUID_PATTERN } from '@talent/platform';
import { z } from '../openapi/zod.js';
import { MATCH_LIMITS } from './matching.js';

const THRESHOLD_MESSAGE = "'threshold' must be a number from 0 to 10.";
const TOP_K_MESSAGE = `'topK' must be an integer between 1 and ${MATCH_LIMITS.maxInt32}.`;
const CANDIDATES_MESSAGE = "'candidates' must be a non-empty array of {id, group}.";

const FairnessCandidate = z
  .strictObject(
    {
      id: z
        .string({ error: "'{field}' must be a UUID." })
        .regex(UUID_PATTERN, { error: "'{field}' must be a UUID." })
        .openapi({ format: 'uuid', description: 'A COMPLETED CV of this workspace.' }),
      group: z
        .string({ error: "'{field}' must be a string of 1–100 characters." })
        .trim()
        .min(1, { error: "'{field}' must be a string of 1–100 characters." })
        .max(100, { error: "'{field}' must be a string of 1–100 characters." })
        .openapi({ description: 'The group the client holds for this CV (e.g. a self-declared gender or an age band): any text.', example: 'women' }),
    },
    { error: "'{field}' must be an object {id, group}." },
  )
  .openapi('FairnessCandidate');

export const FairnessBody = z
  .strictObject(
    {
      jobId: z
        .string({ error: "'jobId' must be a UUID." })
        .regex(UUID_PATTERN, { error: "'jobId' must be a UUID." })
        .openapi({ format: 'uuid', example: '3f1c9a52-7d4e-4b8a-9c61-0e2f5a7b8d93' }),
      candidates: z
        .array(FairnessCandidate, { error: CANDIDATES_MESSAGE })
        .min(1, { error: CANDIDATES_MESSAGE })
        .max(MATCH_LIMITS.maxCandidates, { error: `'candidates' may hold at most ${MATCH_LIMITS.maxCandidates.toLocaleString('en')} entries.` })
        .openapi({
          description: 'The CVs and their group labels. A CV listed twice counts once and must repeat its label.',
          example: [
            { id: '9b2e7c1d-4a3f-4e8b-8c2d-1f0a3b5c7d9e', group: 'women' },
            { id: '1c4d6e8f-2a3b-4c5d-9e7f-0a1b2c3d4e5f', group: 'men' },
          ],
        }),
      topK: z
        .int({ error: TOP_K_MESSAGE })
        .min(1, { error: TOP_K_MESSAGE })
        .max(MATCH_LIMITS.maxInt32, { error: TOP_K_MESSAGE })
        .optional()
        .openapi({ description: 'Selection rule: the best `topK` candidates are selected. Give exactly one of `topK` and `threshold`.', example: 10 }),
      threshold: z
        .number({ error: THRESHOLD_MESSAGE })
        .min(0, { error: THRESHOLD_MESSAGE })
        .max(10, { error: THRESHOLD_MESSAGE })
        .optional()
        .openapi({ description: 'Selection rule: candidates whose `final_score` is at least this are selected.', example: 6.5 }),
      blind: z
        .boolean({ error: "'blind' must be a boolean (true or false)." })
        .default(false)
        .openapi({ description: 'Score as `POST /match` with `blind: true` does.' }),
    },
    {
      error: (issue: { code: string; keys?: string[] }) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown field '${issue.keys?.[0] ?? ''}': the body accepts 'jobId', 'candidates', 'topK', 'threshold', 'blind'.`
          : 'Request body must be a JSON object.',
    },
  )
  .openapi('FairnessRequest');

const GroupOutcome = z
  .object({
    group: z.string().openapi({ example: 'women' }),
    candidates: z.int().min(1).openapi({ example: 4 }),
    selected: z.int().min(0).openapi({ example: 1 }),
    selection_rate: z.number().min(0).max(1).openapi({ description: '`selected / candidates`, four decimals.', example: 0.25 }),
    impact_ratio: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .openapi({ description: 'This group\'s rate over the highest group\'s rate, four decimals; null when no one is selected in any group.', example: 0.5 }),
    mean_score: z.number().min(0).max(10).openapi({ description: 'Mean `final_score` of the group, two decimals.', example: 5.87 }),
  })
  .openapi('FairnessGroup');

export const FairnessReport = z
  .object({
    selection: z.union([z.object({ top_k: z.int() }), z.object({ threshold: z.number() })]).openapi({ example: { top_k: 2 } }),
    candidates: z.int().min(1).openapi({ example: 8 }),
    selected: z.int().min(0).openapi({ example: 3 }),
    groups: z.array(GroupOutcome).openapi({ description: 'One entry per group label, in label order.' }),
    four_fifths_rule: z
      .object({
        holds: z.boolean().openapi({ description: 'Every impact ratio is at least 0.8 (also when no one is selected).', example: false }),
        groups_below: z.array(z.string()).openapi({ description: 'The groups whose impact ratio is below 0.8.', example: ['women'] }),
      })
      .openapi({ description: 'The four-fifths (80 %) rule of adverse impact.' }),
  })
  .openapi('FairnessReport');

export const FairnessResponse = z
  .object({ message: z.string().openapi({ example: 'Fairness report: 8 candidates in 2 groups, 3 selected; the four-fifths rule does not hold (women).' }), data: FairnessReport })
  .openapi('FairnessResponse');
