import type { PDFDocumentProxy, PDFPageProxy } from 'unpdf/pdfjs';
import { corruptError, permanentError } from './errors.js';

export interface PdfContent {
  text: string;
  pages: number;
  europassXml?: string;
}

/** pdf.js's text items come mixed with marked-content items, which carry no `str`. */
type PdfTextItem = Extract<Awaited<ReturnType<PDFPageProxy['getTextContent']>>['items'][number], { str: string }>;

/** What line rebuilding needs from a text item. */
export interface TextRun {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

export async function extractPdf(bytes: Uint8Array): Promise<PdfContent> {
  const { getDocumentProxy } = await import('unpdf');
  let pdf: PDFDocumentProxy;
  try {
    // verbosity 0: pdf.js would otherwise log a warning per oddity of a malformed file.
    pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  } catch (error) {
    throw pdfError(error);
  }
  try {
    const pages = await inPageOrder(pdf.numPages, async (number) => {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      page.cleanup();
      return rebuildLines(content.items.filter((item): item is PdfTextItem => 'str' in item));
    });
    const europassXml = await findEuropassXml(pdf).catch(() => undefined);
    return { text: pages.join('\n\n'), pages: pdf.numPages, ...(europassXml ? { europassXml } : {}) };
  } catch (error) {
    throw pdfError(error);
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}

/** Pages asked for at once: bounds what a long document holds in flight. */
const PAGES_AT_ONCE = 8;

/**
 * `read(1 … count)`, results in page order, up to PAGES_AT_ONCE pages requested at once: pdf.js answers each
 * request through its (in-process) worker's message port, and requests sent together share those turns, which
 * takes about a third off the time of a page read one after the other (the text is the same).
 */
async function inPageOrder<T>(count: number, read: (number: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let first = 1; first <= count; first += PAGES_AT_ONCE) {
    const numbers = Array.from({ length: Math.min(PAGES_AT_ONCE, count - first + 1) }, (_, i) => first + i);
    results.push(...(await Promise.all(numbers.map(read))));
  }
  return results;
}

function pdfError(error: unknown): Error {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') return permanentError('The PDF is password-protected.');
  if (/encrypt/i.test(message)) return permanentError('The PDF is encrypted with a method that is not supported.');
  if (name === 'InvalidPDFException' && /empty/i.test(message)) return permanentError('The file is empty.');
  return corruptError(error);
}

/**
 * Lines as they appear on the page. pdf.js gives text runs with `hasEOL`; a run on another baseline also starts a
 * line (some producers never set `hasEOL`), a gap wider than a word space becomes a tab (label and value columns, as in
 * Europass CVs), and a vertical gap well above the line height becomes a blank line (a paragraph/section break).
 */
export function rebuildLines(items: TextRun[]): string {
  const out: string[] = [];
  let line = '';
  let lineY: number | undefined;
  let lineSize = 0;
  let endX: number | undefined;
  let endSize = 0;
  let previous: { y: number; size: number } | undefined;

  const flush = (): void => {
    if (lineY === undefined) return;
    if (previous) {
      const gap = previous.y - lineY;
      const size = Math.max(previous.size, lineSize, 1);
      if (gap > 1.8 * size || gap < -size) out.push('');
    }
    out.push(line);
    previous = { y: lineY, size: lineSize };
    line = '';
    lineY = undefined;
    endX = undefined;
  };

  for (const item of items) {
    const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform;
    const size = Math.hypot(c, d) || item.height || Math.hypot(a, b);
    if (item.str.trim() === '') {
      // pdf.js's own word spaces (or bare EOL markers, whose position is the next line's): one space, no position.
      if (lineY !== undefined && item.str !== '' && !/\s$/.test(line)) line += ' ';
      if (item.hasEOL) flush();
      continue;
    }
    if (lineY !== undefined && Math.abs(y - lineY) > 0.5 * Math.max(size, lineSize)) flush();
    if (lineY === undefined) {
      lineY = y;
      lineSize = size;
    } else if (endX !== undefined && b === 0 && c === 0) {
      // Word spaces are pdf.js's business (it inserts them); only a gap wider than any word space is a column.
      if (x - endX > 1.2 * endSize) line = `${line.trimEnd()}\t`;
    }
    line += item.str;
    endX = x + item.width;
    endSize = size;
    lineSize = Math.max(lineSize, size);
    if (item.hasEOL) flush();
  }
  flush();
  return out.join('\n');
}

/**
 * Europass PDFs carry their CV as XML: a named attachment (2013+ editor) or a file-attachment annotation (older
 * ones). The first `.xml` attachment that looks like Europass is returned.
 */
async function findEuropassXml(pdf: PDFDocumentProxy): Promise<string | undefined> {
  const candidates: { id: string; filename: string; content?: Uint8Array | null }[] = [];
  const attachments = await pdf.getAttachments();
  for (const [id, attachment] of attachments ?? []) candidates.push({ id, ...attachment });
  if (candidates.length === 0) {
    const pages = await inPageOrder(
      pdf.numPages,
      async (number) =>
        (await (await pdf.getPage(number)).getAnnotations()) as {
          subtype?: string;
          fileId?: string;
          file?: { filename?: string; content?: Uint8Array | null };
        }[],
    );
    for (const annotations of pages) {
      for (const annotation of annotations) {
        if (annotation.subtype === 'FileAttachment' && annotation.fileId && annotation.file?.filename) {
          candidates.push({
            id: annotation.fileId,
            filename: annotation.file.filename,
            content: annotation.file.content,
          });
        }
      }
    }
  }
  for (const candidate of candidates) {
    if (!/\.xml$/i.test(candidate.filename)) continue;
    const content = candidate.content ?? (await pdf.getAttachmentContent(candidate.id));
    if (!content || content.length > MAX_ATTACHMENT_BYTES) continue;
    const xml = decodeXml(content);
    if (xml.startsWith('<') && /SkillsPassport|europass/i.test(xml)) return xml;
  }
  return undefined;
}

function decodeXml(bytes: Uint8Array): string {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  return new TextDecoder(encoding)
    .decode(bytes)
    .replace(/^\ufeff/, '')
    .trim();
}
