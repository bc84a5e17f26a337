import { describe, expect, it } from 'vitest';
import { storableJson, storableText } from './json.js';

describe('storable text', () => {
  it('drops U+0000 and replaces lone surrogates with U+FFFD, keeping surrogate pairs', () => {
    expect(storableText('Jane\u0000 Roe')).toBe('Jane Roe');
    expect(storableText('cut \ud83d')).toBe('cut \ufffd');
    expect(storableText('\udca9 first')).toBe('\ufffd first');
    expect(storableText('whole 💩 emoji')).toBe('whole 💩 emoji');
  });

  it('cleans every string of a value, however deep, and leaves everything else', () => {
    let deep: unknown = 'a\u0000b';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let inner: unknown = storableJson(deep);
    for (let i = 0; i < 100_000; i++) inner = (inner as unknown[])[0];
    expect(inner).toBe('ab');
    expect(storableJson({ name: 'Jane\u0000 Roe', tags: ['x\ud800', 1, null, true], nested: { ok: 'fine' } })).toEqual({
      name: 'Jane Roe',
      tags: ['x\ufffd', 1, null, true],
      nested: { ok: 'fine' },
    });
  });
});
