import { describe, expect, it } from 'vitest';
import { removeNul } from './json.js';

describe('removeNul', () => {
  it('removes U+0000 from every string, however deep, and leaves everything else', () => {
    let deep: unknown = 'a\u0000b';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let inner: unknown = removeNul(deep);
    for (let i = 0; i < 100_000; i++) inner = (inner as unknown[])[0];
    expect(inner).toBe('ab');
    expect(removeNul({ name: 'Jane\u0000 Roe', tags: ['x\u0000', 1, null, true], nested: { ok: 'fine' } })).toEqual({
      name: 'Jane Roe',
      tags: ['x', 1, null, true],
      nested: { ok: 'fine' },
    });
    expect(removeNul('\u0000')).toBe('');
  });
});
