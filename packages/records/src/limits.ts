const MiB = 1024 * 1024;

/**
 * Analysis intake limits the spec leaves open ("maximum number of items per batch and maximum text length"),
 * enforced by the gateway (early, as 400) and again by the documents service; documented in OpenAPI.
 */
export const INTAKE_LIMITS = {
  /** Texts per `POST /{cvs|jobs}/analyze`. */
  maxInputs: 100,
  /** Characters per text (after trimming). */
  maxInputChars: 100_000,
  /** Files per `POST /{cvs|jobs}/analyze/files`. */
  maxFiles: 20,
  /** Bytes per file (spec: at most 50 MB). */
  maxFileBytes: 50 * MiB,
  /**
   * Bytes of a whole multipart body: the files travel to the documents service in one gRPC message, which
   * accepts 64 MB, so 60 MB keeps every message under that with room to spare.
   */
  maxUploadBytes: 60 * MiB,
} as const;
