import { DomainError } from '@talent/platform';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { DOCUMENT_LIMITS } from '../../schemas/documents.js';

export const UPLOAD_FIELD = 'files';

const MB = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

const fileTooLarge = (filename: string | undefined) =>
  new DomainError(
    'INVALID_ARGUMENT',
    `File ${filename ? `'${filename}'` : 'upload'} is larger than ${MB(DOCUMENT_LIMITS.maxFileBytes)}: each file may be at most ${MB(DOCUMENT_LIMITS.maxFileBytes)}.`,
    { filename: filename ?? '' },
  );

const uploadTooLarge = () =>
  new DomainError(
    'INVALID_ARGUMENT',
    `Upload too large: a request may carry at most ${MB(DOCUMENT_LIMITS.maxUploadBytes)} in all (at most ${MB(DOCUMENT_LIMITS.maxFileBytes)} per file).`,
  );

const MALFORMED = "Malformed multipart/form-data body: send the documents as 'files' parts.";

/** Called when a limit is crossed while the body is still arriving, to answer at once. */
const earlyRejections = new WeakMap<Request, (error: DomainError) => void>();

/** Multer's memory storage, plus the moment a file crosses `fileSize` (multer would only say so at the end). */
const memory = multer.memoryStorage();
const storage: multer.StorageEngine = {
  _handleFile(req, file, callback) {
    file.stream.once('limit', () => earlyRejections.get(req)?.(fileTooLarge(file.originalname)));
    memory._handleFile(req, file, callback);
  },
  _removeFile(req, file, callback) {
    memory._removeFile(req, file, callback);
  },
};

const parseFiles = multer({
  storage,
  defParamCharset: 'utf8',
  limits: {
    fileSize: DOCUMENT_LIMITS.maxFileBytes,
    files: DOCUMENT_LIMITS.maxFiles,
    // cache, stream, block, and room for unknown names to be reported by name rather than counted.
    fields: 10,
    fieldSize: 64,
    fieldNameSize: 100,
    parts: DOCUMENT_LIMITS.maxFiles + 10,
    headerPairs: 100,
  },
}).array(UPLOAD_FIELD);

/** Multer's and busboy's failures as 400 messages a client can act on. */
function translate(error: unknown): unknown {
  if (error instanceof multer.MulterError) {
    const field = error.field ?? '';
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return fileTooLarge((error as { filename?: string }).filename);
      case 'LIMIT_FILE_COUNT':
        return new DomainError('INVALID_ARGUMENT', `At most ${DOCUMENT_LIMITS.maxFiles} files may be uploaded per request.`);
      case 'LIMIT_UNEXPECTED_FILE':
        return new DomainError('INVALID_ARGUMENT', `Unexpected file field '${field}': upload the documents as '${UPLOAD_FIELD}' parts.`);
      case 'LIMIT_FIELD_VALUE':
        return new DomainError('INVALID_ARGUMENT', `Form field '${field}' is too long: 'cache', 'stream' and 'block' take true, false, 1 or 0.`);
      case 'LIMIT_FIELD_COUNT':
      case 'LIMIT_PART_COUNT':
      case 'LIMIT_FIELD_KEY':
        return new DomainError(
          'INVALID_ARGUMENT',
          `Too many or too long form fields: the form accepts '${UPLOAD_FIELD}' parts and the fields 'cache', 'stream' and 'block'.`,
        );
      default:
        return new DomainError('INVALID_ARGUMENT', MALFORMED);
    }
  }
  if (error instanceof DomainError) return error;
  // busboy: "Unexpected end of form", "Malformed part header", "Multipart: Boundary not found", …
  return new DomainError('INVALID_ARGUMENT', MALFORMED);
}

/** How long the rest of a refused upload is read and dropped after the answer before the connection is cut. */
export const UPLOAD_DRAIN_MS = 10_000;

/**
 * The answer to an upload refused while it still arrives goes out at once, and Node then ends the connection
 * (its request was not read to the end). Destroying the socket with upload bytes still unread makes the kernel
 * answer them with a reset, which destroys the 400 in the client's buffers before it reads it: a client that
 * sends the whole body first (fetch) saw a failed write, not the answer. So the connection closes the way
 * servers "linger": the answer, then our end of the connection (FIN), while what the client still sends is read
 * and dropped, never held, until it stops or UPLOAD_DRAIN_MS pass.
 */
function lingerAfterAnswer(req: Request): void {
  // Nothing more reaches the parser, which would go on buffering the next files.
  req.unpipe();
  req.resume();
  const socket = req.socket;
  socket.destroySoon = () => {
    const cut = setTimeout(() => socket.destroy(), UPLOAD_DRAIN_MS);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
    socket.once('end', () => socket.destroy());
    socket.on('data', () => undefined);
    socket.resume();
    socket.end();
  };
}

/**
 * Parses `multipart/form-data` into `req.files` (memory) and `req.body` (text fields), after authentication.
 *
 * Limits are enforced while the body arrives: a file crossing 50 MB, or a body crossing 60 MB in all (by its
 * declared Content-Length, or by the bytes actually read), is answered 400 at once rather than after reading the
 * rest, which multer would otherwise buffer first; the rest is then dropped as it arrives (lingerAfterAnswer).
 */
export const parseUpload: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) {
    next(new DomainError('INVALID_ARGUMENT', `Request body must be multipart/form-data with one or more '${UPLOAD_FIELD}' parts.`));
    return;
  }
  let settled = false;
  const reject = (error: unknown) => {
    if (settled) return;
    settled = true;
    if (!req.complete) lingerAfterAnswer(req);
    next(error);
  };
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > DOCUMENT_LIMITS.maxUploadBytes) {
    reject(uploadTooLarge());
    return;
  }
  earlyRejections.set(req, reject);
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > DOCUMENT_LIMITS.maxUploadBytes) {
      req.off('data', count);
      reject(uploadTooLarge());
    }
  };
  parseFiles(req, res, (error?: unknown) => {
    req.off('data', count);
    earlyRejections.delete(req);
    if (settled) return;
    if (error) {
      reject(translate(error));
      return;
    }
    settled = true;
    next();
  });
  // Multer has piped the request synchronously above; counting alongside does not change the flow.
  req.on('data', count);
};
