/** Contact details: e-mails, phone numbers (libphonenumber-js), profile/website URLs, city and country. */
import { findPhoneNumbersInText, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { findDateSpans } from './dates.js';
import { countryByCode, countryNamed, countryOfCity, countryOfRegion, countryOfTown, type Country } from './places.js';
import { streetWords } from './lexicon.js';
import { foldWords, tidy, titleCase } from './text.js';

const EMAIL = /[A-Za-z0-9][A-Za-z0-9._%+'’-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** All e-mail addresses, lowercased, first occurrence order, no duplicates. */
export function findEmails(text: string): string[] {
  const out = new Set<string>();
  // "jane.doe @gmail.com", "jane.doe@ gmail.com": a space the export put on one side of the at sign is no part of
  // the address ("Engineer @ Acme.com", spaced on both sides, is a post at a firm).
  const joined = text.replace(
    /([A-Za-z0-9._%+-])(?: @(?! )|@ )(?=[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b)/g,
    '$1@',
  );
  for (const m of joined.matchAll(EMAIL)) out.add(m[0].toLowerCase());
  return [...out];
}

const URL =
  /\b(?:https?:\/\/|www\.)[^\s<>"'()[\]{}|,;]+|\b(?:[a-z0-9-]+\.)*(?:linkedin\.com|github\.com|github\.io|gitlab\.com)\/[^\s<>"'()[\]{}|,;]*/gi;
const LABELLED_SITE =
  /\b(?:website|web\s*site|web|homepage|home\s*page|portfolio|blog|site|webseite|site\s*web|sitio\s*web|sito\s*web|página\s*web)\s*[:：]\s*([a-z0-9][\w.-]*\.[a-z]{2,}(?:\/\S*)?)/gi;
// Profiles on these hosts are not the candidate's own website (nor the Europass template's footer link).
const NOT_A_WEBSITE =
  /(?:^|\.)(?:linkedin|github|gitlab|indeed|facebook|twitter|x|instagram|youtube|xing|glassdoor|monster|naukri|google|microsoft|apple|skype|wa|t|europa)\.[a-z.]+$/i;

export interface Links {
  linkedin: string;
  github: string;
  website: string;
}

function normaliseUrl(raw: string): string {
  const url = raw.replace(/[.,;:!?)\]}>'"]+$/, '');
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

function host(url: string): string {
  const m = /^https?:\/\/([^/?#]+)/i.exec(url);
  return (m?.[1] ?? '').toLowerCase();
}

export function findLinks(text: string): Links {
  const urls: string[] = [];
  for (const m of text.matchAll(URL)) urls.push(normaliseUrl(m[0]));
  for (const m of text.matchAll(LABELLED_SITE)) if (m[1] && !m[1].includes('@')) urls.push(normaliseUrl(m[1]));
  const linkedin = urls.filter((u) => /linkedin\.com\//i.test(u) && !/linkedin\.com\/?$/i.test(u));
  const github = urls.filter((u) => /github\.(?:com|io)\b/i.test(u) && !/github\.com\/?$/i.test(u));
  const website = urls.find(
    (u) => host(u).includes('.') && !NOT_A_WEBSITE.test(host(u)) && !/\.(?:pdf|docx?|png|jpe?g)$/i.test(u),
  );
  return {
    // A personal profile ("/in/name") rather than a company page when both are present.
    linkedin: linkedin.find((u) => /\/(?:in|pub)\//i.test(u)) ?? linkedin[0] ?? '',
    github: github[0] ?? '',
    website: website ?? '',
  };
}

// Raw matches shaped like dates or year ranges are not phone numbers ("2015-2019", "12.03.2019", "01/2015 – 02/2019").
// A date's parts have one, two or four digits ("2019-03-12", "12.3.19"); a group of three is a phone number's
// ("543-23-678").
const DATE_LIKE = [
  /^(?:19|20)\d{2}\s*[-–/.]\s*(?:(?:19|20)?\d{2})$/,
  /^(?:\d{1,2}|\d{4})[./-]\d{1,2}[./-](?:\d{1,2}|\d{4})$/,
  /^(?:19|20)\d{2}\s+(?:19|20)\d{2}$/,
  /^[^+]*(?<!\d)\d{1,2}\s?[./]\s?(?:19|20)\d{2}(?!\d)/,
];
// Words that label a phone number, in the seven languages ("Ph." but not "Ph.D.").
const PHONE_WORDS =
  'phone|ph(?![.\\s]*d(?!\\p{L}))|tel|telephone|telefon|telefono|teléfono|telefoon|telefone|téléphone|tél|mobile|mob|mobil|mobiel|móvil|movil|cell|cellphone|cellulare|celular|handy|portable|gsm|telemóvel|contact(?:\\s+(?:no|number))?';
const PHONE_WORD = new RegExp(String.raw`(?<![\p{L}\d])(?:${PHONE_WORDS})(?![\p{L}\d])`, 'iu');
// Between a phone label and its number: a short gap on the label's line, which may hold a note in brackets
// ("Phone (H): …", "Tel. (mobile) …"), or, in a form laid out label above value, the end of the label's line
// (the value's line may start with the note: "Phone" / "(H) +1 …").
const NOTE = String.raw`\([^\d()\n]{1,12}\)`;
const PHONE_LABEL = new RegExp(
  String.raw`(?<![\p{L}\d])(?:${PHONE_WORDS})(?![\p{L}\d])` +
    String.raw`(?:(?:[^\d+(\n]|${NOTE}){0,24}|[ \t.]*[:：]?[ \t]*\n[ \t]*(?:${NOTE}[ \t]*[:：]?[ \t]*)?)(\+?\(?\d[\d\s()./-]{5,}\d)`,
  'giu',
);

// A fax number is not a number to call ("Tel.: … Fax: …", a form's "Telefax:" above it); "Tel./Fax" still names a
// phone.
const FAX_LABEL = /(?<![\p{L}/])(?:tele)?fax(?![\p{L}])[^\d\n]{0,10}(?:\n[^\S\n]*)?$/iu;

/** A line that names a phone number ("Tel.:", "Mobile (work)", "Téléphone"). */
export function hasPhoneLabel(text: string): boolean {
  return PHONE_WORD.test(text);
}

/** Offsets of date ranges ("2015-2019", "01/2015 – 02/2019") in the text: digits there are not phone numbers. */
function dateRanges(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const now = new Date();
  let offset = 0;
  for (const line of text.split('\n')) {
    if (/\d{4}/.test(line))
      for (const s of findDateSpans(line, now)) if (s.start) out.push([offset + s.from, offset + s.to]);
    offset += line.length + 1;
  }
  return out;
}

// "…, Shiraz, Iran, 7134567890": a number right after an address's country is its postcode, not a phone number.
const COUNTRY_BEFORE = /(?:^|[,\n])\s*(\p{L}[\p{L} .]{1,30}?)\s*,\s*$/u;
function afterCountry(before: string): boolean {
  const m = COUNTRY_BEFORE.exec(before);
  return !!m?.[1] && !!countryNamed(m[1]);
}

function digits(s: string): string {
  return s.replace(/\D/g, '');
}

/**
 * Phone numbers in E.164. Unprefixed numbers need a default country (guessed by the caller). A number written
 * after a phone label is kept even when it is only "possible" (or, with no country known, as written) —
 * the label says what it is.
 */
export function findPhones(
  text: string,
  defaultCountry: CountryCode | undefined,
  otherCountries: readonly CountryCode[] = [],
): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const push = (value: string) => {
    const key = digits(value).slice(-9);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(value);
  };
  const ranges = dateRanges(text);
  const inRange = (from: number, to: number) => ranges.some(([a, b]) => from < b && to > a);
  for (const found of numbersInText(text, [defaultCountry, ...otherCountries])) {
    const raw = text.slice(found.startsAt, found.endsAt).trim();
    if (DATE_LIKE.some((re) => re.test(raw)) || digits(raw).length < 8 || inRange(found.startsAt, found.endsAt))
      continue;
    if (FAX_LABEL.test(text.slice(Math.max(0, found.startsAt - 16), found.startsAt))) continue;
    if (afterCountry(text.slice(Math.max(0, found.startsAt - 40), found.startsAt))) continue;
    push(found.number.number);
  }
  // On a line that also gives an e-mail address, a number the parser finds only "possible" is still the person's
  // (fictional and newly allocated ranges, "+44 7700 900123", are not "valid" to libphonenumber's metadata).
  let offset = 0;
  for (const line of text.split('\n')) {
    if (findEmails(line).length > 0)
      for (const found of findPhoneNumbersInText(line, {
        ...(defaultCountry ? { defaultCountry } : {}),
        extended: true,
      })) {
        const raw = line.slice(found.startsAt, found.endsAt).trim();
        const [from, to] = [offset + found.startsAt, offset + found.endsAt];
        if (!/^[+(0]/.test(raw) || DATE_LIKE.some((re) => re.test(raw)) || digits(raw).length < 8 || inRange(from, to))
          continue;
        if (found.number.isPossible()) push(found.number.number);
      }
    offset += line.length + 1;
  }
  for (const m of text.matchAll(PHONE_LABEL)) {
    const raw = (m[1] ?? '').trim();
    const n = digits(raw).length;
    const at = m.index + m[0].length - (m[1] ?? '').length;
    if (n < 7 || n > 15 || DATE_LIKE.some((re) => re.test(raw)) || inRange(at, at + raw.length)) continue;
    const readings = [defaultCountry, ...otherCountries].map((c) => parsePhoneNumberFromString(raw, c));
    const parsed = readings.find((r) => r?.isValid()) ?? readings[0];
    if (parsed?.isPossible()) push(parsed.number);
    else if (raw.startsWith('+')) push(`+${digits(raw)}`);
    else push(raw.replace(/\s+/g, ' '));
  }
  return out;
}

/**
 * Numbers found in the text with each country as the default. Where readings overlap, the one that covers more of the
 * text wins ("(11) 95555-0143" in a Portuguese-language CV is a Brazilian mobile with its area code, not a number of
 * Portugal in its last nine digits); at equal length the earlier country, the document's own.
 */
function numbersInText(text: string, countries: readonly (CountryCode | undefined)[]) {
  const found = countries.flatMap((defaultCountry, rank) =>
    findPhoneNumbersInText(text, defaultCountry ? { defaultCountry } : {}).map((f) => ({ ...f, rank })),
  );
  found.sort((a, b) => b.endsAt - b.startsAt - (a.endsAt - a.startsAt) || a.rank - b.rank);
  const kept: typeof found = [];
  for (const f of found) if (!kept.some((k) => f.startsAt < k.endsAt && f.endsAt > k.startsAt)) kept.push(f);
  return kept.sort((a, b) => a.startsAt - b.startsAt);
}

export interface Place {
  city: string;
  country: string;
}

const ADDRESS_LABEL =
  /^(?:address|home\s+address|current\s+address|permanent\s+address|present\s+address|postal\s+address|location|current\s+location|city|residence|based\s+in|lives\s+in|adresse|anschrift|wohnort|ort|domicile|ville|lieu\s+de\s+résidence|dirección|direccion|domicilio|ciudad|residencia|indirizzo|residenza|città|citta|adres|woonplaats|plaats|morada|endereço|endereco|cidade|localização|localizacao|localidade)\s*[:：]\s*(.*)$/i;

// Postcodes written next to a city: NL "1017 GA", PT "1000-001", BR "01310-100", PL "00-950", CA "K1A 0B1",
// UK "LS1 4AP", old German "D-30457", and plain 4–6 digit codes.
const POSTCODE =
  /\b\d{4}\s?[A-Z]{2}\b|\b\d{4,5}-\d{3}\b|\b\d{2}-\d{3}\b|\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b|\b[A-Z]{1,2}\d[\dA-Z]?\s*\d[A-Z]{2}\b|\b[A-Z]{1,2}-\d{4,5}\b|\b\d{4,6}\b/g;

/** A city candidate: 1–4 capitalised words, no digits, not a street. */
function cityName(part: string): string {
  const t = tidy(part.replace(POSTCODE, ' '));
  if (!t || /\d/.test(t) || t.length > 40) return '';
  const words = t.split(/\s+/);
  if (
    words.length > 4 ||
    !words.every((w) => /^[\p{Lu}]/u.test(w) || /^(?:de|la|le|am|an|der|del|di|sur|upon|on|en|im)$/.test(w))
  )
    return '';
  if (
    foldWords(t)
      .split(' ')
      .some((w) => streetWords.has(w))
  )
    return '';
  return /^[\p{Lu}\s.'-]+$/u.test(t) && t.length > 3 ? titleCase(t) : t;
}

/** "Street, 10115 Berlin, Germany", "Pune- 411007, Maharashtra, India", "Austin, TX 78701" → city and country. */
export function parsePlace(value: string, allowLoneCity: boolean): Place | undefined {
  // "Birmingham, B26 3QJ (United Kingdom)": a parenthesised country is one more part.
  const parts = value
    .replace(/\(([^()]{2,40})\)/g, ', $1')
    .split(/\s*[,;|•·■▪]\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0 || parts.length > 8) return undefined;
  // "Ashland, OR, 97520": a postcode set apart by a comma belongs to the region before it ("OR 97520").
  if (parts.length >= 3 && /^\d{5}(?:-\d{4})?$/.test(parts[parts.length - 1]!))
    parts.splice(parts.length - 2, 2, `${parts[parts.length - 2]} ${parts[parts.length - 1]}`);
  // "…, Shiraz, Iran, 7134567890": a postcode set apart after the country closes the address.
  else if (parts.length >= 3 && /^\d[\d -]{2,10}$/.test(parts[parts.length - 1]!)) parts.pop();
  splitLastPart(parts);
  let country: Country | undefined;
  let cityIndex = parts.length - 1;
  // From the end: "…, City, Region, Country".
  for (let i = parts.length - 1; i >= 0 && i >= parts.length - 3; i--) {
    const part = parts[i]!;
    const bare = part.replace(/\s*\d[\d\s-]*$/, '');
    const named = countryNamed(bare);
    const region = named
      ? undefined
      : (countryOfRegion(part) ?? (/\d{5}/.test(part) ? countryOfRegion(bare.toUpperCase()) : undefined));
    if (!named && !region) break;
    country ??= named ?? region;
    cityIndex = i - 1;
    if (region) break;
  }
  if (!country && !allowLoneCity) return undefined;
  let city = '';
  for (let i = cityIndex; i >= 0 && i >= cityIndex - 1 && !city; i--) city = cityName(parts[i]!);
  // "München, Bayern, Deutschland", "Toulouse, Occitanie, France": a region our lists lack between the town and the
  // country; the part before it is the town when GeoNames places it in that country and the region part is no town.
  const before = cityIndex >= 1 && country ? cityName(parts[cityIndex - 1]!) : '';
  const fromRegionPart = city !== '' && city === cityName(parts[cityIndex]!);
  if (before && fromRegionPart && !countryOfTown(city) && countryOfTown(before)?.name === country?.name) city = before;
  // "37121 Verona (VR)": a province's two-letter code after the town is not the town.
  if (/^\p{Lu}{2}$/u.test(city) && cityIndex >= 1) city = cityName(parts[cityIndex - 1]!) || city;
  // "48 Elm St. Portland, OR": a street and its town run together once the line breaks are lost; with a region
  // or country confirming the place, the town is the words after the street's word.
  if (!city && country && cityIndex >= 0) city = cityName(afterStreet(parts[cityIndex]!));
  if (!city && !country) return undefined;
  // A lone town our lists know ("Anschrift: Hauptstraße 5, 70173 Stuttgart") is in that list's country.
  return { city, country: (country ?? countryOfTown(city))?.name ?? '' };
}

// "Springfield IL 62704", "Ringwood VIC 3134": a town, its state's code and the postcode without a comma.
const TOWN_REGION_POSTCODE = /^(.*\S)\s+([A-Z]{2,3})\s+(\d{4,5}(?:-\d{4})?|\d{2,3}x{2,3})$/;
// "Harrogate HG2 7QP", "London SW1A 1AA": a British postcode after the town names the country.
const UK_POSTCODE = /^(?:(.*\S)\s+)?([A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})$/;
const UK_POSTCODE_LINE = /^[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}$/;
// "US-TX-Austin": job boards write the country, the state and the town joined by hyphens.
const BOARD_PLACE = /^([A-Z]{2})-([A-Z]{2})-(\p{Lu}.*)$/u;

/**
 * The last part of an address written without the commas the parser splits on, split into the parts it holds:
 * "Springfield IL 62704" → "Springfield", "IL 62704"; "Bengaluru 560034 Karnataka India" → …, "Karnataka", "India";
 * "Harrogate HG2 7QP" → "Harrogate", "United Kingdom"; "US-TX-Austin" → "Austin", "TX", "US".
 */
function splitLastPart(parts: string[]): void {
  const last = parts[parts.length - 1]!;
  const board = BOARD_PLACE.exec(last);
  if (board && countryOfRegion(board[2]!)) {
    parts.splice(parts.length - 1, 1, board[3]!, board[2]!, board[1]!);
    return;
  }
  const uk = UK_POSTCODE.exec(last);
  if (uk) {
    parts.splice(parts.length - 1, 1, ...(uk[1] ? [uk[1]] : []), 'United Kingdom');
    return;
  }
  const region = TOWN_REGION_POSTCODE.exec(last);
  if (region && countryOfRegion(region[2]!)) {
    parts.splice(parts.length - 1, 1, region[1]!, `${region[2]} ${region[3]}`);
    return;
  }
  // "Karnataka India", "Ohio USA 43215", "Pune 411007 India": a country after a region or a postcode in the
  // same part (a word before a country may be a person's: "Tom Holland").
  const bare = last.replace(/\s*\d[\d\s-]*$/, '');
  if (countryNamed(bare) || countryOfRegion(last)) return;
  const words = bare.split(/\s+/);
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const tail = words.slice(-n).join(' ');
    const head = words.slice(0, -n).join(' ');
    if (countryNamed(tail) && /^\p{Lu}/u.test(tail) && (countryOfRegion(head) || /\d$/.test(head))) {
      parts.splice(parts.length - 1, 1, head, tail);
      return;
    }
  }
}

/** The words after the last street word of a part ("48 Elm St. Portland" → "Portland"); empty without one. */
function afterStreet(part: string): string {
  const words = part.split(/\s+/);
  for (let i = words.length - 2; i >= 0; i--)
    if (streetWords.has(foldWords(words[i]!)) && i > 0 && /\d/.test(words.slice(0, i).join(' ')))
      return words.slice(i + 1).join(' ');
  return '';
}

// What a header line holds beside the address: an e-mail, a link, a phone number, a labelled field ("Home:").
const NOT_PLACE = /\S+@\S+|https?:\S+|www\.\S+|\+?\(?\d[\d\s().-]{7,}\d|(?<![\p{L}])\p{L}[\p{L} .]{0,20}[:：].*$/gu;

// Where a header line's cells part: a comma, bar or bullet, a dash between spaces, a run of spaces.
const HEADER_CELL = /\s*[,|•·■▪]\s*|\s+[-–—]\s+|\s{2,}/;

const FIELD_LABEL = /^[\p{L}][\p{L} .]{0,24}[:：]/u;

/**
 * City and country of the candidate: an "Address:/Location:" field (continued on following lines while it
 * ends with a comma), else a "City, Region/Country" part of one of the first lines. Conservative: without a
 * label, a place is only taken when a known country or region confirms it.
 */
export function findPlace(lines: readonly string[], headerCount: number, language = ''): Place {
  for (let i = 0; i < Math.min(lines.length, 60); i++) {
    const based = basedIn(lines[i]!);
    if (based) return based;
    // "Location" / "US-TX-Austin": a label alone without its colon, the place on the next line, taken only
    // when a region or country confirms it (a lone "Address" may head a table's column).
    if (LONE_ADDRESS_LABEL.test(lines[i]!) && lines[i + 1]) {
      // "(open to relocation)": a note in lower case is no part of the place.
      const below = parsePlace(lines[i + 1]!.replace(/\s*\(\p{Ll}[^()]*\)/gu, ''), false);
      if (below?.city) return below;
    }
    const m = ADDRESS_LABEL.exec(lines[i]!);
    if (!m) continue;
    let value = m[1] ?? '';
    for (let j = i + 1; j < lines.length && j <= i + 3 && (value === '' || /,\s*$/.test(value)); j++) {
      if (FIELD_LABEL.test(lines[j]!)) break;
      value += ` ${lines[j]}`;
    }
    const place = value ? parsePlace(value, true) : undefined;
    if (place) return place;
    // "Address:" / "Department of Soil Science" / "Cascade State University" / "Corvallis, OR 97331": the
    // label alone above a block whose last line is the town; a line confirmed by a region or country gives it.
    if (m[1] === '')
      for (let j = i + 1; j < lines.length && j <= i + 4 && !FIELD_LABEL.test(lines[j]!); j++) {
        const found = parsePlace(lines[j]!, false);
        if (found) return found;
      }
  }
  for (let i = 0; i < Math.min(lines.length, Math.max(headerCount, 8)); i++) {
    for (const cell of lines[i]!.split(/\s+[-–—|•·■▪~]\s+|\s{2,}/)) {
      if (cell.length > 120) continue;
      // "Bozeman, MT 59715 Home: (555) 201-3345", "… Portland, OR 503.555.0147 dora.w@example.com": the address is
      // what comes before the other items of the line.
      // A cell with such an item that none of them starts ("2024: Exchange semester at …, Germany") stays unread.
      const pieces = cell.split(NOT_PLACE);
      const bare = !/@|https?:|www\.|:/.test(cell) ? cell : pieces.length > 1 ? (pieces[0] ?? '').trim() : '';
      const place = bare ? parsePlace(bare, false) : undefined;
      // "New Delhi- 110001": the region confirms the country, and the town before the postcode is the city;
      // "33000 Bordeaux" / "France": a country alone on its line closes the address above it.
      if (place)
        return place.city
          ? place
          : { city: townBeforePin(lines[i]!) || townAbove(lines[i - 1] ?? '', bare), country: place.country };
    }
  }
  for (let i = 0; i < Math.min(lines.length, Math.max(headerCount, 8)); i++) {
    for (const cell of lines[i]!.split(HEADER_CELL)) {
      const place = postcodePlace(cell, language);
      if (place) return place;
    }
  }
  // "📍 Valencia   ✉ …": a header cell that is only a city of our list (symbols aside) is the candidate's town.
  for (let i = 0; i < Math.min(lines.length, Math.max(headerCount, 8)); i++) {
    for (const cell of lines[i]!.split(HEADER_CELL)) {
      const bare = cell.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
      const country = bare ? countryOfCity(bare) : undefined;
      if (country) return { city: bare, country: country.name };
    }
  }
  // "Chennai - 600017", "New Delhi- 110001", "Kolkata 700019": a town closed by a six-digit postcode (India's PIN,
  // also Singapore's, Russia's, China's) at the end of a header line, the last line of an address.
  for (let i = 0; i < Math.min(lines.length, Math.max(headerCount, 8)); i++) {
    const city = townBeforePin(lines[i]!) || townOfStreetLine(lines[i]!);
    if (city) return { city, country: '' };
  }
  // "27 Willow Road" / "Halifax" / "HX3 5LP": a British address block anywhere in the CV (a personal details
  // section at its end): a street with its number, the town, the postcode alone on its line.
  for (let i = 2; i < lines.length; i++) {
    if (!UK_POSTCODE_LINE.test(lines[i]!.trim())) continue;
    const street = lines[i - 2]!.trim();
    const city = cityName(lines[i - 1]!);
    if (city && /\d/.test(street) && isStreet(street)) return { city, country: 'United Kingdom' };
  }
  return { city: '', country: '' };
}

// "Based in Bristol", "Wohnhaft in Freiburg", "Domiciliée à Nantes", "Woonachtig te Zwolle": a phrase that says
// where the candidate lives, starting a line or one of its cells, the place after it (no colon to find it by).
const BASED_IN =
  /(?:^|\s[|•·~–—-]\s|\s{2,})(?:based|living|located|residing|resident|lives|wohnhaft|wohne|ansässig|domicilié|domiciliée|domicilie|résidant|résidante|residant|habite|residente|reside|vivo|woonachtig|woonachtig|woon|wonend|resido|moro)\s+(?:in|en|em|a|à|te|no|na|at)\s+(\p{Lu}[^|•·~:;]*?)\s*(?=$|\s[|•·~–—-]\s|\s{2,}|[.;])/iu;

/** The place of a "Based in …" phrase in this line, if the phrase and a town are there. */
function basedIn(line: string): Place | undefined {
  const m = BASED_IN.exec(line);
  const place = m?.[1] ? parsePlace(m[1], true) : undefined;
  return place?.city ? place : undefined;
}

const LONE_ADDRESS_LABEL =
  /^(?:address|location|current\s+location|residence|adresse|anschrift|wohnort|domicile|dirección|direccion|domicilio|residencia|indirizzo|residenza|adres|woonplaats|morada|endereço|endereco|localização|localizacao)$/i;

/**
 * The town on the line above a line that holds only the region or country: "33000 Bordeaux" / "France", or an
 * address running on over lines that end with commas ("Hostel 4, Lakeside Campus," / "PUNE," / "MAHARASHTRA, INDIA.").
 */
function townAbove(above: string, line: string): string {
  if (/,\s*$/.test(above)) {
    const joined = parsePlace(`${above} ${line}`, false);
    if (joined?.city) return joined.city;
  }
  return townWithPostcode(above);
}

/** The town of a "33000 Bordeaux", "1015 CZ Amsterdam", "Bordeaux 33000" line; empty for anything else. */
function townWithPostcode(line: string): string {
  const m = /^(?:\d{4,5}(?:-\d{3}|\s?[A-Z]{2})?\s+(\p{Lu}[\p{L}'’. -]+)|(\p{Lu}[\p{L}'’. -]+?)\s+\d{4,5})$/u.exec(
    line.trim(),
  );
  return m ? cityName(m[1] ?? m[2] ?? '') : '';
}

// A street's word, or the suffix that names one in one word: "Lindenweg", "Hauptstraße", "Kongensgate", "Nydalsveien".
const STREET_SUFFIX =
  /(?:stra(?:ß|ss)e|str\.|weg|gasse|platz|allee|ring|damm|gate|gata|gatan|veien|vegen|vej|vei|straat|laan|plein|kade|gracht|dijk|singel|steeg)$/;
function isStreet(part: string): boolean {
  const words = foldWords(part).split(' ');
  return words.some((w) => streetWords.has(w) || STREET_SUFFIX.test(w));
}
// A street with its house number: "12 Harbour Street", "Lindenweg 4", "Nydalsveien 37b".
const STREET_PART = /^(?:\d{1,5}[a-z]?\s+\p{Lu}[\p{L}'’. ]+|\p{Lu}[\p{L}'’. -]+\s\d{1,4}[a-z]?)$/u;
/**
 * "3 Acacia Street, Parkhurst, Randburg, 2193", "Kongens gate 12, 0153 Oslo": a header line that starts with a street
 * and its number and ends with a town and its four- or five-digit postcode (either side) names the town, no country.
 */
function townOfStreetLine(line: string): string {
  const parts = line
    .split(NOT_PLACE)[0]!
    .split(/\s*[,;|•·]\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2 || !STREET_PART.test(parts[0]!) || !isStreet(parts[0]!)) return '';
  const last = parts[parts.length - 1]!;
  // A year is no postcode ("Windows 10, Office 2016").
  if (/(?:^|\s)(?:19|20)\d{2}(?:\s|$)/.test(last)) return '';
  const m = /^(?:\d{4,5}\s+(\p{Lu}[\p{L}'’. -]+)|(\p{Lu}[\p{L}'’. -]+?)\s+\d{4,5})$/u.exec(last);
  if (m) return cityName(m[1] ?? m[2] ?? '');
  // The postcode as a part of its own after the town.
  return parts.length >= 3 && /^\d{4,5}$/.test(last) ? cityName(parts[parts.length - 2]!) : '';
}

/** The town a six-digit postcode closes at the end of a line ("Chennai - 600017"), else an empty string. */
function townBeforePin(line: string): string {
  const m = TOWN_PIN.exec(line.trim());
  return m && !NOT_TOWN.test(m[1]!) ? cityName(m[1]!) : '';
}

const TOWN_PIN = /(?:^|,\s*)(\p{Lu}[\p{L}.'’ ]{2,30}?)\s*[-–,]?\s*\d{3}\s?\d{3}\s*\.?$/u;
// Labels a six-digit number may follow: no town.
const NOT_TOWN = /\b(?:pin|pincode|pin\s+code|zip|code|no|number|phone|mobile|tel|id|roll|reg|registration)\b/i;

const LANGUAGE_COUNTRY: Record<string, CountryCode> = { de: 'DE', fr: 'FR', es: 'ES', it: 'IT', nl: 'NL', pt: 'PT' };

// A postcode written before the city is the European address form; its shape names the country (NL "1015 CZ",
// PT "1100-048") or, for five digits, the document's language does (DE/FR/ES/IT all write "80331 München").
const POSTCODE_CITY: ReadonlyArray<readonly [RegExp, (language: string) => CountryCode | undefined]> = [
  [/^\d{4}\s?[A-Z]{2}\s+(.+)$/, () => 'NL'],
  [/^\d{4}-\d{3}\s+(.+)$/, () => 'PT'],
  [
    /^\d{5}\s+(.+)$/,
    (language) => (['de', 'fr', 'es', 'it'].includes(language) ? LANGUAGE_COUNTRY[language] : undefined),
  ],
];

/** "80331 München" in a German CV, "1015 CZ Amsterdam" → city and country; undefined for anything else. */
export function postcodePlace(cell: string, language: string): Place | undefined {
  for (const [re, countryOf] of POSTCODE_CITY) {
    const m = re.exec(cell.trim());
    const code = m ? countryOf(language) : undefined;
    const city = m?.[1] ? cityName(m[1]) : '';
    const country = code ? countryByCode(code) : undefined;
    if (city && country) return { city, country: country.name };
  }
  return undefined;
}

/** Default country for unprefixed phone numbers: the stated country, else the document language's main country. */
export function phoneCountry(place: Place, language: string): CountryCode | undefined {
  return statedCountry(place) ?? LANGUAGE_COUNTRY[language];
}

/**
 * With no country stated, the other countries whose numbers a CV in this language may give (Brazil for Portuguese,
 * Latin America for Spanish, Belgium, Switzerland, Canada, Austria): a number valid only there is read as theirs.
 */
export function otherPhoneCountries(place: Place, language: string): CountryCode[] {
  return statedCountry(place) ? [] : (LANGUAGE_OTHER_COUNTRIES[language] ?? []);
}

function statedCountry(place: Place): CountryCode | undefined {
  const stated = place.country ? countryNamed(place.country)?.code : undefined;
  return stated && countryByCode(stated) ? (stated as CountryCode) : undefined;
}

const LANGUAGE_OTHER_COUNTRIES: Record<string, CountryCode[]> = {
  pt: ['BR'],
  es: ['MX', 'AR', 'CO', 'CL', 'PE'],
  fr: ['BE', 'CH', 'CA'],
  de: ['AT', 'CH'],
  nl: ['BE'],
  it: ['CH'],
};
