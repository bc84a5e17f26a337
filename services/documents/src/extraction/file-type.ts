import { fileTypeFromBuffer } from 'file-type';
import { listCompoundFileStreams } from './cfb.js';
import type { DocumentType } from './extractor.js';
import { listZipEntries } from './zip.js';

/**
 * The document type from the bytes alone (an upload's name and declared type are only claims).
 * - PDF: the `%PDF` signature.
 * - DOCX: an OOXML package whose central directory holds `word/document.xml` (xlsx, pptx, odt, a plain zip are
 *   not); an unreadable zip that file-type still recognises as Word stays DOCX so extraction can say it is broken.
 * - DOC: a compound file with a `WordDocument` stream (an .xls, .msi or .msg is not).
 *   A password-protected DOCX is a compound file with an `EncryptedPackage` stream: reported as DOCX so the user
 *   hears "password-protected" rather than "unsupported type".
 */
export async function detectDocumentType(bytes: Uint8Array): Promise<DocumentType | undefined> {
  if (bytes.length === 0) return undefined;
  const detected = await fileTypeFromBuffer(bytes);
  switch (detected?.ext) {
    case 'pdf':
      return 'pdf';
    case 'docx':
    case 'zip':
      return (await isWordPackage(bytes, detected.ext === 'docx')) ? 'docx' : undefined;
    case 'cfb': {
      const streams = listCompoundFileStreams(bytes) ?? [];
      if (streams.includes('WordDocument')) return 'doc';
      if (streams.includes('EncryptedPackage')) return 'docx';
      return undefined;
    }
    default:
      return undefined;
  }
}

async function isWordPackage(bytes: Uint8Array, fileTypeSaysDocx: boolean): Promise<boolean> {
  try {
    const names = new Set(await listZipEntries(bytes));
    return names.has('word/document.xml') && names.has('[Content_Types].xml');
  } catch {
    return fileTypeSaysDocx;
  }
}
