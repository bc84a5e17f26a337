/** Job description text → Job record content. */
import type { JobContent, JobFieldConfidence, JobLocation, SkillRelationship } from '@talent/records';
import type { JobSectionKind } from './headings.js';
import type { LinkedSkill, SkillLinker } from './types.js';
import { statedMonths } from './dates.js';
import { findDegrees, levelName, majorAfter, degreePhrase } from './degrees.js';
import { detectLanguage } from './language.js';
import { parsePlace } from './contacts.js';
import { legalForms, organisationHints, roleWords, streetWords } from './lexicon.js';
import { countryNamed, countryOfRegion, countryOfTown } from './places.js';
import { isJobHeading, jobSections, type Section } from './sections.js';
import { maskNames } from './name-mask.js';
import { languageCode, toRecordSkills } from './skills.js';
import {
  blankHiringPrefixes,
  headlineCandidates,
  headlineConfidence,
  headlineModel,
  hiringPrefixOf,
  isProseLine,
  NO_HIRER,
  onlyArrangement,
  onlyArrangementOrCountry,
  opensWithHiringPrefix,
  pickHeadline,
  withoutGenderEndings,
  withoutGenderTags,
  withoutHiringPrefix,
  withoutTrailingNoise,
  type HeadlineField,
  type HeadlinePick,
} from './headline.js';
import { foldWords, joinWrapped, tidy, toLines, wordCount, type Line } from './text.js';

export type JobText = Omit<JobContent, 'hard_skills' | 'soft_skills'> & {
  /** Requirement lines from preferred / nice-to-have sections, to mark skills found there optional. */
  preferred: string[];
};

const field = (labels: string) => new RegExp(`^(?:${labels})\\s*[:：]\\s*(.+)$`, 'i');
const TITLE_FIELD = field(
  "job\\s+title|title|position|role|job|vacancy|job\\s+offer|oferta(?:\\s+de\\s+(?:empleo|trabajo))?|offre(?:\\s+d['’]emploi)?|stellenangebot|offerta(?:\\s+di\\s+lavoro)?|poste|intitulé(?:\\s+du\\s+poste)?|titre(?:\\s+du\\s+poste)?|stelle|stellenbezeichnung|stellentitel|puesto|cargo|título(?:\\s+del\\s+puesto)?|posizione|ruolo|titolo|functie|functietitel|vacature|vaga|título\\s+da\\s+vaga",
);
const COMPANY_FIELD = field(
  'company|employer|organi[sz]ation|hiring\\s+company|company\\s+name|unternehmen|firma|arbeitgeber|entreprise|société|employeur|empresa|compañía|azienda|società|bedrijf|organisatie|werkgever',
);
const LOCATION_FIELD = field(
  'locations?|job\\s+location|work\\s+location|based\\s+in|office|standorte?|arbeitsort|einsatzort|dienstort|lieu(?:\\s+de\\s+travail)?|localisation|ubicación|ubicacion|localidad|lugar\\s+de\\s+trabajo|sede|luogo\\s+di\\s+lavoro|località|locatie|standplaats|werklocatie|plaats|localização|localizacao|local\\s+de\\s+trabalho|local',
);
const SECTOR_FIELD = field(
  "industry|sector|branche|secteur(?:\\s+d['’]activit[ée])?|settore|industria|setor|ramo|bedrijfstak",
);
const JOB_TYPE_FIELD = field(
  'job\\s+type|employment\\s+type|type\\s+of\\s+employment|work\\s+schedule|schedule|working\\s+hours|arbeitszeit|beschäftigungsart|anstellungsart|type\\s+de\\s+poste|temps\\s+de\\s+travail|jornada|tipo\\s+de\\s+jornada|orario|tipo\\s+di\\s+impiego|werktijden|regime|carga\\s+horária|jornada\\s+de\\s+trabalho',
);
const CONTRACT_FIELD = field(
  'contract(?:\\s+type)?|type\\s+of\\s+contract|vertragsart|befristung|type\\s+de\\s+contrat|contrat|tipo\\s+de\\s+contrato|contrato|tipo\\s+di\\s+contratto|contratto|contractvorm|soort\\s+contract|dienstverband|vínculo',
);
const ANY_FIELD = [TITLE_FIELD, COMPANY_FIELD, LOCATION_FIELD, SECTOR_FIELD, JOB_TYPE_FIELD, CONTRACT_FIELD];

