import { z } from 'zod';

/** Reorders a value; `context` is handed to every override on the way (see keyOrderOf). */
export type Reorder<C = undefined> = (value: unknown, context?: C) => unknown;

/**
 * Reorders the values of one schema instead of the default walk; `reorder` is that default, so an override can
 * take the reordered copy (a new object, its own to change) and change it, e.g. replace a field in place.
 */
export type ReorderOverride<C> = (value: unknown, context: C | undefined, reorder: Reorder<C>) => unknown;

const identity: Reorder<unknown> = (value) => value;

/**
 * A function that puts the keys of a value shaped like `schema` back in the schema's order, at every depth, and
 * leaves out keys the schema does not name (as parsing would). It checks nothing else: it is for values that were
 * validated against the schema when they were stored (jsonb keeps keys in its own order), and costs a walk
 * instead of a validation on every read. Values of a schema in `overrides` (the same schema object) go through
 * its override, in the same walk.
 */
export function keyOrderOf<C = undefined>(
  schema: z.ZodType,
  overrides: ReadonlyMap<z.ZodType, ReorderOverride<C>> = new Map(),
): Reorder<C> {
  const override = overrides.get(schema);
  const own = ownKeyOrderOf(schema, overrides);
  if (!override) return own;
  return (value, context) => override(value, context, own);
}

function ownKeyOrderOf<C>(schema: z.ZodType, overrides: ReadonlyMap<z.ZodType, ReorderOverride<C>>): Reorder<C> {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return keyOrderOf(schema.unwrap() as z.ZodType, overrides);
  }
  if (schema instanceof z.ZodArray) {
    const item = keyOrderOf(schema.element as z.ZodType, overrides);
    if (item === identity) return identity;
    return (value, context) => (Array.isArray(value) ? value.map((element) => item(element, context)) : value);
  }
  if (schema instanceof z.ZodObject) {
    const fields = Object.entries(schema.shape as Record<string, z.ZodType>).map(
      ([key, field]) => [key, keyOrderOf(field, overrides)] as const,
    );
    return (value, context) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
      const source = value as Record<string, unknown>;
      const ordered: Record<string, unknown> = {};
      for (const [key, reorder] of fields) {
        if (Object.hasOwn(source, key)) ordered[key] = reorder(source[key], context);
      }
      return ordered;
    };
  }
  return identity;
}
