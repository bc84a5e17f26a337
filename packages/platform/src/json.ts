/**
 * U+0000 carries no meaning in text and PostgreSQL cannot store it (text and jsonb refuse it). Removes it from
 * every string of a JSON-like value, in place and without recursion (bodies may be deep), and returns the value.
 */
export function removeNul<T>(value: T): T {
  const clean = (v: unknown) => (typeof v === 'string' && v.includes('\u0000') ? v.replaceAll('\u0000', '') : v);
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      record[key] = clean(record[key]);
      stack.push(record[key]);
    }
  }
  return clean(value) as T;
}
