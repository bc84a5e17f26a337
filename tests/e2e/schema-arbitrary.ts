import fc from 'fast-check';
import { deref, typeOf, type JsonSchema, type OpenApiDocument } from './openapi-walk.js';

/**
 * fast-check arbitraries from the JSON schemas of the OpenAPI document: values the schema accepts, and the same
 * values with any node replaced by a hostile one (wrong type, huge, unicode edge case, prototype-pollution key).
 */

/** Characters that break naive code: lone surrogates, RTL override, zero-width, NUL, BOM, combining marks. */
export const UNICODE_EDGES = ['\uD800', '\uDFFF', 'a\uD83D', '\u202E', '\u200B\u200D', '\u0000', '\uFEFF', 'e\u0301\u0301\u0301', '𝕏🧑‍💻', '\u2028\u2029', '%00', '../../etc/passwd', "'; DROP TABLE x;--"];
export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'];

/** A huge string: past every documented length limit, not past the body limits. */
const huge = fc.constantFrom('x'.repeat(200_000), 'é'.repeat(120_000), '\uD800'.repeat(50_000));

/** Values of the wrong type or shape for almost any field. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, -0, 1.5, 1e308, -1e308, 2 ** 53 + 1, '', ' ', '0', 'true', 'null', [], {}, [null], { '': '' }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 8 }),
);

/** Objects built with prototype-pollution keys as own properties (JSON.parse keeps `__proto__` as data). */
const polluted: fc.Arbitrary<unknown> = fc
  .constantFrom(...POLLUTION_KEYS)
  .chain((key) =>
    fc.constantFrom(
      JSON.parse(`{"${key}": {"polluted": true, "isAdmin": true}}`) as unknown,
      JSON.parse(`{"${key}": {"prototype": {"polluted": true}}}`) as unknown,
      JSON.parse(`{"${key}": null}`) as unknown,
    ),
  );

/** A structure `depth` levels deep, built iteratively (recursion would fail first in the test). */
export function deeplyNested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: wrongType },
  { weight: 2, arbitrary: fc.constantFrom(...UNICODE_EDGES) },
  { weight: 1, arbitrary: huge },
  { weight: 2, arbitrary: polluted },
  { weight: 1, arbitrary: fc.constantFrom(deeplyNested(500, 'array'), deeplyNested(500, 'object')) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...UNICODE_EDGES), { minLength: 1, maxLength: 3 }) },
);

/** Strings: mostly ordinary, sometimes unicode edge cases, within the schema's length bounds. */
function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    try {
      const pattern = new RegExp(schema.pattern);
      return fc.stringMatching(pattern).filter((s) => s.length <= (schema.maxLength ?? Infinity) && s.length <= 200);
    } catch {
      // An invalid pattern in the document: generate plain strings (the document test reports the pattern).
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, 60));
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.constantFrom(...UNICODE_EDGES).map((edge) => edge.padEnd(minLength, 'x')) },
  );
}

export interface ArbitraryOptions {
  /** Chance-weight of a hostile value at each node (0: only valid values). */
  hostility: number;
  /** Values preferred for fields declared UUIDs (real ids of the workspace, so lookups find something). */
  knownIds?: string[];
  /** Arrays exactly as long as the schema allows (`maxItems`, at most 10,000) instead of a few items. */
  fullArrays?: boolean;
}

/** An arbitrary of the values `schema` describes, each node possibly hostile. */
export function arbitraryOf(document: OpenApiDocument, schema: JsonSchema, options: ArbitraryOptions, depth = 0): fc.Arbitrary<unknown> {
  const valid = validOf(document, deref(document, schema), options, depth);
  if (options.hostility <= 0) return valid;
  return fc.oneof({ weight: 10, arbitrary: valid }, { weight: options.hostility, arbitrary: hostileValue });
}

function validOf(document: OpenApiDocument, schema: JsonSchema, options: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => arbitraryOf(document, alternative, options, depth + 1)));
  if (schema.allOf?.length) return arbitraryOf(document, Object.assign({}, ...schema.allOf.map((part) => deref(document, part))) as JsonSchema, options, depth + 1);
  switch (typeOf(schema)) {
    case 'string':
      if (schema.format === 'uuid' && options.knownIds?.length) return fc.oneof(fc.uuid(), fc.constantFrom(...options.knownIds));
      return stringOf(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000, max: Math.min(schema.maximum ?? 1_000_000, 2_147_483_647) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const longest = options.fullArrays ? Math.min(schema.maxItems ?? 4, 10_000) : undefined;
      const minLength = longest ?? schema.minItems ?? 0;
      const maxLength = longest ?? Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(arbitraryOf(document, schema.items ?? {}, options, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      if (depth > 8) return fc.constant({});
      const properties = schema.properties ?? {};
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, arbitraryOf(document, property, options, depth + 1)])),
        { requiredKeys: (schema.required ?? []).filter((name) => name in properties) },
      );
      if (options.hostility <= 0) return record;
      // Sometimes an unknown or prototype-pollution key beside the documented ones.
      return fc.tuple(record, fc.option(fc.constantFrom(...POLLUTION_KEYS, 'unexpected'), { freq: 3 }), hostileValue).map(([value, key, extra]) => {
        if (key === null) return value;
        // Spliced into the serialised object, so the comma follows what JSON writes (keys holding `undefined` vanish).
        const json = JSON.stringify(value);
        const pair = `${JSON.stringify(key)}:${JSON.stringify(extra) ?? 'null'}`;
        return JSON.parse(json === '{}' ? `{${pair}}` : json.replace(/^\{/, `{${pair},`)) as unknown;
      });
    }
    default:
      return fc.oneof(wrongType, fc.jsonValue({ maxDepth: 2 }));
  }
}
