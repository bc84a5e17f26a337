import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { E2eStack } from './harness.js';

/**
 * The served OpenAPI document as the hardening tests walk it: every operation with its parameters, request
 * body and documented responses, so a route registered later is exercised without anyone listing it here.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  description?: string;
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface OperationObject {
  operationId: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface ApiOperation {
  method: string;
  /** The path template, e.g. `/cvs/{id}`. */
  path: string;
  operationId: string;
  /** No `x-api-key` needed. */
  public: boolean;
  parameters: Parameter[];
  body?: { mediaType: string; schema: JsonSchema };
  /** Documented statuses: `200`, `400`, … */
  statuses: string[];
  raw: OperationObject;
}

export const label = (operation: Pick<ApiOperation, 'method' | 'path'>) => `${operation.method.toUpperCase()} ${operation.path}`;

export async function fetchOpenApi(e2e: E2eStack): Promise<OpenApiDocument> {
  const response = await e2e.request('/openapi.json');
  if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

export function operationsOf(document: OpenApiDocument): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const content = raw.requestBody?.content ?? {};
      const mediaType = Object.keys(content)[0];
      operations.push({
        method,
        path,
        operationId: raw.operationId,
        public: Array.isArray(raw.security) && raw.security.length === 0,
        parameters: raw.parameters ?? [],
        ...(mediaType ? { body: { mediaType, schema: content[mediaType]!.schema } } : {}),
        statuses: Object.keys(raw.responses),
        raw,
      });
    }
  }
  return operations;
}

/** Follows `$ref`s into `components.schemas`. */
export function deref(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 20; hops++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = document.components.schemas[name];
    if (!target) throw new Error(`unresolved $ref ${current.$ref}`);
    current = target;
  }
  return current;
}

export const typeOf = (schema: JsonSchema): string | undefined => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type);

/** `/cvs/{id}` with `{ id: 'x y' }` → `/cvs/x%20y`. */
export const fillPath = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));

// ---------------------------------------------------------------------------------------------------------
// Ids

/** `id`, `ids`, `session_id`, `selected_ids`, `jobId`, `candidatesIds`, `sessionId`; not `paid` or `valid`. */
const ID_NAME = /(^|_)ids?$|[a-z]Ids?$/;

export interface IdField {
  location: 'path' | 'query' | 'body';
  /** `jobId`, `candidatesIds`, `hard_skills[].id`. */
  name: string;
  /** The value is an array of ids. */
  array: boolean;
}

/**
 * Every place an operation takes an id: path and query parameters, and body fields (nested ones included,
 * with `[]` for array items) whose name says id(s) or whose value is declared a UUID.
 */
export function idFieldsOf(document: OpenApiDocument, operation: ApiOperation): IdField[] {
  const fields: IdField[] = [];
  const isId = (name: string, schema: JsonSchema) => ID_NAME.test(name) || deref(document, schema).format === 'uuid';
  for (const parameter of operation.parameters) {
    if ((parameter.in === 'path' || parameter.in === 'query') && isId(parameter.name, parameter.schema)) {
      fields.push({ location: parameter.in, name: parameter.name, array: typeOf(parameter.schema) === 'array' });
    }
  }
  if (operation.body?.mediaType === 'application/json') {
    const walk = (schema: JsonSchema, prefix: string, depth: number) => {
      const resolved = deref(document, schema);
      if (depth > 6) return;
      for (const [name, property] of Object.entries(resolved.properties ?? {})) {
        const child = deref(document, property);
        const path = prefix ? `${prefix}.${name}` : name;
        const items = typeOf(child) === 'array' && child.items ? deref(document, child.items) : undefined;
        if (isId(name, child) || (items && items.format === 'uuid' && ID_NAME.test(name))) {
          fields.push({ location: 'body', name: path, array: Boolean(items) });
        } else if (items) walk(items, `${path}[]`, depth + 1);
        else if (typeOf(child) === 'object') walk(child, path, depth + 1);
      }
    };
    walk(operation.body.schema, '', 0);
  }
  return fields;
}

// ---------------------------------------------------------------------------------------------------------
// Documented answers

/**
 * Checks an answer against the document: a 2xx, or a status the operation documents whose JSON body has the
 * documented shape. Returns what is wrong, or undefined.
 */
export class ResponseContract {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
    this.ajv.addKeyword('example');
    this.ajv.addSchema({ $id: 'https://talent.invalid/openapi.json', components: document.components } as object);
  }

  problem(operation: ApiOperation, status: number, contentType: string, body: unknown): string | undefined {
    if (status >= 200 && status < 300) return undefined;
    const documented = operation.raw.responses[String(status)];
    if (!documented) return `status ${status} is not documented for ${label(operation)} (documented: ${operation.statuses.join(', ')})`;
    const schema = documented.content?.['application/json']?.schema;
    if (!schema) return undefined;
    if (!contentType.includes('application/json')) return `status ${status} answered ${contentType || 'no content type'}, not JSON`;
    const key = `${operation.operationId} ${status}`;
    let validate = this.validators.get(key);
    if (!validate) {
      const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"https://talent.invalid/openapi.json#/components/')) as object;
      validate = this.ajv.compile(rewritten);
      this.validators.set(key, validate);
    }
    if (validate(body)) return undefined;
    return `body of ${status} does not have the documented shape: ${this.ajv.errorsText(validate.errors)} — ${JSON.stringify(body).slice(0, 300)}`;
  }
}

/** Status, content type and body (JSON when it is JSON, else text) of an answer. */
export async function readAnswer(response: Response): Promise<{ status: number; contentType: string; body: unknown }> {
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('text/event-stream')) {
    // The stream's first event is enough: the status was decided before it started.
    await response.body?.cancel();
    return { status: response.status, contentType, body: undefined };
  }
  const text = await response.text();
  let body: unknown = text;
  if (contentType.includes('application/json')) {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = { unparsable: text.slice(0, 200) };
    }
  }
  return { status: response.status, contentType, body };
}
