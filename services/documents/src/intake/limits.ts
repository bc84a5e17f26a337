/** Limits the spec leaves open (documented in the OpenAPI document). */
export const INTAKE_LIMITS = {
  /** Inputs or files per analyze request. */
  maxBatch: 100,
  maxFiles: 20,
  /** Characters per text input. */
  maxTextLength: 100_000,
  /** Bytes per uploaded file (spec: at most 50 MB). */
  maxFileBytes: 50 * 1024 * 1024,
} as const;
