import { appendFileSync, existsSync, statSync } from 'node:fs';
import { extname } from 'node:path';

export type Format = 'jsonl' | 'csv' | 'json' | 'table';

/** One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: unknown): string {
  const text = value === undefined || value === null ? '' : typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return `${values.map(csvCell).join(',')}\n`;
}

/** Column layout of a table: each column as wide as its widest cell. */
export function table(header: string[], rows: unknown[][]): string {
  const cells = [header, ...rows.map((row) => row.map((v) => (v === undefined || v === null ? '' : String(v))))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  return cells.map((row) => row.map((cell, i) => (cell ?? '').padEnd(widths[i]!)).join('  ').trimEnd()).join('\n') + '\n';
}

/** Results appended one per line as they arrive (JSON Lines, or CSV by the file's extension), or to stdout. */
export class ResultWriter {
  readonly format: 'jsonl' | 'csv';
  private headerWritten: boolean;

  constructor(
    readonly path: string | undefined,
    private readonly columns: string[],
  ) {
    this.format = path && extname(path).toLowerCase() === '.csv' ? 'csv' : 'jsonl';
    this.headerWritten = path !== undefined && existsSync(path) && statSync(path).size > 0;
  }

  write(row: Record<string, unknown>): void {
    let text = '';
    if (this.format === 'csv') {
      if (!this.headerWritten) text += csvLine(this.columns);
      this.headerWritten = true;
      text += csvLine(this.columns.map((column) => row[column]));
    } else {
      text = `${JSON.stringify(row)}\n`;
    }
    if (this.path) appendFileSync(this.path, text);
    else process.stdout.write(text);
  }
}
