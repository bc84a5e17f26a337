/* eslint-disable @typescript-eslint/no-explicit-any -- parsed YAML and JSON schema are untyped */
// The chart README documents every value, and values.schema.json covers every value.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { chartDir } from './helpers.js';
import { TABLE_END, TABLE_START, valueRows, valuesTable } from './values-doc.js';

const valuesText = readFileSync(join(chartDir, 'values.yaml'), 'utf8');
const readmePath = join(chartDir, 'README.md');

describe('chart documentation', () => {
  it('documents every value in values.yaml with a "# --" comment', () => {
    expect(valueRows(valuesText).undocumented).toEqual([]);
  });

  it('README.md carries the current values table', () => {
    const readme = readFileSync(readmePath, 'utf8');
    const start = readme.indexOf(TABLE_START);
    const end = readme.indexOf(TABLE_END);
    expect(start, 'README.md has the values table markers').toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(start);
    const current = readme.slice(start + TABLE_START.length, end).trim();
    const expected = valuesTable(valuesText);
    if (current !== expected && process.env.UPDATE_CHART_README === '1') {
      writeFileSync(readmePath, `${readme.slice(0, start + TABLE_START.length)}\n${expected}\n${readme.slice(end)}`);
      return;
    }
    expect(
      current,
      'values table is stale: run UPDATE_CHART_README=1 node_modules/.bin/vitest run charts/talent/tests/docs.test.ts',
    ).toBe(expected);
  });

  it('values.schema.json declares every key of values.yaml', () => {
    const schema = JSON.parse(readFileSync(join(chartDir, 'values.schema.json'), 'utf8'));
    const resolve = (s: any): any => (s?.$ref ? resolve(schema.definitions[s.$ref.split('/').pop()]) : s);
    const missing: string[] = [];
    const walk = (value: unknown, s: any, path: string) => {
      s = resolve(s);
      if (!s) return void missing.push(path);
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        if (s.additionalProperties !== false && !s.properties) return; // free-form maps (labels, annotations)
        expect(s.additionalProperties, `${path || '(root)'} must reject unknown keys`).toBe(false);
        for (const [k, v] of Object.entries(value)) {
          const child = s.properties?.[k];
          if (!child) missing.push(`${path}${k}`);
          else walk(v, child, `${path}${k}.`);
        }
      }
    };
    walk(parse(valuesText), schema, '');
    expect(missing).toEqual([]);
  });
});
