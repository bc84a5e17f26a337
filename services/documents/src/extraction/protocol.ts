import type { DocumentType } from './extractor.js';
import type { ZipLimits } from './zip.js';

/** What the pool sends a worker thread, and what comes back. */
export interface WorkerJob {
  type: DocumentType;
  bytes: Uint8Array;
  zipLimits: ZipLimits;
}

export interface WorkerOutput {
  text: string;
  pages: number | undefined;
  europassXml?: string;
}

export interface WorkerRequest {
  id: number;
  job: WorkerJob;
}

export type WorkerReply =
  { id: number; ok: true; output: WorkerOutput } | { id: number; ok: false; reason: string; permanent: boolean };
