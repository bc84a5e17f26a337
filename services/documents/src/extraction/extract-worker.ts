/**
 * Worker-thread entry: parses one document at a time for the pool in worker-pool.ts. Parsers run here, not on the
 * service's event loop, so a hostile file that loops or exhausts memory only costs this thread, which the pool
 * terminates and replaces.
 */
import { parentPort } from 'node:worker_threads';
import { extractDoc } from './doc.js';
import { extractDocx } from './docx.js';
import { corruptError, ExtractionError } from './errors.js';
import { finishText } from './extractor.js';
import { extractPdf } from './pdf.js';
import type { WorkerJob, WorkerOutput, WorkerReply, WorkerRequest } from './protocol.js';

async function run(job: WorkerJob): Promise<WorkerOutput> {
  switch (job.type) {
    case 'pdf': {
      const pdf = await extractPdf(job.bytes);
      const text = finishText(pdf.text, 'pdf');
      return { text, pages: pdf.pages, ...(pdf.europassXml ? { europassXml: pdf.europassXml } : {}) };
    }
    case 'docx':
      return { text: finishText(await extractDocx(job.bytes, job.zipLimits), 'docx'), pages: undefined };
    case 'doc':
      return { text: finishText(await extractDoc(job.bytes), 'doc'), pages: undefined };
  }
}

const port = parentPort;
if (!port) throw new Error('extract-worker must run in a worker thread');

port.on('message', ({ id, job }: WorkerRequest) => {
  run(job).then(
    (output) => port.postMessage({ id, ok: true, output } satisfies WorkerReply),
    (error: unknown) => {
      const failure = error instanceof ExtractionError ? error : corruptError(error);
      port.postMessage({ id, ok: false, reason: failure.reason, permanent: failure.permanent } satisfies WorkerReply);
    },
  );
});
