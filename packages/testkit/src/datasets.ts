/**
 * Readers of the public datasets in ../shared/data (see its README) for tests, evals and benchmarks: one place
 * that knows their formats.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** RFC 4180-style CSV: quoted cells may hold separators, newlines and doubled quotes. */
export function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A dotin-train CV: its text without the label tags, and the labelled spans by label type. */
export interface LabelledCv {
  /** File name, e.g. `1.xml`. */
  file: string;
  text: string;
  labels: Map<string, string[]>;
}

// Some dotin texts are Python byte-string dumps ("\xe2\x80\xa2") inside XML: both layers are decoded.
function decodeDotin(s: string): string {
  return s
    .replace(/(?:\\x[0-9a-fA-F]{2})+/g, (m) =>
      Buffer.from(
        m
          .split('\\x')
          .filter(Boolean)
          .map((h) => parseInt(h, 16)),
      ).toString('utf8'),
    )
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The labelled CVs of `cvs/dotin-train` (numeric file order); [] when the folder is absent. */
export function readDotinCvs(dir: string): LabelledCv[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.xml'))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
    .map((file) => {
      const body = readFileSync(join(dir, file), 'utf8')
        .replace(/^[\s\S]*?<cv>\s*/, '')
        .replace(/\s*<\/cv>[\s\S]*$/, '');
      const labels = new Map<string, string[]>();
      for (const m of body.matchAll(/<label type="([^"]+)">([\s\S]*?)<\/label>/g)) {
        labels.set(m[1]!, [...(labels.get(m[1]!) ?? []), decodeDotin(m[2]!).replace(/\s+/g, ' ').trim()]);
      }
      let text = decodeDotin(body.replace(/<\/?label[^>]*>/g, '')).trim();
      if (text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
      return { file, text, labels };
    });
}

/** A row of `jobs/google-careers-1250.csv`, cells trimmed; the three text columns keep their lines. */
export interface CareersJob {
  company: string;
  title: string;
  category: string;
  location: string;
  responsibilities: string;
  minimum: string;
  preferred: string;
}

/** The postings of the google-careers CSV (semicolon-separated, header skipped); [] when the file is absent. */
export function readGoogleCareersJobs(file: string): CareersJob[] {
  if (!existsSync(file)) return [];
  return parseCsv(readFileSync(file, 'utf8'), ';')
    .slice(1)
    .filter((r) => r.length === 7)
    .map(([company, title, category, location, responsibilities, minimum, preferred]) => ({
      company: company!.trim(),
      title: title!.trim(),
      category: category!.trim(),
      location: location!.trim(),
      responsibilities: responsibilities!,
      minimum: minimum!,
      preferred: preferred!,
    }));
}