const HIRING = new RegExp(
  `^(?!(?:${NO_HIRER}|i|you|our\\s+team|ons\\s+team|se|si)[\\s,])(.{2,60}?)\\s+(?:is\\s+(?:hiring|looking\\s+for|seeking|recruiting)|are\\s+(?:hiring|looking\\s+for)|sucht|recrute|busca|cerca|zoekt|contrata|procura|está\\s+contratando)\\b`,
  'iu',
);
// A possessive after "join" is the ad's own team, no name ("Join our friendly team in the Old Town.").
const JOIN =
  /^(?:join|werde\s+teil\s+(?:von|des|der)|rejoignez|rejoins|únete\s+a|unisciti\s+a|kom\s+werken\s+bij|junte-se\s+à)\s+(?:the\s+|team\s+|das\s+team\s+(?:von|der)\s+|l['’]équipe\s+(?:de\s+)?|el\s+equipo\s+de\s+)?(?!(?:our|us|unser\w*|uns|notre|nos|nuestro|nuestra|il\s+nostro|la\s+nostra|ons|onze|nosso|nossa)\b)(.{2,60}?)(?:[!.,]|$)/i;
const ABOUT_COMPANY = /^(?:about|über|à\s+propos\s+de|acerca\s+de|sobre|chi\s+è|over)\s+(.{2,50}?)\s*:?$/i;
const NOT_A_COMPANY =
  /^(?:us|the\s+(?:role|job|position|team|company)|you|this\s+role|uns|nous|nosotros|noi|ons|nós|la\s+empresa|l['’]entreprise|lazienda|het\s+bedrijf|a\s+empresa)$/i;
/** "Title at Employer", the employer perhaps followed by its place ("Line Cook at Bluebird Diner, Asheville NC"). */
const atCompany = (words: string) =>
  new RegExp(`^(.{3,160}?)\\s+(?:${words})\\s+([\\p{Lu}0-9][^,;|]{1,60}?)(?:,\\s*[^,;|]{2,40}){0,2}$`, 'u');
const AT_COMPANY = atCompany('at|@|bei|chez|presso|bij');
// Spanish "en" is "at" ("Camarero en Bar Pepe"); French "en" is "in" ("Infirmier en EHPAD"), Dutch "en" is "and".
const AT_COMPANY_ES = atCompany('at|@|en');
// "We are looking for a Customer Support Agent to …": the capitalised words after it name the job.
const LOOKING_FOR =
  /\b(?:looking\s+for|seeking|hiring|recruiting|suchen\s+wir|sucht)\s+(?:an?\s+|einen\s+|eine\s+|ein\s+)?((?:[\p{Lu}][\p{L}'’&/-]*\s+){0,5}[\p{Lu}][\p{L}'’&/-]*)/u;
// Work arrangement written next to a place: "Berlin, Germany (Hybrid)".
const WORK_MODE =
  /\((?:hybrid|remote|on[\s-]?site|vor\s+ort|télétravail|teletrabajo|remoto|ibrido|hybride|hibrido|híbrido)\)/gi;
// Gender markers in German/French/Dutch job titles: "(m/w/d)", "(H/F)".
const GENDER_TAG = /\s*[([]\s*(?:[mwfdhx]\s*[/|,]\s*){1,3}[mwfdhx]\s*[)\]]/gi;

const JOB_TYPES: ReadonlyArray<readonly [string, RegExp]> = [
  [
    'full-time',
    /full[\s-]?time|vollzeit|temps\s+(?:plein|complet)|tiempo\s+completo|jornada\s+completa|tempo\s+pieno|voltijds?|fulltime|tempo\s+integral|período\s+integral/i,
  ],
  [
    'part-time',
    /part[\s-]?time|teilzeit|temps\s+partiel|tiempo\s+parcial|media\s+jornada|tempo\s+parziale|deeltijd|parttime|meio\s+período|tempo\s+parcial/i,
  ],
];
const CONTRACT_TYPES: ReadonlyArray<readonly [string, RegExp]> = [
  [
    'internship',
    /\binternship\b|\bintern\b|praktikum|praktikant|werkstudent|\bstagiaire\b|\bstage\b(?!\s+(?:of|in))|prácticas|pasant[íi]a|becari[oa]|tirocinio|stagista|stagiair|estágio|estagiári[oa]/i,
  ],
  [
    'apprenticeship',
    /apprenticeship|\bapprentice\b|ausbildungsplatz|\bazubi\b|\bausbildung\s+(?:zum|zur|als)\b|alternance|apprentissage|\baprendiz|apprendistato|leerwerkplek|aprendizagem/i,
  ],
  ['freelance', /freelance|freiberuflich|indépendant|autónomo|libero\s+professionista|\bzzp\b|autônomo/i],
  [
    'temporary',
    /\btemporary\b|fixed[\s-]term|(?<!un)befristet|\bcdd\b|durée\s+déterminée|\btemporal\b|temporaneo|tempo\s+determinato|tijdelijk|bepaalde\s+tijd|temporário|termo\s+certo|zeitarbeit|intérim|\binterim\b/i,
  ],
  [
    'contract',
    /\bcontract(?:or)?\s+(?:role|position|job|basis|assignment)|\(contract\)|contract[\s-]to[\s-]hire|\bcontractor\b/i,
  ],
  [
    'permanent',
    /\bpermanent\b|unbefristet|festanstellung|\bcdi\b|durée\s+indéterminée|indefinido|tempo\s+indeterminato|vast\s+contract|vaste\s+aanstelling|onbepaalde\s+tijd|sem\s+termo|efetivo|\bclt\b/i,
  ],
];

const EXPERIENCE_WORD = /experience|erfahrung|expérience|experiencia|esperienza|ervaring|experiência|berufspraxis/i;
const REQUIREMENT_CUE =
  /\b(?:experience|degree|knowledge|proficien\w*|ability|familiar\w*|skills?|years?|must|required|fluent|erfahrung\w*|kenntnisse|abschluss|studium|expérience|connaissances?|diplôme|maîtrise|experiencia|conocimientos?|titulación|esperienza|conoscenz\w+|laurea|ervaring|kennis|opleiding|experiência|conhecimentos?|formação)\b/i;
const OPTIONAL_MARKER =
  /\b(?:nice[\s-]to[\s-]have|a\s+plus|bonus|preferred|preferably|ideally|desirable|advantageous|an\s+advantage|von\s+vorteil|wünschenswert|idealerweise|un\s+plus|un\s+atout|apprécié|souhaité|souhaitable|se\s+valorará|valorable|deseable|gradit[oa]|preferibil\w*|titolo\s+preferenziale|pluspunt|wenselijk|desejável|diferencial)\b/i;

function sectionLines(
  sections: readonly Section<JobSectionKind>[],
  ...kinds: Array<JobSectionKind | 'header'>
): Line[] {
  return sections.filter((s) => kinds.includes(s.kind)).flatMap((s) => s.lines);
}

function fieldValue(lines: readonly Line[], re: RegExp): string {
  for (const l of lines) {
    const m = re.exec(l.text);
    if (m?.[1]) return tidy(m[1]);
  }
  return '';
}

/**
 * "Mountain View, CA, United States" → city + country; a lone name is a country when known, else a city (with the
 * country of our town lists).
 */
export function parseJobLocation(text: string): JobLocation | undefined {
  const parts = text
    .split(',')
    .map((p) => tidy(p))
    .filter(Boolean);
  if (parts.length === 0) return undefined;
  // A postcode before or after the town, or a French département's number in brackets ("Rouen (76)").
  const first = parts[0]!.replace(/^\d{4,6}\s+|\s+\d{4,6}$|\s*\(\d{2,3}\)$/g, '');
  if (parts.length === 1) {
    // "Melbourne VIC 3000", "Springfield IL": a town, its region's code and perhaps a postcode, no comma.
    const coded = /^(.*\S)\s+(\p{Lu}{2,3})$/u.exec(first);
    const region = coded ? countryOfRegion(coded[2]!) : undefined;
    if (coded && region) return { city: coded[1]!, country: region.name };
    const country = countryNamed(first);
    return country ? { city: '', country: country.name } : { city: first, country: countryOfTown(first)?.name ?? '' };
  }
  const last = parts[parts.length - 1]!;
  const country = countryNamed(last) ?? countryOfRegion(last);
  // "München, Bayern": a region we do not know names no country when the city's is known.
  return { city: first, country: country?.name ?? countryOfTown(first)?.name ?? last };
}

function locations(value: string): JobLocation[] {
  return value
    .split(/\s*[;|]\s*|\s+(?:or|oder|ou|o)\s+|\s+\/\s+/i)
    // "Location: Greenville, SC | Shift: 2nd | Pay: $26/hr": the other fields of the line are no places.
    .filter((part) => !FIELD_LABEL.test(part))
    .map(parseJobLocation)
    .filter((l): l is JobLocation => !!l);
}

function normalise(text: string, table: ReadonlyArray<readonly [string, RegExp]>): string {
  let best = '';
  let at = Infinity;
  for (const [name, re] of table) {
    const m = re.exec(text);
    if (m && m.index < at) {
      best = name;
      at = m.index;
    }
  }
  return best;
}

/** A "looking for …" phrase without a role word is not a job title ("looking for Talented People"). */
function roleLess(text: string): boolean {
  return !roleWords.inText(text);
}

function isFieldLine(text: string): boolean {
  return ANY_FIELD.some((re) => re.test(text));
}

// "Data Analyst – Acme", "Acme | Data Analyst": a dash or bar between the role and the employer.
const TITLE_COMPANY_SEPARATOR = /\s+[–—|]\s+|\s+-\s+/;

/** Splits "role – employer" (either order) when exactly one side names a role; otherwise leaves the title whole. */
export function splitTitleAndCompany(line: string): { title: string; company: string } | undefined {
  const m = TITLE_COMPANY_SEPARATOR.exec(line);
  if (!m) return undefined;
  const left = tidy(line.slice(0, m.index));
  const right = tidy(line.slice(m.index + m[0].length));
  if (!left || !right || TITLE_COMPANY_SEPARATOR.test(right) || wordCount(right) > 6 || wordCount(left) > 12)
    return undefined;
  const leftRole = roleWords.inText(left);
  const rightRole = roleWords.inText(right);
  if (leftRole && !rightRole) return { title: left, company: right };
  if (rightRole && !leftRole && wordCount(left) <= 6) return { title: right, company: left };
  return undefined;
}

/**
 * A place written in a headline's cell. A two-letter code in brackets after a town is its province ("Sesto San
 * Giovanni (MI)", "Lumezzane (BS)"), not a US state: the town's own country, when GeoNames knows it, wins.
 */
function headerPlace(cell: string): JobLocation | undefined {
  const read = parsePlace(cell.replace(WORK_MODE, ' '), false);
  // "Remote (US)": a country with no town.
  const place = read && onlyArrangement(read.city) ? { ...read, city: '' } : read;
  if (!place || !/\(\s*\p{Lu}{2}\s*\)\s*$/u.test(cell)) return place;
  const own = countryOfTown(place.city);
  return own ? { ...place, country: own.name } : place;
}

/** A line of sentences: prose whose words end in a full stop or semicolon ("… is required; a …"). */
const inSentences = (line: string) => isProseLine(line) && /\p{Ll}{2}[.!?;](?:\s|$)/u.test(line);

/** Below this probability the headline model's pick is not taken and the rules' value stays. */
const HEADLINE_MIN_CONFIDENCE = 0.5;
/** A pick replaces another segment the rules read only from this probability on. */
const HEADLINE_SURE = 0.9;
/** A rules' value the model gives less than this share gives way to its pick ("Sur site" read as the company). */
const HEADLINE_UNLIKELY = 0.1;
/** An empty field takes the pick from this probability on. */
const HEADLINE_FILL = 0.1;
/** A short acronym in brackets closing a line ("Staff Accountant (CPA)", "HR Generalist (SHRM-CP)"). */
const ACRONYM_QUALIFIER = /\((\p{Lu}[\p{Lu}\d&-]{1,7})\)\s*$/u;
/**
 * A city pick that GeoNames also knows as a town ("Venlo") is taken from this share on: two sources agree. Towns named
 * like words never reach it unless the model already reads them as the city.
 */
const HEADLINE_TOWN = 0.3;

/**
 * Whether `value` goes on from `part` other than across a headline separator: "Engineer, Cloud (EMEA)" from
 * "Engineer", "Intern (Bilingual) 2018" from "Intern (Bilingual)" do; "Wir suchen: Title", "[Acme] Title" do not.
 */
function continues(value: string, part: string): boolean {
  const at = value.indexOf(part);
  if (at < 0) return true;
  const before = value.slice(0, at);
  const after = value.slice(at + part.length);
  return (
    (!!after.trim() && !/^\s*[:–—|·•[\]]|^\s+[-/]\s/.test(after)) ||
    (!!before.trim() && !/[:–—|·•[\]]\s*$|\s[-/]\s+$/.test(before))
  );
}

/** Whether `value` holds one of `others` (as whole words) besides being it. */
const holdsAnother = (value: string, others: ReadonlyArray<string | undefined>) =>
  others.some((o) => o && foldWords(o) !== foldWords(value) && ` ${foldWords(value)} `.includes(` ${foldWords(o)} `));

/** The country a headline line names right after a city ("Zaandam, Nederland"), for a city the list lacks. */
function countryAfter(city: string, line: string): string {
  const at = line.indexOf(city);
  const next = at < 0 ? undefined : /^\s*[,(|·•–—-]\s*([^,()|·•–—]+)/u.exec(line.slice(at + city.length))?.[1];
  return (next && countryNamed(next.trim())?.name) || '';
}

/** A line opening with a short label and a colon, the label first: "Pay: £31,500 a year", "Shift: Day shift". */
const FIELD_LABEL = /^\s*([\p{L}][\p{L}'’ ./-]{0,30}?)\s*[:：]\s*\S/u;

/** A line that opens with an amount of money: "£34,000 – £38,000", "45.000 € brutto", "R$ 5.000", "USD 80k". */
const PAY_LINE =
  /^\s*(?:[€$£¥₹]|R\$|(?:EUR|USD|GBP|CHF|INR)\s?)\s*\d|^\s*\d[\d.,\s]*(?:k\s*)?(?:[€$£]|EUR\b|USD\b|GBP\b|CHF\b)/u;

/** The text part of job analysis: everything but the skills, which need the linker. */
export function parseJob(text: string): JobText {
  const lines = toLines(text);
  const sections = jobSections(lines);
  const header = sections[0]?.lines ?? [];
  const top = lines.slice(0, 40);

  let title = fieldValue(top, TITLE_FIELD);
  let company = fieldValue(top, COMPANY_FIELD);
  let titleLine = '';
  if (!title) {
    titleLine =
      header.find(
        (l) =>
          !isFieldLine(l.text) &&
          !l.bullet &&
          wordCount(l.text) <= 20 &&
          !/[.!?]$/.test(l.text) &&
          (!HIRING.test(l.text) || opensWithHiringPrefix(l.text)) &&
          !JOIN.test(l.text) &&
          !ABOUT_COMPANY.test(l.text),
      )?.text ?? '';
    title = titleLine;
  }
  const language = detectLanguage(text);
  const at = (language === 'es' ? AT_COMPANY_ES : AT_COMPANY).exec(title);
  // A bracket the comma cut open ("@ Acme (analyst, Team)") is no employer's name.
  const balanced = (v: string) => (v.match(/\(/g)?.length ?? 0) === (v.match(/\)/g)?.length ?? 0);
  if (at?.[1] && at[2] && balanced(at[2])) {
    title = tidy(at[1]);
    company ||= tidy(at[2]);
  }
  const split = !company ? splitTitleAndCompany(title) : undefined;
  if (split) ({ title, company } = split);
  // Headline words that belong to no field leave the rules' values: gender tags, a hiring prefix, "(Temporal)".
  const clean = (value: string) =>
    tidy(withoutTrailingNoise(withoutHiringPrefix(withoutGenderTags(value.replace(GENDER_TAG, '')))));
  title = clean(title);
  if (!company) {
    for (const l of top) {
      // "On recrute : Title" opens with a hiring prefix: "On" is no company.
      if (opensWithHiringPrefix(l.text)) continue;
      const m = HIRING.exec(l.text) ?? JOIN.exec(l.text);
      if (m?.[1]) {
        company = tidy(m[1].replace(/^(?:we\s+at|at)\s+/i, ''));
        break;
      }
    }
  }
  if (!company) {
    for (const l of [...header.slice(0, 3).map((h) => h.text), ...sections.map((x) => x.heading)]) {
      const m = ABOUT_COMPANY.exec(l);
      if (m?.[1] && !NOT_A_COMPANY.test(m[1].trim())) {
        company = tidy(m[1]);
        break;
      }
    }
  }

  if (!title) {
    const m = lines
      .slice(0, 5)
      .map((l) => LOOKING_FOR.exec(l.text))
      .find((x) => x?.[1] && !roleLess(x[1]));
    if (m?.[1]) title = tidy(m[1]);
  }

  const locationValue = lines.map((l) => LOCATION_FIELD.exec(l.text)?.[1]).filter((v): v is string => !!v);
  const places = locationValue.flatMap(locations);
  if (places.length === 0) {
    // No "Location:" field: a "City, Country" part of a header line ("Acme · Berlin, Germany (Hybrid)").
    for (const l of header.slice(0, 6)) {
      if (l.text === titleLine) continue;
      const found = l.text
        .split(/\s+[·•|–—-]\s+|\s*[·•|]\s*/)
        .map(headerPlace)
        .find((p) => p?.country);
      if (found) {
        places.push(found);
        break;
      }
    }
  }
  // The headline model decides where the rules guessed (a labelled "Job title:", "Company:", "Location:" is never
  // overruled): where they found nothing, took a value holding the model's one and more ("Wir suchen: Title"), a
  // value holding another field's value ("Contoso GmbH, Berlin" as company), or one the model is sure is not the
  // field ("Title – Remote" read as title – company).
  const model = headlineModel();
  const candidates = headlineCandidates(text);
  const picks = pickHeadline(text, model);
  // A field line's label ("Location: …") is no value of any field, whatever the model says; nor is any label a city
  // ("Pay: £31,500 a year") or a company ("Jornada: completa"), unless the title follows it ("Acme GmbH: Data
  // Engineer (Berlin)").
  const label = (p: { value: string; evidence: string }, field: HeadlineField) =>
    (isFieldLine(p.evidence) && foldWords(p.evidence).startsWith(`${foldWords(p.value)} `)) ||
    (foldWords(FIELD_LABEL.exec(p.evidence)?.[1] ?? '') === foldWords(p.value) &&
      (field === 'city' || picks.title?.evidence !== p.evidence)) ||
    // Nor is a line's hiring prefix ("Hiring: Line Cook at …").
    foldWords(hiringPrefixOf(p.evidence)) === foldWords(p.value);
  // A value on a labelled line belongs to that label's field ("Company: Acme" names no title); a banner ("Acme is
  // hiring!") is no title.
  const FIELD_OF: Record<HeadlineField, RegExp> = { title: TITLE_FIELD, company: COMPANY_FIELD, city: LOCATION_FIELD };
  const labelled = (line: string) => foldWords(/^[^:：]{2,40}[:：]\s*(.+)$/.exec(line)?.[1] ?? '');
  const misplaced = (field: HeadlineField, p: { value: string; evidence: string }) =>
    (isFieldLine(p.evidence) && !FIELD_OF[field].test(p.evidence) && labelled(p.evidence) === foldWords(p.value)) ||
    (field === 'title' && (HIRING.test(p.value) || JOIN.test(p.value)));
  const usable = (field: HeadlineField) => {
    const p = picks[field];
    // A shift or work arrangement is no city ("Registered Nurse - Med/Surg - Nights"), nor a company.
    const arrangement = p && field !== 'title' && onlyArrangement(p.value);
    // Nor is a street ("1421 Elm Street, Springfield, IL") a city.
    const street = p && field === 'city' && streetWords.inText(p.value);
    return p && !label(p, field) && !misplaced(field, p) && !arrangement && !street ? p : undefined;
  };
  const trusted = (field: HeadlineField) => {
    const p = usable(field);
    const town = field === 'city' && p !== undefined && p.confidence >= HEADLINE_TOWN && !!countryOfTown(p.value);
    return p && (p.confidence >= HEADLINE_MIN_CONFIDENCE || town) ? p : undefined;
  };
  const modelValue = {
    title: trusted('title')?.value,
    company: trusted('company')?.value,
    city: trusted('city')?.value,
  };
  const scored = (field: HeadlineField, value: string) =>
    headlineConfidence(candidates, model, field, value)?.confidence;
  const headLines = new Set(lines.slice(0, 6).map((l) => foldWords(l.text)));
  const decide = (
    field: HeadlineField,
    rules: string,
    others: ReadonlyArray<string | undefined>,
    taken: ReadonlyArray<string | undefined> = [],
  ): string => {
    // A rules' value holding another field's value is wrong: the joint assignment's pick, however unsure; so is one
    // equal to another field's value in the record ("Acme GmbH⏎Title, City" read by the rules as the title).
    const any = usable(field);
    if (rules && any && holdsAnother(rules, others) && !holdsAnother(any.value, others)) return any.value;
    const equal = (v: string) => taken.some((t) => t && foldWords(t) === foldWords(v));
    if (rules && any && equal(rules) && !equal(any.value)) return any.value;
    // With no "Location:" field, a rules' company that the joint assignment reads as the city, likely enough
    // ("Magazijnmedewerker – Venlo"): the assignment's company when it is sure enough of one, else none.
    const city = usable('city');
    if (
      field === 'company' &&
      rules &&
      !locationValue.length &&
      city &&
      city.probability >= HEADLINE_FILL &&
      foldWords(city.value) === foldWords(rules)
    )
      return any && any.confidence >= HEADLINE_FILL ? any.value : '';
    // An empty field takes the joint assignment's pick unless it is clearly unsure.
    // A lone weak candidate has a large share (nothing competes): a company or city must be likely on its own too (a
    // segment of a sentence, "A high school diploma is required", is no company); every ad has a title.
    // The model never saw a headline field inside sentences, so there it must be likely on its own, not just above
    // the fill ("A high school diploma is required; …" read as a company of a job written as paragraphs).
    const alone =
      field === 'title' ||
      (any?.probability ?? 0) >= (any && inSentences(any.evidence) ? HEADLINE_MIN_CONFIDENCE : HEADLINE_FILL);
    if (!rules) return any && any.confidence >= HEADLINE_FILL && alone ? any.value : rules;
    // A company or city the model finds twice as likely as the rules' segment, and no part of the title, wins whether
    // or not the model is sure of it ("Outside Sales Representative - HVAC Equipment" / "Johnson Supply | Houston":
    // the dash split guessed).
    const twiceAsLikely = (p: HeadlinePick | undefined): p is HeadlinePick => {
      const rulesScore = scored(field, rules);
      return (
        field !== 'title' &&
        p !== undefined &&
        rulesScore !== undefined &&
        p.confidence >= HEADLINE_FILL &&
        p.confidence >= 2 * rulesScore &&
        !` ${foldWords(title)} `.includes(` ${foldWords(p.value)} `)
      );
    };
    const pick = trusted(field);
    if (!pick) return any && twiceAsLikely(any) ? any.value : rules;
    if (foldWords(pick.value) === foldWords(rules)) return rules;
    if (!rules || holdsAnother(rules, others)) return pick.value;
    // The rules' value is the pick and more: the pick, when the more is across a separator ("Wir suchen: Title");
    // a continuation ("Engineer, Machine Learning (EMEA)", "Intern (Bilingual) 2018") stays.
    if (holdsAnother(rules, [pick.value])) return continues(rules, pick.value) ? rules : pick.value;
    // A value no segment of the headline equals (read by a pattern: "Acme is hiring!") stays; otherwise the model
    // decides between the two segments ("Title – Remote" read by the rules as title – company).
    const rulesScore = scored(field, rules);
    if (rulesScore === undefined)
      // No candidate equals it: the model read those words otherwise. A whole headline line ("Se busca talento",
      // a banner the slots cut) or a part of a sure pick ("Senior ICT" of "Senior ICT integration tester") gives way.
      return pick.confidence >= HEADLINE_SURE && (headLines.has(foldWords(rules)) || holdsAnother(pick.value, [rules]))
        ? pick.value
        : rules;
    // A rules' company or city the model finds unlikely gives way; a title is read from a whole line the model may
    // cut wrongly ("Operations Analyst, Sales, Google Cloud"), so only a sure pick replaces it.
    const unlikely = field !== 'title' && rulesScore < HEADLINE_UNLIKELY;
    return (rulesScore < pick.confidence && pick.confidence >= HEADLINE_SURE) || unlikely || twiceAsLikely(pick)
      ? pick.value
      : rules;
  };
  company = clean(company);
  const rulesCompany = company;
  if (!fieldValue(top, COMPANY_FIELD)) company = decide('company', company, [modelValue.title, modelValue.city]);
  // "Junior Accountant — Remote (UK)": a work arrangement or a country is no employer, whoever read it as one.
  if (onlyArrangementOrCountry(company)) company = '';
  // "Call Center Team Lead (BPO)", "Staff Accountant (CPA)", "Registered Nurse (RN)": a short acronym in brackets closing
  // the title's line qualifies the title when only the model read it as the employer; it is no employer.
  const qualifier = ACRONYM_QUALIFIER.exec(titleLine)?.[1];
  if (qualifier && company === qualifier && !rulesCompany) company = '';
  // A title may name its employer or place ("Engineer, Google Cloud" at Google): it is a mix only when the rules
  // did not read that company or city apart from it (here the company came from the model).
  const apart = {
    company:
      modelValue.company && foldWords(modelValue.company) === foldWords(company) && !rulesCompany
        ? modelValue.company
        : undefined,
    city:
      modelValue.city && !places.some((p) => foldWords(p.city) === foldWords(modelValue.city ?? ''))
        ? modelValue.city
        : undefined,
  };
  // A title holding the city as a whole segment ("Nurse, Tervo Zorg, Utrecht") is mixed too; a product named in a
  // segment ("Engineer, Google Cloud" at Google) is not.
  const segments = title.split(/\s*[,|·•–—/()[\]]\s*|\s+-\s+/).map(foldWords);
  const inTitle = (o: string | undefined) =>
    !!o && foldWords(o) !== foldWords(title) && segments.includes(foldWords(o));
  // The city as a segment marks the mix; the company alone may be a team ("Partner Manager, YouTube" at YouTube).
  const titleCity = [modelValue.city, places[0]?.city].filter(inTitle);
  // ... unless the headline names that company only on the title's line ("Pulp Technician, Domebe SAS — Marseille"):
  // then the title's line holds the company's slot ("Partner Manager, YouTube" below "YouTube is hiring!" stays).
  const named = (value: string) =>
    [...headLines].reduce((n, l) => n + ` ${l} `.split(` ${foldWords(value)} `).length - 1, 0);
  const companyInTitle = [company].filter((c) => inTitle(c) && named(c) === 1);
  const mixed = titleCity.length > 0 ? [...titleCity, ...[company].filter(inTitle)] : companyInTitle;
  // A title behind a hiring prefix that is also a label ("Offerta di lavoro: Title, Acme B.V. / Groningen") holding
  // the city as a segment is a headline: the model decides there too ("Job title: …" is a field, never overruled).
  const prefixed = top.some((l) => opensWithHiringPrefix(l.text) && TITLE_FIELD.test(l.text));
  if (!fieldValue(top, TITLE_FIELD) || (prefixed && titleCity.length > 0))
    // The model's pick may keep a hiring word the rules strip ("Cercasi Cameriere di sala").
    title = clean(
      decide('title', title, [apart.company, apart.city, ...mixed], [company, places[0]?.city, modelValue.city]),
    );
  if (modelValue.city && !locationValue.length) {
    // No "Location:" field: the model's city, first, unless the rules' first place scores higher as the city.
    const city = modelValue.city;
    const known = places.findIndex((p) => foldWords(p.city) === foldWords(city));
    const first = places[0];
    if (known > 0) places.unshift(...places.splice(known, 1));
    else if (known < 0 && (!first || (scored('city', first.city) ?? 0) < trusted('city')!.confidence))
      places.unshift({ city, country: countryOfTown(city)?.name || countryAfter(city, trusted('city')!.evidence) });
  }
  // "Nurse – Bath", "Chef de partie – Nice": the one segment after the title, when it names a town GeoNames knows,
  // carries no legal form or organisation word, and the ad names no place at all, is the place, not the employer.
  const town = company && !places.length && !fieldValue(top, COMPANY_FIELD) ? countryOfTown(company) : undefined;
  const afterTitle = titleLine
    .split(/\s+[–—|-]\s+/)
    .slice(1)
    .some((cell) => foldWords(cell) === foldWords(company));
  if (town && afterTitle && !legalForms.inText(company) && !organisationHints.inText(company)) {
    places.push({ city: company, country: town.name });
    company = '';
  }
  const confidence: JobFieldConfidence = {};
  for (const [field, value] of [
    ['title', title],
    ['company', company],
    ['city', places[0]?.city ?? ''],
  ] as const) {
    const found = headlineConfidence(candidates, model, field, value);
    if (found) confidence[field] = { confidence: found.confidence, evidence: found.evidence };
  }
  const activity = fieldValue(lines, SECTOR_FIELD);

  // Where contract words describe this job: the title, header and field lines, the about/benefits text —
  // not requirements ("experience with temporary staff").
  const framing = [
    title,
    ...header.map((l) => l.text),
    ...lines.filter((l) => isFieldLine(l.text)).map((l) => l.text),
    ...sectionLines(sections, 'about', 'benefits', 'other').map((l) => l.text),
  ].join('\n');
  const jobType = normalise(fieldValue(lines, JOB_TYPE_FIELD), JOB_TYPES) || normalise(framing, JOB_TYPES);
  const contractType =
    normalise(fieldValue(lines, CONTRACT_FIELD), CONTRACT_TYPES) || normalise(framing, CONTRACT_TYPES);

  const minimum = joinWrapped(sectionLines(sections, 'requirements'));
  const preferred = joinWrapped(sectionLines(sections, 'preferred'));
  // A pay line left under the last heading ("£34,000 – £38,000 + tronc.") is an offer, not a requirement.
  let requirements = [...minimum, ...preferred].filter((l) => !PAY_LINE.test(l));
  if (requirements.length === 0) {
    // No requirement heading: requirement-like lines outside the about/benefits/responsibilities text.
    requirements = joinWrapped(sectionLines(sections, 'header', 'other')).filter(
      (l) => l !== titleLine && !isFieldLine(l) && wordCount(l) <= 60 && REQUIREMENT_CUE.test(l) && !HIRING.test(l),
    );
  }

  // A short "Acme is hiring!" is a banner, not the description.
  const banner = (t: string) => (HIRING.test(t) || JOIN.test(t)) && wordCount(t) <= 8;
  const headerParagraphs = header.filter(
    (l) =>
      l.text !== titleLine &&
      !isFieldLine(l.text) &&
      !isJobHeading(l) &&
      !banner(l.text) &&
      (wordCount(l.text) >= 8 || /[.!?]$/.test(l.text)),
  );
  const aboutLines = sectionLines(sections, 'about');
  let description = joinWrapped([...headerParagraphs, ...aboutLines])
    .filter((l) => !requirements.includes(l))
    .join('\n');
  if (!description) description = joinWrapped(sectionLines(sections, 'responsibilities')).join('\n');

  const experienceLine =
    requirements.find((l) => EXPERIENCE_WORD.test(l) && statedMonths(l) !== undefined) ??
    requirements.find(
      (l) => statedMonths(l) !== undefined && /\b(?:years?|jahre?n?|ans|années|años|anni|jaar|anos)\b/i.test(l),
    ) ??
    requirements.find((l) => EXPERIENCE_WORD.test(l) && findDegrees(l).length === 0) ??
    '';

  // The degree a job asks for is the lowest one its mandatory lines accept ("BA/BS degree or equivalent", "MS or
  // PhD" → master): the first mandatory line naming a degree; preferred lines only when no mandatory line names one.
  const degreeLine = [minimum, preferred, requirements, lines.map((l) => l.text)]
    .map((group) => group.find((l) => findDegrees(l).length > 0))
    .find((l) => l !== undefined);
  let level = 0;
  let major = '';
  if (degreeLine) {
    for (const mention of findDegrees(degreeLine)) {
      const found = majorAfter(degreeLine, degreePhrase(degreeLine, mention).end);
      if (level === 0 || mention.level < level) level = mention.level;
      major ||= found;
    }
  }

  // The record's title without the gender endings joined to its words; the model's confidence was read above on the
  // headline's own words.
  const recordTitle = withoutGenderEndings(title);
  return {
    information: {
      title: recordTitle,
      company,
      description,
      activity_sector: activity,
      locations: places,
      job_type: jobType,
      contract_type: contractType,
    },
    experience_preference: {
      title: recordTitle,
      activity_sector: activity,
      description: experienceLine,
      duration: experienceLine ? (statedMonths(experienceLine) ?? 0) : 0,
    },
    education_preference: { degree: levelName(level), major, score: '' },
    job_requirements: requirements,
    source_language: language,
    ...(Object.keys(confidence).length > 0 ? { field_confidence: confidence } : {}),
    preferred,
  };
}

function relationship(skill: LinkedSkill, preferred: readonly string[]): SkillRelationship {
  if (skill.hint === 'optional') return 'optional';
  const evidence = foldWords(skill.evidence);
  if (evidence && OPTIONAL_MARKER.test(skill.evidence)) return 'optional';
  const inPreferred = preferred.some((p) => {
    const f = foldWords(p);
    return f.includes(evidence) || (f.length >= 20 && evidence.includes(f));
  });
  if (evidence && inPreferred) return 'optional';
  return 'required';
}

export async function analyzeJobText(text: string, linker: SkillLinker): Promise<JobContent> {
  return linkJobSkills(parseJob(text), text, linker);
}

/**
 * The skills part of job analysis, shared by every analyzer: skills in preferred lines are optional; the company's
 * and the places' names and hiring prefixes ("Offre d'emploi :") are no skills (masked before linking).
 */
export async function linkJobSkills(job: JobText, text: string, linker: SkillLinker): Promise<JobContent> {
  const { preferred, ...parsed } = job;
  const { company, locations: places } = parsed.information;
  const names = [company, ...places.flatMap((p) => [p.city, p.country])];
  const linked = await linker.link(maskNames(blankHiringPrefixes(text), names), parsed.source_language, 'job');
  const { hard, soft } = toRecordSkills(linked.skills, (s) => relationship(s, preferred));
  return {
    ...parsed,
    source_language: languageCode(linked.language, parsed.source_language),
    hard_skills: hard,
    soft_skills: soft,
  };
}
