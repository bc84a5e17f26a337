// A UTF-16 half of a surrogate pair standing alone (a string cut in the middle of an emoji, say).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A string PostgreSQL can store in text and jsonb alike: without U+0000 (meaningless in text, refused by both) and
 * with each lone surrogate (refused by jsonb) replaced by U+FFFD, as a UTF-8 encoder would.
 */
export function storableText(text: string): string {
  const withoutNul = text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
  return withoutNul.replace(LONE_SURROGATE, '\ufffd');
}

/** `storableText` applied to every string of a JSON-like value, in place and without recursion (bodies may be deep). */
export function storableJson<T>(value: T): T {
  const clean = (v: unknown) => (typeof v === 'string' ? storableText(v) : v);
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
