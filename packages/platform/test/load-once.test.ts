import { describe, expect, it } from 'vitest';
import { loadOnce } from '../src/llm.js';

describe('loadOnce (how the optional LangChain models are loaded)', () => {
  it('loads once for every caller, and loads again after a failure', async () => {
    let loads = 0;
    let fail = true;
    const get = loadOnce(async () => {
      loads++;
      if (fail) throw new Error('endpoint module missing');
      return { model: loads };
    });
    await expect(Promise.all([get(), get()])).rejects.toThrow('endpoint module missing');
    expect(loads).toBe(1);
    fail = false;
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toEqual({ model: 2 });
    expect(loads).toBe(2);
  });
});
