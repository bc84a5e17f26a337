import { corruptError } from './errors.js';

/** Word 97-2003: body, then header, text boxes and footnotes (CV templates often put the name in a header or box). */
export async function extractDoc(bytes: Uint8Array): Promise<string> {
  const WordExtractor = (await import('word-extractor')).default;
  try {
    const document = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const parts = [
      document.getHeaders({ includeFooters: false }),
      document.getBody(),
      document.getTextboxes({ includeHeadersAndFooters: true, includeBody: true }),
      document.getFootnotes(),
      document.getEndnotes(),
      document.getFooters(),
    ];
    return parts.filter((part) => part.trim() !== '').join('\n\n');
  } catch (error) {
    throw corruptError(error);
  }
}
