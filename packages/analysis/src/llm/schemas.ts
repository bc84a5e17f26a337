/**
 * What the model is asked for: the record's own zod schema without the skills, which come from the taxonomy
 * linking every analyzer shares (a model would invent skill ids). Field descriptions travel in the JSON schema.
 */
import { cvContent, jobContent } from '@talent/records';
import { z } from 'zod';

export const llmCvSchema = cvContent.omit({ hard_skills: true, soft_skills: true, field_confidence: true });

export const llmJobSchema = jobContent.omit({ hard_skills: true, soft_skills: true, field_confidence: true }).extend({
  /** Which requirement lines are only preferred: their skills become `optional` (the rules analyzer's rule). */
  preferred: z
    .array(z.string())
    .describe('The job_requirements lines that are preferred / nice to have rather than required, copied exactly.'),
});

export type LlmCv = z.infer<typeof llmCvSchema>;
export type LlmJob = z.infer<typeof llmJobSchema>;
