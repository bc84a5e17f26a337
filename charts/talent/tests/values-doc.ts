/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests and parsed YAML are untyped JSON */
// Generates the values table of charts/talent/README.md from the "# --" comments of values.yaml
// (helm-docs convention). docs.test.ts checks that the README is current; refresh it with
//   UPDATE_CHART_README=1 node_modules/.bin/vitest run charts/talent/tests/docs.test.ts
import { isMap, isScalar, parseDocument, type Pair, type YAMLMap } from 'yaml';

export interface ValueRow {
  key: string;
  type: string;
  default: unknown;
  description: string;
}

function description(comment: string | null | undefined): string | undefined {
  if (!comment) return undefined;
  const lines = comment.split('\n').map((l) => l.trim());
  const start = lines.map((l) => l.startsWith('-- ')).lastIndexOf(true);
  if (start < 0) return undefined;
  return lines.slice(start).join(' ').slice(3).trim();
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** Rows for every documented key; `undocumented` lists leaves without a "# --" comment. */
export function valueRows(valuesYaml: string): { rows: ValueRow[]; undocumented: string[] } {
  const doc = parseDocument(valuesYaml);
  const rows: ValueRow[] = [];
  const undocumented: string[] = [];
  const walk = (map: YAMLMap, prefix: string) => {
    map.items.forEach((pair: Pair, index) => {
      const key = `${prefix}${isScalar(pair.key) ? String(pair.key.value) : String(pair.key)}`;
      const own = isScalar(pair.key) ? pair.key.commentBefore : undefined;
      const text = description(own) ?? (index === 0 ? description(map.commentBefore) : undefined);
      const value =
        isMap(pair.value) || isScalar(pair.value) || pair.value ? ((pair.value as any).toJSON?.() ?? null) : null;
      if (text) {
        rows.push({ key, type: typeOf(value), default: value, description: text });
      } else if (isMap(pair.value) && pair.value.items.length > 0) {
        walk(pair.value, `${key}.`);
      } else {
        undocumented.push(key);
      }
    });
  };
  if (isMap(doc.contents)) walk(doc.contents, '');
  return { rows, undocumented };
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function valuesTable(valuesYaml: string): string {
  const { rows } = valueRows(valuesYaml);
  const lines = ['| Key | Type | Default | Description |', '|-----|------|---------|-------------|'];
  for (const r of rows) {
    lines.push(`| \`${r.key}\` | ${r.type} | \`${cell(JSON.stringify(r.default))}\` | ${cell(r.description)} |`);
  }
  return lines.join('\n');
}

export const TABLE_START = '<!-- values-table:start (generated from values.yaml by tests/values-doc.ts) -->';
export const TABLE_END = '<!-- values-table:end -->';
