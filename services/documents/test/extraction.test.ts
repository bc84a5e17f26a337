import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTextExtractor,
  detectDocumentType,
  ExtractionError,
  type DocumentType,
  type ExtractedDocument,
} from '../src/extraction/index.js';
import {
  buildCompoundFile,
  buildDocx,
  buildOdt,
  buildPdf,
  buildXlsx,
  buildZip,
  buildZipBombDocx,
} from './fixtures/extraction/builders.js';

// The shared CV corpus lives next to the repository; the project must also work (and these tests pass) without it.
const corpusDir = fileURLToPath(new URL('../../../../shared/data/cvs/files', import.meta.url));
const hasCorpus = existsSync(corpusDir);

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

const corpusFiles = hasCorpus ? listFiles(corpusDir).sort() : [];
const documentFiles = corpusFiles.filter((path) => ['.pdf', '.docx', '.doc'].includes(extname(path).toLowerCase()));
const otherFiles = corpusFiles.filter((path) => !documentFiles.includes(path));
const corpusPath = (path: string): string => join(corpusDir, path);

type Outcome =
  | { ok: true; type: DocumentType | undefined; doc: ExtractedDocument }
  | { ok: false; type: DocumentType | undefined; error: unknown };

const extractor = createTextExtractor({ concurrency: 2 });
afterAll(() => extractor.close());

async function extractBytes(bytes: Uint8Array, filename = 'upload'): Promise<Outcome> {
  const type = await detectDocumentType(bytes);
  const asType = type ?? (extname(filename).slice(1) as DocumentType);
  try {
    return { ok: true, type, doc: await extractor.extract({ bytes, type: asType, filename }) };
  } catch (error) {
    return { ok: false, type, error };
  }
}

