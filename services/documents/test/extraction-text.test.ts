import { describe, expect, it } from 'vitest';
import { listCompoundFileStreams } from '../src/extraction/cfb.js';
import { paragraphsToLines } from '../src/extraction/docx.js';
import { normalizeText } from '../src/extraction/normalize.js';
import { rebuildLines, type TextRun } from '../src/extraction/pdf.js';
import { buildCompoundFile } from './fixtures/extraction/builders.js';

describe('normalizeText', () => {
  it('NFC, \\n line ends, single spaces, trimmed lines, at most one blank line', () => {
    expect(
      normalizeText('  Jose\u0301  Garci\u0301a \r\nSenior\u00a0\u00a0Engineer\r\r\n\n\n\nSkills\t \t Java  \n'),
    ).toBe('José García\nSenior Engineer\n\nSkills\tJava');
  });

  it('drops invisible and control characters but keeps tabs between columns', () => {
    expect(normalizeText('Nam\u00ade\u200b:\u0007\tJane\u0000 Doe\f')).toBe('Name:\tJane Doe');
  });

  it('an only-white-space text normalises to empty', () => {
    expect(normalizeText(' \n\t\r\n\u00a0')).toBe('');
  });
});

describe('rebuildLines (PDF text items → lines)', () => {
  const run = (str: string, x: number, y: number, width: number, hasEOL = false, size = 10): TextRun => ({
    str,
    transform: [size, 0, 0, size, x, y],
    width,
    height: size,
    hasEOL,
  });

  it('breaks lines on hasEOL and on a new baseline, paragraphs on a tall gap, columns on a wide gap', () => {
    const text = rebuildLines([
      run('WORK EXPERIENCE', 50, 700, 80),
      run(' ', 130, 700, 3),
      run('2019 – now', 160, 700, 50, true),
      run('Engineer at Acme', 160, 688, 80), // no EOL from the producer: the baseline moved
      run('Built things', 160, 676, 60, true),
      run('EDUCATION', 50, 640, 50, true), // 36 pt below: a paragraph break
      run('', 50, 640, 0, true),
      run('x', 50, 628, 5),
      run('2', 55, 631, 3), // a superscript stays on its line
    ]);
    expect(text).toBe('WORK EXPERIENCE\t2019 – now\nEngineer at Acme\nBuilt things\n\nEDUCATION\nx2');
  });

  it('an empty page is an empty string', () => {
    expect(rebuildLines([])).toBe('');
  });
});

describe('paragraphsToLines (mammoth raw text)', () => {
  it('one line per paragraph; an empty paragraph is a blank line', () => {
    expect(paragraphsToLines('Jane Doe\n\nEngineer\n\n\n\nSkills\n\n')).toBe('Jane Doe\nEngineer\n\nSkills');
  });
});

describe('listCompoundFileStreams', () => {
  it('lists stream names', () => {
    expect(listCompoundFileStreams(buildCompoundFile(['WordDocument', '1Table', 'SummaryInformation']))).toEqual([
      'WordDocument',
      '1Table',
      'SummaryInformation',
    ]);
  });

  it('survives hostile headers: a FAT chain looping on itself, sectors past the end, truncation', () => {
    const looping = buildCompoundFile(['WordDocument']);
    looping.writeUInt32LE(1, 512 + 4); // directory sector 1 → 1 → 1 …
    expect(listCompoundFileStreams(looping)).toEqual(['WordDocument']);

    const outside = buildCompoundFile(['WordDocument']);
    outside.writeUInt32LE(0xfffff, 0x30); // directory far past the end of the file
    outside.writeUInt32LE(0xffffffff, 0x2c); // "4 billion FAT sectors"
    expect(listCompoundFileStreams(outside)).toEqual([]);

    expect(listCompoundFileStreams(buildCompoundFile(['WordDocument']).subarray(0, 700))).toEqual([]);
    expect(listCompoundFileStreams(Buffer.from('not a compound file'))).toBeUndefined();
  });
});
