import { z } from 'zod';

export type Reorder = (value: unknown) => unknown;

const identity: Reorder = (value) => value;

/**
 * A function that puts the keys of a value shaped like `schema` back in the schema's order, at every depth, and
 * leaves out keys the schema does not name (as parsing would). It checks nothing else: it is for values that were
 * validated against the schema when they were stored (jsonb keeps keys in its own order), and costs a walk
 * instead of a validation on every read.
 */
export function keyOrderOf(schema: z.ZodType): Reorder {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return keyOrderOf(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodArray) {
    const item = keyOrderOf(schema.element as z.ZodType);
    if (item === identity) return identity;
    return (value) => (Array.isArray(value) ? value.map(item) : value);
  }
  if (schema instanceof z.ZodObject) {
    const fields = Object.entries(schema.shape as Record<string, z.ZodType>).map(
      ([key, field]) => [key, keyOrderOf(field)] as const,
    );
    return (value) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
      const source = value as Record<string, unknown>;
      const ordered: Record<string, unknown> = {};
      for (const [key, reorder] of fields) {
        if (Object.hasOwn(source, key)) ordered[key] = reorder(source[key]);
      }
      return ordered;
    };
  }
  return identity;
}