function expectPermanentFailure(outcome: Outcome, reason?: string | RegExp): ExtractionError {
  expect(outcome.ok, outcome.ok ? `unexpected text: ${outcome.doc.text.slice(0, 80)}` : '').toBe(false);
  const error = (outcome as { error: unknown }).error;
  expect(error).toBeInstanceOf(ExtractionError);
  const failure = error as ExtractionError;
  expect(failure.permanent).toBe(true);
  // A reason is one clear sentence for API users: capitalised, ends with a full stop, no stack or code names.
  expect(failure.reason).toMatch(/^[A-Z].*\.$/s);
  expect(failure.reason).not.toMatch(/\n|\bat \w+ \(|Exception/);
  if (reason !== undefined) expect(failure.reason).toMatch(reason);
  return failure;
}

function expectText(outcome: Outcome): ExtractedDocument {
  if (!outcome.ok) throw new Error(`expected text, got ${(outcome.error as Error).message}`);
  expect(outcome.doc.text.trim()).not.toBe('');
  return outcome.doc;
}

describe('shared CV corpus', () => {
  const outcomes = new Map<string, Outcome>();

  beforeAll(async () => {
    // All at once: the extractor's pool (two workers) bounds the real concurrency.
    await Promise.all(
      documentFiles.map(async (path) =>
        outcomes.set(path, await extractBytes(new Uint8Array(readFileSync(path)), basename(path))),
      ),
    );
  }, 60_000);

  it.skipIf(!hasCorpus)('has documents to test', () => {
    expect(documentFiles.length).toBeGreaterThan(20);
  });

  it.skipIf(!hasCorpus).each(documentFiles.map((path) => [relative(corpusDir, path), path]))(
    '%s yields text or a permanent, clearly worded error',
    (_name, path) => {
      const outcome = outcomes.get(path)!;
      if (outcome.ok) {
        expect(outcome.type).toBe(extname(path).slice(1).toLowerCase());
        expect(outcome.doc.text).toBe(outcome.doc.text.normalize('NFC'));
        expect(outcome.doc.text).not.toMatch(/\r| {2}|\n{3}|[ \t]\n/);
        expect(outcome.doc.via).toBe('in-process');
        if (outcome.type === 'pdf') expect(outcome.doc.pages).toBeGreaterThan(0);
      } else {
        expectPermanentFailure(outcome);
      }
    },
  );

  it.skipIf(!hasCorpus).each(otherFiles.map((path) => [relative(corpusDir, path), path]))(
    '%s is not a document',
    async (_name, path) => {
      expect(await detectDocumentType(new Uint8Array(readFileSync(path)))).toBeUndefined();
    },
  );

  describe.skipIf(!hasCorpus)('Europass edge-case PDFs end sensibly', () => {
    const edge = (name: string): Outcome => outcomes.get(corpusPath(`europass-official/ewa-edge-case-pdfs/${name}`))!;

    it('password.pdf is password-protected', () => {
      expectPermanentFailure(edge('password.pdf'), /^The PDF is password-protected\.$/);
    });
    it('locked.pdf uses an encryption pdf.js does not support', () => {
      expectPermanentFailure(edge('locked.pdf'), /encrypt/i);
    });
    it('empty.pdf (zero bytes) is not detected and is "empty"', () => {
      expect(edge('empty.pdf').type).toBeUndefined();
      expectPermanentFailure(edge('empty.pdf'), /^The file is empty\.$/);
    });
    it('PDFs that forbid extraction, forms and odd producers still give text', () => {
      for (const name of [
        'extraction-not-allowed.pdf',
        'extraction-not-allowed-bg.pdf',
        'extraction-not-allowed-font.pdf',
        'form.pdf',
        'jvmcrash.pdf',
        'weird.pdf',
        'sample.pdf',
      ]) {
        expectText(edge(name));
      }
    });
    it('a PDF without any text says it may be a scanned image', () => {
      expectPermanentFailure(
        outcomes.get(corpusPath('europass-official/ewa-tests/emptyDoc.pdf'))!,
        /no extractable text \(it may be a scanned image\)/,
      );
    });
  });

  describe.skipIf(!hasCorpus)('content', () => {
    const words = (text: string): Set<string> => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
    // soupboss-cc0 ships each CV as both PDF and DOCX (hr-helper's sample_resume pair is two different people).
    const pairs = documentFiles.filter(
      (path) =>
        path.includes('soupboss-cc0') &&
        path.endsWith('.docx') &&
        documentFiles.includes(path.replace(/\.docx$/, '.pdf')),
    );

    it('has PDF/DOCX pairs of the same CV', () => {
      expect(pairs.map((path) => basename(path))).toContain('01-Accountant.docx');
    });

    it.each(pairs.map((path) => [basename(path, '.docx'), path]))(
      '%s: the PDF and the DOCX share most words',
      (_name, docxPath) => {
        const docx = words(expectText(outcomes.get(docxPath)!).text);
        const pdf = words(expectText(outcomes.get(docxPath.replace(/\.docx$/, '.pdf'))!).text);
        const shared = [...docx].filter((word) => pdf.has(word)).length;
        expect(shared / Math.max(docx.size, pdf.size)).toBeGreaterThan(0.9);
      },
    );

    it('keeps lines: section headings stand on their own line in both formats', () => {
      for (const ext of ['pdf', 'docx']) {
        const lines = expectText(outcomes.get(corpusPath(`soupboss-cc0/01-Accountant.${ext}`))!).text.split('\n');
        expect(lines).toEqual(expect.arrayContaining(['Ebony Moore', 'Summary', 'Education', 'Experience']));
        expect(lines.length).toBeGreaterThan(20);
      }
    });

    it('separates the Europass label column from its value with a tab', () => {
      const { text } = expectText(outcomes.get(corpusPath('europass-official/CV-Europass-20171212-Smith-EN.pdf'))!);
      expect(text.split('\n')).toContain('PERSONAL INFORMATION\tBetty Smith');
    });

    it('returns the Europass XML a Europass PDF carries (named attachment and annotation forms)', () => {
      for (const name of [
        'CV-Europass-20171212-Smith-EN.pdf',
        'ewa-tests/Europass-CV-20130618-Emmanouilidi-EN.pdf',
        'ewa-tests/Europass-CV-130619-Emmanouilidi.pdf',
      ]) {
        const doc = expectText(outcomes.get(corpusPath(`europass-official/${name}`))!);
        expect(doc.europassXml, name).toMatch(/^<\?xml/);
        expect(doc.europassXml).toMatch(/SkillsPassport|europass/i);
      }
      expect(
        expectText(outcomes.get(corpusPath('europass-official/CV-Europass-20171212-Smith-EN.pdf'))!).europassXml,
      ).toContain('Betty');
      expect(
        expectText(outcomes.get(corpusPath('europass-official/ewa-tests/no-attachments.pdf'))!).europassXml,
      ).toBeUndefined();
      expect(expectText(outcomes.get(corpusPath('soupboss-cc0/01-Accountant.pdf'))!).europassXml).toBeUndefined();
    });

    it('reads legacy Word DOC files', () => {
      const { text, pages } = expectText(outcomes.get(corpusPath('legacy-doc/hackyourfuture_Sample_CV_1.doc'))!);
      expect(text.split('\n')[0]).toBe('Ji Darwish');
      expect(pages).toBeUndefined();
    });

    it('detects by content, never by name: the corpus PDF renamed .docx is a PDF', async () => {
      const outcome = await extractBytes(
        new Uint8Array(readFileSync(corpusPath('soupboss-cc0/01-Accountant.pdf'))),
        'cv.docx',
      );
      expect(outcome.type).toBe('pdf');
      expect(expectText(outcome).text).toContain('Ebony Moore');
    });

    it('a truncated real PDF gives partial text or a permanent "corrupt" error, never a hang', async () => {
      const bytes = readFileSync(corpusPath('soupboss-cc0/01-Accountant.pdf'));
      const outcome = await extractBytes(new Uint8Array(bytes.subarray(0, Math.floor(bytes.length / 2))));
      expect(outcome.type).toBe('pdf');
      if (!outcome.ok) expectPermanentFailure(outcome, /corrupt or truncated|no extractable text/);
    });
  });
});

describe('generated fixtures', () => {
  const cv = buildPdf({
    blocks: [
      ['Jane Doe', 'Software Engineer'],
      ['Experience', 'Acme Corp (2020 - 2024)'],
    ],
  });

  it('a minimal PDF keeps its lines and its paragraph break', async () => {
    const doc = expectText(await extractBytes(cv));
    expect(doc.text).toBe('Jane Doe\nSoftware Engineer\n\nExperience\nAcme Corp (2020 - 2024)');
    expect(doc.pages).toBe(1);
    expect(doc.europassXml).toBeUndefined();
  });

  it('a PDF named .docx is detected and read as a PDF', async () => {
    const outcome = await extractBytes(cv, 'resume.docx');
    expect(outcome.type).toBe('pdf');
    expect(expectText(outcome).text).toContain('Jane Doe');
  });

  it('a PDF attachment that looks like Europass XML comes back as europassXml; other XML does not', async () => {
    const europass =
      '<?xml version="1.0" encoding="UTF-8"?><SkillsPassport xmlns="http://europass.cedefop.europa.eu/Europass"/>';
    const withXml = expectText(
      await extractBytes(
        buildPdf({ blocks: [['Jane Doe']], attachment: { name: 'Europass-XML-Attachment.xml', content: europass } }),
      ),
    );
    expect(withXml.europassXml).toBe(europass);
    const other = expectText(
      await extractBytes(
        buildPdf({
          blocks: [['Jane Doe']],
          attachment: { name: 'invoice.xml', content: '<?xml version="1.0"?><invoice/>' },
        }),
      ),
    );
    expect(other.europassXml).toBeUndefined();
  });

  it('an empty file is not a document, and extracting it says so', async () => {
    expect(await detectDocumentType(new Uint8Array())).toBeUndefined();
    for (const type of ['pdf', 'docx', 'doc'] as const) {
      const error = await extractor
        .extract({ bytes: new Uint8Array(), type, filename: `x.${type}` })
        .catch((e: unknown) => e);
      expectPermanentFailure({ ok: false, type: undefined, error }, /^The file is empty\.$/);
    }
  });

  it('a truncated PDF ends with text or a permanent error', async () => {
    for (const cut of [0.3, 0.6, 0.9]) {
      const outcome = await extractBytes(cv.subarray(0, Math.floor(cv.length * cut)));
      expect(outcome.type).toBe('pdf');
      if (!outcome.ok) expectPermanentFailure(outcome, /corrupt or truncated|no extractable text/);
    }
  });

  it('a PDF with no text layer says it may be a scanned image', async () => {
    expectPermanentFailure(
      await extractBytes(buildPdf({ blocks: [] })),
      /^The PDF has no extractable text \(it may be a scanned image\)\.$/,
    );
  });

  it('a minimal DOCX: one line per paragraph, an empty paragraph is a blank line', async () => {
    const outcome = await extractBytes(
      buildDocx(['Jane  Doe', 'Software Engineer', '', '', 'Experience', 'Acme Corp & Co']),
    );
    expect(outcome.type).toBe('docx');
    expect(expectText(outcome).text).toBe('Jane Doe\nSoftware Engineer\n\nExperience\nAcme Corp & Co');
  });

  it('a DOCX without text says so', async () => {
    expectPermanentFailure(await extractBytes(buildDocx(['', ' '])), /^The DOCX has no extractable text\.$/);
  });

  it('a zip bomb DOCX declaring 300 MB is refused before parsing', async () => {
    const bomb = buildZipBombDocx(300);
    expect(bomb.length).toBeLessThan(1024 * 1024); // ~1000:1
    const outcome = await extractBytes(bomb);
    expect(outcome.type).toBe('docx');
    expectPermanentFailure(outcome, /^The DOCX expands to more than 200 MB \(possible zip bomb\)\.$/);
  });

  it('a zip bomb DOCX under the size limit is refused for its compression ratio', async () => {
    expectPermanentFailure(
      await extractBytes(buildZipBombDocx(50)),
      /compressed \d+ to 1, more than 100 to 1 \(possible zip bomb\)/,
    );
  });

  it('a zip bomb DOCX whose directory lies about its size is caught while inflating', async () => {
    expectPermanentFailure(
      await extractBytes(buildZipBombDocx(150, 10_000)),
      /^The DOCX expands beyond the sizes it declares \(possible zip bomb\)\.$/,
    );
  });

  it("maxUnzippedBytes is the caller's to choose", async () => {
    const strict = createTextExtractor({ maxUnzippedBytes: 100, concurrency: 1 });
    try {
      const error = await strict
        .extract({ bytes: buildDocx(['Jane Doe']), type: 'docx', filename: 'cv.docx' })
        .catch((e: unknown) => e);
      expectPermanentFailure(
        { ok: false, type: 'docx', error },
        /^The DOCX expands to more than 100 bytes \(possible zip bomb\)\.$/,
      );
    } finally {
      await strict.close();
    }
  });

  it('a DOCX cut short is still a DOCX, and fails as corrupt or truncated', async () => {
    const docx = buildDocx(['Jane Doe']);
    const outcome = await extractBytes(docx.subarray(0, docx.length - 30));
    expect(outcome.type).toBe('docx');
    expectPermanentFailure(outcome, /^The file is corrupt or truncated: .+\.$/);
  });

  it('a zip that is not a Word document is not DOCX (plain zip, xlsx, odt)', async () => {
    expect(await detectDocumentType(buildZip([{ name: 'cv.txt', data: Buffer.from('Jane Doe') }]))).toBeUndefined();
    expect(
      await detectDocumentType(buildZip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }])),
    ).toBeUndefined();
    expect(await detectDocumentType(buildXlsx())).toBeUndefined();
    expect(await detectDocumentType(buildOdt())).toBeUndefined();
  });

  it('a compound file is DOC only with a WordDocument stream', async () => {
    expect(await detectDocumentType(buildCompoundFile(['WordDocument', '1Table']))).toBe('doc');
    expect(await detectDocumentType(buildCompoundFile(['Workbook']))).toBeUndefined();
    expect(await detectDocumentType(buildCompoundFile(['SummaryInformation']))).toBeUndefined();
  });

  it('a Word compound file without a readable document fails as corrupt', async () => {
    expectPermanentFailure(
      await extractBytes(buildCompoundFile(['WordDocument'])),
      /^The file is corrupt or truncated/,
    );
  });

  it('a password-protected DOCX (an encrypted OOXML package) says it is password-protected', async () => {
    const outcome = await extractBytes(buildCompoundFile(['EncryptionInfo', 'EncryptedPackage']));
    expect(outcome.type).toBe('docx');
    expectPermanentFailure(outcome, /^The DOCX is password-protected\.$/);
  });

  it('text, images and random bytes are not documents', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a80000000049454e44ae426082',
      'hex',
    );
    for (const bytes of [
      Buffer.from('Jane Doe\nSoftware Engineer\n'),
      Buffer.from('<?xml version="1.0"?><SkillsPassport/>'),
      Buffer.from('{"name":"Jane"}'),
      png,
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0]),
    ]) {
      expect(await detectDocumentType(bytes)).toBeUndefined();
    }
  });
});
