import { parse } from 'csv-parse/sync';
import { ImportError } from './import-error.js';

export interface CsvRow {
  /** 1-based line of the row's first physical line. */
  line: number;
  cells: Record<string, string>;
}

/**
 * Parses a CSV file whose header is the first line that starts with `headerStart` (some exports put metadata
 * lines above it). Cells may hold quoted newlines. Errors become ImportErrors naming file and line.
 */
export function readCsv(file: string, text: string, options: { headerStart?: string; required: string[] }): CsvRow[] {
  const body = text.replace(/^\uFEFF/, '');
  let skippedLines = 0;
  let content = body;
  if (options.headerStart) {
    const at = body.search(new RegExp(`^${escapeRegExp(options.headerStart)}`, 'm'));
    if (at < 0) throw new ImportError(file, undefined, `no header line starting with "${options.headerStart}"`);
    skippedLines = body.slice(0, at).split('\n').length - 1;
    content = body.slice(at);
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(content, { info: true, relax_column_count: false, skip_empty_lines: true }) as unknown as typeof records;
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    throw new ImportError(file, lines === undefined ? undefined : lines + skippedLines, `malformed CSV: ${(error as Error).message}`);
  }
  const [header, ...rows] = records;
  if (!header) throw new ImportError(file, undefined, 'empty file');
  const columns = header.record.map((name) => name.trim());
  const missing = options.required.filter((name) => !columns.includes(name));
  if (missing.length > 0) throw new ImportError(file, header.info.lines + skippedLines, `missing column(s) ${missing.join(', ')}`);
  // csv-parse reports the line a record ends on; the start line is the end of the previous record + 1.
  let previousEnd = header.info.lines;
  return rows.map(({ record, info }) => {
    const cells: Record<string, string> = {};
    columns.forEach((name, i) => (cells[name] = record[i] ?? ''));
    const line = previousEnd + 1 + skippedLines;
    previousEnd = info.lines;
    return { line, cells };
  });
}

/** The first line of a file (to recognise its layout). */
export function firstLines(text: string, count: number): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r?\n/, count);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Line-based reader for mapping tables, taking only the leading `count` cells of each line. The national
 * mapping tables are one record per line, and some carry stray quotes in later columns ("…(Werkzeugmaschinen)"")
 * that a strict parser rejects; the columns we use are read strictly.
 */
export function readLeadingCells(file: string, text: string, headerStart: string, count: number): { line: number; cells: string[] }[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerAt = lines.findIndex((line) => line.startsWith(headerStart));
  if (headerAt < 0) throw new ImportError(file, undefined, `no header line starting with "${headerStart}"`);
  const rows: { line: number; cells: string[] }[] = [];
  for (let i = headerAt + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.replace(/,/g, '').trim()) continue;
    const cells = leadingCells(line, count);
    if (!cells) throw new ImportError(file, i + 1, `cannot read the first ${count} columns`);
    rows.push({ line: i + 1, cells });
  }
  return rows;
}

function leadingCells(line: string, count: number): string[] | undefined {
  const cells: string[] = [];
  let at = 0;
  while (cells.length < count) {
    if (line[at] === '"') {
      let value = '';
      let i = at + 1;
      for (;;) {
        const quote = line.indexOf('"', i);
        if (quote < 0) return undefined;
        value += line.slice(i, quote);
        if (line[quote + 1] === '"' && line[quote + 2] !== ',' && quote + 2 < line.length) {
          value += '"';
          i = quote + 2;
          continue;
        }
        at = quote + 1;
        break;
      }
      cells.push(value);
      if (cells.length < count && line[at] !== ',') return undefined;
      at++;
    } else {
      const comma = line.indexOf(',', at);
      cells.push(comma < 0 ? line.slice(at) : line.slice(at, comma));
      if (comma < 0) break;
      at = comma + 1;
    }
  }
  return cells.length === count ? cells : undefined;
}
