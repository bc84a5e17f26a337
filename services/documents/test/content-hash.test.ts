import { describe, expect, it } from 'vitest';
import { normaliseText, textHash } from '../src/tasks/content-hash.js';

describe('submitted texts', () => {
  it('are stored without control characters (PostgreSQL refuses U+0000), keeping tabs and line breaks', () => {
    const pasted = 'Jane Roe\r\nData\u0000 engineer\tBerlin\u0007 \ud83d\r\n';
    expect(normaliseText(pasted)).toBe('Jane Roe\nData engineer\tBerlin \ufffd');
  });

  it('count as the same content for `cache` whatever their line ends and stray control characters', () => {
    expect(textHash('Jane Roe\r\nData engineer\u0000')).toBe(textHash('Jane Roe\nData engineer'));
    expect(textHash('Jane Roe\nData engineer')).not.toBe(textHash('Jane Roe\nData scientist'));
  });
});
