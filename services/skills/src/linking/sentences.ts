/** A sentence or list item of a text, with UTF-16 offsets. */
export interface Segment {
  start: number;
  end: number;
  text: string;
  /** The segment is a whole line on its own (a heading candidate). */
  wholeLine: boolean;
}

// Sentence ends: . ! ? ; followed by space; list bullets also start a new segment. "Node.js" (no space) stays whole.
const BREAK = /[.!?;](?=\s)|[•·▪●◦■►✓]|\s[-*–]\s/gu;

export function splitSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  let lineStart = 0;
  for (const line of text.split('\n')) {
    const lineEnd = lineStart + line.length;
    const pieces: [number, number][] = [];
    let pieceStart = lineStart;
    for (const match of line.matchAll(BREAK)) {
      const at = lineStart + match.index;
      const isEnd = /[.!?;]/.test(match[0]);
      pieces.push([pieceStart, isEnd ? at + 1 : at]);
      pieceStart = at + match[0].length;
    }
    pieces.push([pieceStart, lineEnd]);
    const single = pieces.filter(([s, e]) => text.slice(s, e).trim()).length === 1;
    for (const [s, e] of pieces) {
      const raw = text.slice(s, e);
      const trimmedStart = s + (raw.length - raw.trimStart().length);
      const trimmed = raw.trim();
      if (trimmed) segments.push({ start: trimmedStart, end: trimmedStart + trimmed.length, text: trimmed, wholeLine: single });
    }
    lineStart = lineEnd + 1;
  }
  return segments;
}
