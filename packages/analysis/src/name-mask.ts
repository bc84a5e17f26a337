/**
 * Names that are not skills: a job's company and places. "Acme Logistics" or "Data Street" must not make
 * "logistics" or "data" a skill of the job, so their mentions are blanked before the text goes to the linker
 * (same length, so every other offset and line stays where it was).
 */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function maskNames(text: string, names: readonly string[]): string {
  const wanted = [...new Set(names.map((n) => n.trim()).filter((n) => n.length >= 2))].sort(
    (a, b) => b.length - a.length,
  );
  if (wanted.length === 0) return text;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${wanted.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return text.replace(pattern, (m) => ' '.repeat(m.length));
}
