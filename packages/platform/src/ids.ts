/**
 * A UUID in its canonical text form, any version, either case: the id format of every entity of the platform.
 * Both cases are spelt out rather than flagged `/i`: the source is published as a JSON Schema `pattern` in the
 * OpenAPI document, where a flag cannot be expressed (it would end up as a literal `/i` no id matches).
 */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
