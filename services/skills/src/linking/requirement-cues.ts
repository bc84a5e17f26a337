import { foldText } from '../text/normalize.js';

// Cues on folded (accent-free, lowercase) text. Optional: "nice to have", "a plus", "preferred", "wünschenswert",
// "souhaité"… in the seven seed languages. Required: "must", "required", "erforderlich", "exigé"…
const OPTIONAL = new RegExp(
  [
    'nice[- ]to[- ]have', 'good to have', '\\ba plus\\b', 'bonus', 'preferred', 'preferably', 'preferable', 'desirable',
    'desired', 'advantage', 'ideally', 'optional', 'an asset', 'not required', 'not mandatory', 'would be great',
    'wunschenswert', 'von vorteil', 'idealerweise', 'vorteilhaft', 'ein plus', 'pluspunkt', 'gerne gesehen', 'waere schoen', 'ware schon',
    'souhait', 'apprecie', 'un atout', 'atout', 'idealement', 'optionnel', 'un plus',
    'deseable', 'valorara', 'valorable', 'preferiblemente', 'idealmente', 'se valora',
    'gradit', 'preferibil', 'titolo preferenziale', 'costituisce un plus',
    'een pre\\b', 'pluspunt', 'wenselijk', 'bij voorkeur', 'mooi meegenomen', 'optioneel',
    'desejavel', 'diferencial', 'preferencialmente', 'um plus',
  ].join('|'),
);
const REQUIRED = new RegExp(
  [
    '\\bmust\\b', 'required', 'requirements?', 'mandatory', 'essential', 'minimum qualifications', 'must[- ]have',
    'erforderlich', 'voraussetzung', 'zwingend', 'anforderungen', 'vorausgesetzt', 'muss',
    'exige', 'obligatoire', 'requis', 'indispensable', 'exigences',
    'requisitos?', 'imprescindible', 'obligatorio', 'requisiti', 'obbligatori', 'indispensabile',
    'vereist', 'verplicht', 'vereisten', 'noodzakelijk', 'obrigatorio', 'necessario',
  ].join('|'),
);

export type Cue = 'optional' | 'required' | undefined;

export function requirementCue(text: string): Cue {
  const folded = foldText(text);
  if (OPTIONAL.test(folded)) return 'optional';
  if (REQUIRED.test(folded)) return 'required';
  return undefined;
}

/**
 * A heading line such as "Nice to have:" or "Anforderungen": short, not a list item, and either ending with a
 * colon or naming a requirement cue.
 */
export function isHeading(text: string): boolean {
  const trimmed = text.trim();
  if (/^[-*•·▪●◦■►✓–]/u.test(trimmed) || trimmed.split(/\s+/).length > 6) return false;
  return trimmed.endsWith(':') || requirementCue(trimmed) !== undefined;
}
