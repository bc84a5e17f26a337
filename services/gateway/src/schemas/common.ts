import { z } from '../openapi/zod.js';

/** ISO 8601 UTC with milliseconds, as the spec requires for every timestamp. */
export const Timestamp = z.iso.datetime().openapi({ example: '2026-11-21T11:15:00.000Z' });

export const toTimestamp = (date: Date): string => date.toISOString();

export const Pagination = z
  .object({
    total: z.int().min(0).openapi({ description: 'Number of items matching the request.' }),
    offset: z.int().min(0),
    limit: z.int().min(1),
    has_more: z.boolean().openapi({ description: 'True when items exist after this page.' }),
  })
  .openapi('Pagination');

/** Query integers arrive as strings; the messages name the parameter so a 400 says what to fix. */
export const queryInt = (name: string, min: number, max: number, fallback: number, description: string) =>
  z.coerce
    .number({ error: `Query parameter '${name}' must be an integer between ${min} and ${max}.` })
    .int({ error: `Query parameter '${name}' must be an integer between ${min} and ${max}.` })
    .min(min, { error: `Query parameter '${name}' must be an integer between ${min} and ${max}.` })
    .max(max, { error: `Query parameter '${name}' must be an integer between ${min} and ${max}.` })
    .default(fallback)
    .openapi({ type: 'integer', minimum: min, maximum: max, default: fallback, description });

/** Largest offset that still fits the int32 page fields of the gRPC contracts. */
export const MAX_OFFSET = 2_147_483_647;

/**
 * `.openapi(refId, metadata)` for any zod schema. `extendZodWithOpenApi` puts the method on zod's prototype, but
 * zod 4 copies prototype methods onto each schema when it is built, so schemas of @talent/records built before
 * the extension ran (it depends on import order) lack it; the method itself works on them.
 */
export function named<T extends z.ZodType>(schema: T, refId: string, metadata: { description: string }): T {
  const { openapi } = z.ZodType.prototype as unknown as { openapi: (this: T, refId: string, metadata: object) => T };
  return openapi.call(schema, refId, metadata);
}
