import type { SkillLabel } from '../taxonomy/model.js';

/**
 * Collects the labels of one skill from several files. The first preferred label seen for a language wins
 * (files are read in priority order); later "preferred" labels for that language become alternatives.
 */
export class LabelMerger {
  private readonly byLanguage = new Map<string, { preferred?: string; alternatives: Set<string> }>();

  add(language: string, text: string, preferred: boolean): void {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (!clean) return;
    let entry = this.byLanguage.get(language);
    if (!entry) this.byLanguage.set(language, (entry = { alternatives: new Set() }));
    if (preferred && entry.preferred === undefined) {
      entry.preferred = clean;
      entry.alternatives.delete(clean);
    } else if (clean !== entry.preferred) entry.alternatives.add(clean);
  }

  hasPreferred(language: string): boolean {
    return this.byLanguage.get(language)?.preferred !== undefined;
  }

  labels(): SkillLabel[] {
    const labels: SkillLabel[] = [];
    for (const [language, { preferred, alternatives }] of [...this.byLanguage].sort(([a], [b]) => a.localeCompare(b))) {
      // A language with alternatives only promotes its first alternative: every language shown has a name.
      const [first, ...rest] = preferred === undefined ? [...alternatives] : [preferred, ...alternatives];
      if (first === undefined) continue;
      labels.push({ language, text: first, preferred: true });
      for (const text of rest) labels.push({ language, text, preferred: false });
    }
    return labels;
  }
}
