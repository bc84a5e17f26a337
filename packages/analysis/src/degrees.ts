/** Degree mentions (en, de, fr, es, it, nl, pt), their level, and the field of study written after them. */
import { legalForms, roleWords, schoolWords } from './lexicon.js';
import { MONTH_NAMES, MONTH_WORDS } from './dates.js';
import { foldSameLength, tidy } from './text.js';

export const DEGREE_LEVELS = ['', 'High School', 'Vocational', 'Associate', 'Bachelor', 'Master', 'Doctorate'] as const;

export interface DegreeMention {
  /** 1 high school … 6 doctorate (DEGREE_LEVELS). */
  level: number;
  /** As written: "Bachelor of Science", "B.E.", "Master's degree". */
  text: string;
  index: number;
  end: number;
}

const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
// Context that makes a bare two-letter abbreviation a degree ("BS in …", "MS or PhD", "BA/BS degree") and not
// "MS Office" or a US state after a comma ("Boston, MA").
const CTX = '(?=\\s*(?:degree|deg\\b|in\\b|en\\b|of\\b|or\\b|and\\b|[/,;)(]|\\.(?!\\w)|-\\s|$))';
const NOT_STATE = '(?<!,\\s?)';
// Nor a state written after its city without a comma at the end of a line ("Westmoor University, Boston MA",
// "Baltimore MD 21201").
const NOT_CITY_STATE = '(?!(?<=\\p{Lu}\\p{Ll}+\\s)(?:MA|MS|ME|MD)(?:\\s+\\d{5}(?:-\\d{4})?)?\\s*$)';
// Not the tail of a name's initials ("Dr. R.M.L.S College", "A.J.D. Rao").
const NOT_INITIALS = '(?<!\\p{L}\\.)';
// French "Licence Économie", "Licence 3 Droit" opening an entry; not a licence named after its kind ("Driving Licence").
const NOT_AFTER_WORD = '(?<![\\p{L},]\\s)';

// What follows "of" in a degree's name: the kind of degree, not its field ("Bachelor of Science Informatik" is a
// BSc in computer science). Longest first, matched on folded text.
const DEGREE_KINDS = [
  'business administration',
  'public administration',
  'computer applications',
  'applied sciences?',
  'veterinary medicine',
  'dental surgery',
  'public health',
  'social work',
  'fine arts',
  'liberal arts',
  'international affairs',
  'arts?',
  'sciences?',
  'engineering',
  'technology',
  'laws?',
  'commerce',
  'education',
  'philosophy',
  'medicine',
  'surgery',
  'nursing',
  'music',
  'architecture',
  'pharmacy',
  'divinity',
  'theology',
  'letters',
  'management',
  'agriculture',
];

/** Case-insensitive patterns, matched on folded text (lowercase, no accents). */
const FOLDED: ReadonlyArray<readonly [number, string]> = [
  [
    6,
    `p\\.?\\s?h\\.?\\s?d\\.?|d\\.?\\s?phil\\.?|doctorate|doctoral(?:\\s+degree|(?!\\s+(?:thesis|dissertation|research|fellow)))|doctorat|doctorado|dottorato(?:\\s+di\\s+ricerca)?|doctoraat|doutorado|doutoramento|doutora?(?=\\s+em\\s)|psy\\.?\\s?d\\.?|ed\\.\\s?d\\.?|juris\\s+doctor(?:ate)?|doctor\\s+of\\s+(?:${DEGREE_KINDS.join('|')})|docteur(?=\\s+(?:en|es|d['’]))|doktor(?=\\s+der\\s)|dr\\.\\s?(?:rer|phil|ing|med)\\.?(?:\\s?nat\\.?)?`,
  ],
  [
    5,
    // "Master 2 Data Science": the French master's second year; "Mastère spécialisé"; Italian "Dottore magistrale
    // in …"; Dutch "doctoraal" (the university degree before Bologna); Portuguese "Mestre em"; Spanish "Ingeniero
    // Superior/Industrial" (the five-year engineering degree before Bologna). "Postgraduate Professional Diploma in
    // Marketing", "Post Graduate Academic Diploma": the diploma's kind between (it was read as "Postgraduate" alone).
    `master\\s[12](?=\\s|$)|mastere(?:\\s+specialise)?|dottor(?:e|essa)\\s+magistrale(?=\\s+in\\s)|doctoraal(?:\\s?examen)?|mestre(?=\\s+em\\s)|ingenier[oa]\\s+(?:superior|industrial)|(?<!scrum\\s)(?<!web)(?<!quiz)(?<!\\b(?:to|will|can|could|would|should|must|quickly|easily|rapidly|fully|help|helps|helped)\\s)master(?:['’]?s)?(?!\\s*(?:data|card|file|plan|schedule|class|mind|key|list|page|copy|branch|node|chef|thesis|research\\s+project|project|coursework|dissertation|degree\\s+of\\s+freedom))|maitrise|magister|masterstudium|masterabschluss|mestrado|laurea\\s+(?:magistrale|specialistica)|diplom(?:-?(?:ingenieur|ing\\.?|kaufmann|kauffrau|informatiker|physiker|mathematiker|psychologe|biologe|chemiker|volkswirt|betriebswirt|designer|padagoge)(?:in)?)?(?![a-z])|bac\\s?\\+\\s?5|post\\s?-?graduate(?:(?:\\s+(?:academic|professional|research|taught|higher))?\\s+(?:degree|diploma|certificate))?|pgdm|pg\\s+diploma|diplome\\s+d['’]?\\s*ingenieur|ingenieur\\s+diplome|m\\.?b\\.?a\\.?|m\\.?\\s?sc\\.?|m[.-]?\\s?tech|m\\.\\s?com\\.?|mcom|mca|post[\\s-]?graduation(?=\\s+in\\s)|(?:erstes\\s+|zweites\\s+)?staatsexamen|postgrado|posgrado|pos-?graduacao|dipl\\.\\s?-?\\s?(?:ing|kfm|kff|inf|phys|math|psych|biol|chem|des)\\.`,
  ],
  [
    4,
    // "Graduate in Commerce": in Indian CVs a graduate is a bachelor (not "will graduate in Spring 2026").
    // Spanish "Diplomatura en …" (the three-year degree before Bologna; not "Diplomado", a course in Latin America);
    // Quebec's "Baccalauréat en génie"
    // (a bachelor's there; France's baccalauréat is written "Baccalauréat S", "… scientifique"); Brazilian
    // "Graduação em …".
    `diplomatura(?=\\s+en\\s)|diplome\\s+d['’]\\s?etat(?:\\s+(?:d['’]\\s?|de\\s+)\\p{L}+)?|ingenieria(?=\\s+en\\s)|baccalaureat(?=\\s+(?:en|es)\\s)|graduacao(?=\\s+em\\s)|bachelor(?:['’]?s)?|bachelier|bachelorstudium|bachelorabschluss|licence(?=\\s+(?:en|professionnelle|pro|de|d['’]))|licenciatura|licenciad[oa]|grado(?=\\s+(?:en|universitario))|laurea(?:\\s+triennale)?|laureat[oa](?=\\s+in\\s)|bacharelado|bacharel(?=\\s+em\\s)|dottor(?:e|essa)(?=\\s+in\\s)|ingenier(?:[oa]|ia)\\s+tecnic[oa]|undergraduate\\s+degree|(?<!\\b(?:with|for|to|of|the|an?|and|or|our|their|in|on|at|by|among)\\s)undergraduate(?=\\s*(?:[,;:(–-]|in\\s|of\\s|$))|(?:university|college|academic)\\s+degree|hochschulabschluss|(?:abgeschlossenes\\s+)?(?:fach)?hochschulstudium|abgeschlossenes\\s+studium|universitatsabschluss|bac\\s?\\+\\s?[34]|hbo(?:[\\s-](?:bachelor|opleiding|diploma|niveau|werk-?\\s?en\\s?denkniveau))?|wo[\\s-](?:bachelor|opleiding|niveau)|diplome\\s+universitaire|titulo\\s+universitario|diploma\\s+di\\s+laurea|degree(?=\\s+in\\s)|(?<!post[\\s-]?)(?<!\\b(?:a|an|the|recent|fresh|new|to|will|shall|i|we|did)\\s)graduat(?:ion|e)(?=\\s+in\\s+(?!(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|spring|summer|fall|autumn|winter|the|an?|my|top|first|class)\\b)[a-z])|b\\.?\\s?sc\\.?|b[.-]?\\s?tech|b\\.\\s?com\\.?|bcom|bba|bca`,
  ],
  [
    3,
    `associate(?:['’]?s)?\\s+(?:degree|of\\s+(?:arts|science|sciences|applied(?:\\s+(?:science|sciences|arts|business|technology))?|education|business|engineering|nursing|technology|general(?:\\s+studies)?))|(?:(?<!\\p{L}\\s)|(?<=\\ban\\s))associate(?:['’]?s)?\\s+in\\s+(?:applied\\s+)?(?:arts|science|sciences|general\\s+studies)|associate['’]?s(?=\\s+in\\s+\\p{L})|higher\\s+national\\s+(?:diploma|certificate)|advanced\\s+diploma|foundation\\s+degree|bac\\s?\\+\\s?2|tecnico\\s+superior|deug|diplome\\s+d['’]?\\s*etudes\\s+collegiales`,
  ],
  [
    2,
    // Brazilian "Curso Técnico em Enfermagem" (a vocational course; "Técnico em …" alone is also a post).
    `curso\\s+tecnico(?=\\s+em\\s)|berufsausbildung|abgeschlossene\\s+ausbildung|(?:ausbildung|lehre)(?=\\s+(?:als|zum|zur)\\s)|(?:kaufmannische|gewerbliche|duale)\\s+(?:ausbildung|lehre)|abgeschlossene\\s+lehre|formacion\\s+profesional|ciclo\\s+formativo|vocational(?:\\s+(?:training|qualification|degree|certificate))?|apprenticeship|(?<!post\\s?-?graduate\\s)(?<!pg\\s)diploma(?!\\s+(?:di\\s+laurea|de\\s+grado))|certificado\\s+de\\s+profesionalidad|(?<!\\b(?:a|an|the|this|my|our)\\s)certificate(?=\\s+in\\s+\\p{L})`,
  ],
  [
    1,
    // School-leaving qualifications: Indian "Class XII"/"Std. X"/"Senior Secondary" (a PDF may glue
    // "SecondarySchool"), German "Allgemeine Hochschulreife"/"Mittlere Reife", French "brevet des collèges",
    // Italian "diploma di maturità", Dutch "VMBO/MAVO" (cased below). Indian CVs name the two years after class 10
    // "10+2", "+2" or "Plus Two" (not "+2" before digits, a phone number, nor "5 +2" or "plus two years", counts).
    `10\\s?\\+\\s?2|(?:(?<![\\p{L}\\p{N}]\\s?)\\+\\s?2(?!\\s*[\\d(])|plus\\s+(?:two|2))(?!\\s+(?:years?|yrs?|months?|weeks?|days?|hours?|more|additional|others?)\\b)|high\\s+school(?:\\s+diploma)?|(?:(?:higher|senior|sr\\.?)\\s*)?secondary\\s*school(?:\\s+certificate)?|(?:higher|senior|sr\\.?)\\s*secondary|(?:class|std\\.?|standard)\\s*[-:]?\\s*(?:x|xii|10|12)(?:th)?|(?:x|xii)(?:th)?\\s+(?:std|standard|class)|(?:allgemeine\\s+)?(?:fach)?hochschulreife|mittlere\\s+reife|realschulabschluss|hauptschulabschluss|brevet\\s+des\\s+colleges|diploma\\s+di\\s+maturita|abitur|fachabitur|matura|maturita|baccalaureat|bachillerato|ensino\\s+(?:medio|secundario)|a-levels?|a\\s+levels|gcse|matriculation|12th|10th|certificate\\s+of\\s+(?:secondary\\s+)?education`,
  ],
];

/** Case-sensitive abbreviations, matched on the original text. */
const CASED: ReadonlyArray<readonly [number, string]> = [
  // Indian, US and British abbreviations of professional degrees ("MBBS", "MBChB", "B.Pharm", "PGDCA", "PharmD",
  // "DVM").
  [
    6,
    `PhD|DPhil|DSc|Dr\\.-Ing\\.|${NOT_STATE}${NOT_CITY_STATE}MD${CTX}|M\\.D\\.|JD${CTX}|${NOT_INITIALS}J\\.D\\.|Ed\\.\\s?D|EdD|PharmD|Pharm\\.\\s?D\\.?|DVM|D\\.V\\.M\\.?|DDS|D\\.D\\.S\\.?|DNP`,
  ],
  [
    5,
    `MSc|MASc|M\\.A\\.Sc\\.?|M\\.\\s?Sc\\.?|M\\.S\\.\\s?Ed\\.?|M\\.F\\.A\\.?|M\\.P\\.H\\.?|M\\.P\\.A\\.?|M\\.S\\.N\\.?|M\\.S\\.|${NOT_INITIALS}M\\.S${CTX}|${NOT_STATE}${NOT_CITY_STATE}MS${CTX}|${NOT_STATE}${NOT_CITY_STATE}MA${CTX}|${NOT_INITIALS}M\\.A\\.?|MBA|MEng|M\\.\\s?Eng\\.?|M\\.?\\s?Tech|MCA|M\\.\\s?Ed\\.?|MEd|MPhil|M\\.\\s?Phil\\.?|LL\\.?\\s?M\\.?|MPA|MPH|MFA|M\\.\\s?Com\\.?|MCom|MSW|M\\.S\\.W\\.?|${NOT_INITIALS}M\\.L\\.S\\.?|MLIS|MSEE|MSCS|${NOT_STATE}${NOT_CITY_STATE}ME${CTX}|M\\.E\\.?${CTX}|M\\.C\\.A\\.?|M\\.\\s?Arch\\.?|MArch|M\\.\\s?Pharm(?:a|\\.)?|MPharm|M\\.\\s?Des\\.?|MDes|MSN|EMBA|DESS|DEA(?=\\s+(?:de|en|d['’]))|DEA${CTX}|PGDBA|PGDCA|PGDBM|PGDHRM|P\\.G\\.D\\.M\\.?|PGCE|PGDE`,
  ],
  [
    4,
    `BSc|B\\.A\\.Sc\\.?|B\\.\\s?Comm\\.?|BComm|B\\.\\s?Sc\\.?|B\\.S\\.\\s?Ed\\.?|B\\.S\\.B\\.A\\.?|BSBA|B\\.B\\.A\\.?|B\\.F\\.A\\.?|B\\.S\\.N\\.?|${NOT_INITIALS}B\\.S\\.W\\.?|B\\.S\\.?|BS${CTX}|BA${CTX}|B\\.A\\.?|BE${CTX}|B\\.E\\.?|BEng|B\\.\\s?Eng\\.?|B\\.?\\s?Tech|BCom|B\\.\\s?Com\\.?|BBA|BCA|B\\.\\s?Ed\\.?|BEd|BFA|LL\\.?\\s?B\\.?|BCL|BSEE|BSME|BSIE|BSCS|BASc|HBO|B\\.C\\.A\\.?|B\\.\\s?Arch\\.?|BArch|B\\.\\s?Pharm(?:a|\\.)?|BPharm|BDS|MBBS|M\\.B\\.B\\.S\\.?|MBChB|MB\\s?ChB|M\\.B\\.\\s?Ch\\.B\\.?|MBBCh|B\\.\\s?Des\\.?|BDes|BBM|BHM|BSN|BSW|B\\.L\\.|B\\.\\s?Voc\\.?|BVoc|BHMS|BAMS|BUMS|${NOT_AFTER_WORD}Licence(?=\\s+(?:[1-3](?![\\p{L}\\p{N}])|(?!(?:Holder|Number|No|Plate|Category|Class|Type|Status|Valid)\\b)\\p{Lu}\\p{Ll}+))`,
  ],
  // Quebec's college diploma: "DEC en sciences de la nature", "D.E.C." (not the month "DEC 2015").
  [
    3,
    `DEC(?=\\s+(?:en|in|professional|technique|general|général)\\s)|D\\.E\\.C\\.|A\\.A\\.S?\\.?|A\\.S\\.|AAS${CTX}|A[AS](?=\\s+(?:[Dd]egree|in\\s+\\p{Lu}\\p{Ll}))|DUT|BTS${CTX}|HND|HNC`,
  ],
  [2, `CAP${CTX}|BEP${CTX}|MBO(?:[\\s-]?[1-4])?|BTEC|ITI${CTX}|I\\.T\\.I\\.?`],
  // Also dotted ("H.S.C", "S.S.L.C."), as Indian and Bangladeshi CVs write them.
  [
    1,
    `GED|HSSC|HSC|SSC|HAVO|VWO|VMBO|MAVO|SSLC|HSLC|AISSCE?|ICSE|CBSE|XIIth|Xth|H\\.\\s?S\\.\\s?C\\.?|S\\.\\s?S\\.\\s?(?:L\\.\\s?)?C\\.?`,
  ],
];

const FOLDED_RE = FOLDED.map(([level, re]) => [level, new RegExp(`${B}(?:${re})${E}`, 'gu')] as const);
const CASED_RE = CASED.map(([level, re]) => [level, new RegExp(`${B}(?:${re})(?![\\p{L}\\p{N}])`, 'gu')] as const);

/** Every degree mention in the text, in order; overlapping mentions keep the longest. */
export function findDegrees(text: string): readonly Readonly<DegreeMention>[] {
  // Sections, entries and fields look at the same lines again and again; a small cache keeps that cheap.
  const cached = DEGREE_CACHE.get(text);
  if (cached) return cached;
  const found = computeDegrees(text);
  if (DEGREE_CACHE.size >= 4096) DEGREE_CACHE.clear();
  DEGREE_CACHE.set(text, found);
  return found;
}

const DEGREE_CACHE = new Map<string, readonly Readonly<DegreeMention>[]>();

function computeDegrees(text: string): DegreeMention[] {
  const folded = foldSameLength(text);
  const all: DegreeMention[] = [];
  for (const [level, re] of FOLDED_RE)
    for (const m of folded.matchAll(re))
      all.push({ level, text: text.slice(m.index, m.index + m[0].length), index: m.index, end: m.index + m[0].length });
  for (const [level, re] of CASED_RE)
    for (const m of text.matchAll(re)) all.push({ level, text: m[0], index: m.index, end: m.index + m[0].length });
  all.sort((a, b) => a.index - b.index || b.end - a.end);
  const out: DegreeMention[] = [];
  for (const d of all) {
    const prev = out[out.length - 1];
    if (prev && d.index < prev.end) continue;
    // "Master's degree in X" is one mention, not a master's plus a generic degree.
    if (prev && /^degree/i.test(d.text) && d.index - prev.end < 25) continue;
    out.push(d);
  }
  return out;
}

const KIND_AFTER_OF = new RegExp(
  `^\\s+of\\s+(?:${DEGREE_KINDS.join('|')})(?:\\s+(?:and|&)\\s+(?:${DEGREE_KINDS.join('|')}))?(?![\\p{L}])`,
  'u',
);

// "Bachelor of Laws (LL.B)", "(LL.B Honours)", "(BA Hons)": the degree's abbreviation in brackets, with its honours.
// After a name written out, a capitalised word in brackets is part of it too ("Bachelor of Arts (Global)").
const BRACKETED_ABBREVIATION = /^\s*\((?:[A-Z][\w.]*)(?:\s+\(?Hon(?:ou?rs|s)?\.?\)?)?\)/u;
// After an abbreviated degree ("B.E. (Mechanical)", "Ph.D. (Economics)", "BE (IT)") only an abbreviation is: one
// with a second capital, a period or a digit, or a short one; a capitalised word is the field (bracketedField).
const BRACKETED_ABBREVIATION_ONLY =
  /^\s*\((?:Hon(?:ou?rs|s)\.?|[A-Z](?=[\w.]*[A-Z.\d])[\w.]*|[A-Z][a-z]{0,2}\.?)(?:\s+\(?Hon(?:ou?rs|s)?\.?\)?)?\)/u;

const JOINED_WORD = /^\s+(?:and|&)\s+(\p{Lu}\p{Ll}+)(?=\s*(?:[,(–—-]|$))/u;

/** "Bachelor" + " of Science" / "'s degree" as written, stopping before " in …" and before a field of study. */
export function degreePhrase(text: string, mention: DegreeMention): { degree: string; end: number } {
  const after = text.slice(mention.end);
  const lead = /^(?:\s+degree)?/i.exec(after)![0].length;
  const kind = KIND_AFTER_OF.exec(foldSameLength(after.slice(lead)));
  let extra: string;
  if (kind) {
    // A known kind: the phrase ends there, so a field written next ("… of Science Informatik") stays the major.
    // "Master of Public Health and Epidemiology": one more word joined to the kind, closing the name, is part of it.
    const joined = JOINED_WORD.exec(after.slice(lead + kind[0].length));
    const end = lead + kind[0].length + (joined && !findDegrees(joined[1]!).length ? joined[0].length : 0);
    extra = after.slice(0, end) + /^(?:\s+degree)?/u.exec(after.slice(end))![0];
    extra += BRACKETED_ABBREVIATION.exec(after.slice(extra.length))?.[0] ?? '';
  } else {
    const m =
      /^(?:\s+(?:[Dd]egree|DEGREE))?(?:\s+(?:of|in\s+the\s+field\s+of)\s+(?:\p{Lu}[\p{L}.]*|and|&)(?:\s+(?:\p{Lu}[\p{L}.]*|and|&|of))*)?(?:\s+(?:[Dd]egree|DEGREE))?/u.exec(
        after,
      );
    extra = m ? m[0].replace(/\s+(?:and|&|of)$/, '') : '';
    const bracketed = /\sof\s/.test(extra) ? BRACKETED_ABBREVIATION : BRACKETED_ABBREVIATION_ONLY;
    if (extra === m?.[0]) extra += bracketed.exec(after.slice(extra.length))?.[0] ?? '';
    // "PhD degree of Kenyatta University": capitalised words after "of" that name a school are where the degree
    // was earned, not its kind.
    const of = /\s+of\s/.exec(extra);
    if (of && schoolWords.inText(extra.slice(of.index))) extra = extra.slice(0, of.index);
  }
  return { degree: (mention.text + extra).trim(), end: mention.end + extra.length };
}

const FIELD_INTRO =
  /^\s*(?:['’]?s)?(?:\s+(?:degree|deg\.|diploma|abschluss|studium|programme|program|title|titulo|titre|grado|diplome))?\s*(?:in\s+(?:the\s+)?(?:field|area)s?\s+of|im\s+bereich|in\s+de|in|en|em|im|der|des|di|de|of|zum|zur|als|:|,|-|–)\s+/iu;
const FIELD_END = new RegExp(
  String.raw`,?\s+(?:or|oder|ou|o|of|oppure|y|e)\s+(?:\p{L}+\s+){0,3}?(?:related|equivalent|similar|relevant|comparable|vergleichbar\w*|verwandt\w*|[ée]quival\w*|gelijkwaardig\w*|affin\w*|afin\w*|connexe\w*|relacionad\w*|correlat\w*|aanverwant\w*|technical|quantitative)|\s+(?:or\s+)?equivalent\s+(?:practical\s+)?experience|[.;(]|\s+[-–—|]\s+|,\s*(?:\p{L}+\s+){0,2}\p{L}+\s*:|\s+(?:from|at|with|and\s+\d|von|an\s+der|bei|à|a\s+la|presso|aan\s+de|na|pela|pelo|por\s+la|por\s+el)\s+|\s+\d|,?\s+class\s+of\b|,?\s+(?:${MONTH_NAMES.join('|')})\b|(?:^|\s+)(?:summa\s+|magna\s+)?cum\s+laude|\s+with\s+(?:high\s+)?(?:distinction|honou?rs)|,\s*(?:expected|anticipated|graduat\w*|ongoing|in\s+progress|voraussichtlich|pr[ée]vu|previsto|verwacht|concentration|speciali[sz]ation|minor|major|emphasis|option|track|schwerpunkt|nebenfach|mineure|c?gpa|g\.\s?p\.\s?a|grade|score|marks|percentage|aggregate|note|nota|voto|cijfer|moyenne|mention|m[ée]dia|department|dept|faculty|fakult[äa]t|facult[ée]|facultad|facolt[àa]|faculteit|faculdade|fachbereich|abteilung|d[ée]partement|departamento|dipartimento)\b|$`,
  'iu',
);

// Words that may join the capitalised words of a field written straight after the degree.
const FIELD_JOINERS = new Set([
  'and',
  '&',
  'und',
  'et',
  'y',
  'e',
  'en',
  'of',
  'de',
  'des',
  'der',
  'di',
  'del',
  'da',
  'do',
  'van',
  'voor',
]);
// Capitalised words after a degree that describe the degree's state, not its field ("PhD Candidate", "MBA Student").
// Honours written where a field would stand ("B.S.W." / "Summa cum laude", "J.D. (Cum Laude)") are no field.
const HONOURS_WORDS = /\b(?:cum\s+laude|hono(?:u)?rs|hons|distinction|first\s+class)\b/i;
const NOT_FIELD =
  /^(?:candidate|student|programme|program|thesis|research|project|course|coursework|exchange|degree|diploma|certificate|graduate|honours|honors|hons|class|level|niveau|nivel|livello|expected|ongoing|completed|pursuing|in\s+progress|studium|studiengang|cursus|curso|corso|opleiding)$/i;

/**
 * A field written straight after the degree without a preposition, the usual form on CV lines in most of the
 * seven languages ("BSc Computer Science", "Master Marketing et Communication", "Bachelor Verpleegkunde"):
 * capitalised words (and joiners) up to the end of the line part, not a school, role or state word.
 */
function bareField(rest: string): string {
  const m = /^\s+(\p{Lu}[^,;|()\d–—]*)/u.exec(rest);
  if (!m?.[1]) return '';
  const stop = FIELD_END.exec(m[1]);
  const field = tidyField(stop ? m[1].slice(0, stop.index) : m[1]);
  const words = field.split(/\s+/);
  if (!field || words.length > 6 || isDateWord(words[0]!)) return '';
  if (!words.every((w, i) => /^\p{Lu}/u.test(w) || (i > 0 && FIELD_JOINERS.has(w.toLowerCase())))) return '';
  // "Honors: National Honor Society": a labelled line under a degree is no field either.
  // "Lehre" / "Fakefirma GmbH": a firm's name under an apprenticeship is where it was served, no field.
  if (
    NOT_FIELD.test(words[0]!.replace(/[:：]$/, '')) ||
    schoolWords.inText(field) ||
    roleWords.inText(field) ||
    legalForms.inText(field)
  )
    return '';
  return field;
}

/** A line that holds only a field of study, written under its degree ("Marketing", "Computer Science"). */
export function fieldLine(text: string): string {
  if (findDegrees(text).length > 0) return '';
  // "Mathematical Science with Statistics": a British joint field, each side a field of its own.
  const joint = /^(.+?)\s+with\s+(\p{Lu}.*)$/u.exec(tidy(text));
  if (joint && fieldLine(joint[1]!) && fieldLine(joint[2]!)) return tidy(text);
  const field = bareField(` ${text}`);
  if (field === tidy(text)) return field;
  // French, Spanish, Italian and Portuguese write a field in sentence case ("Informatique de gestion").
  const t = tidy(text);
  const first = t.split(/\s+/)[0]!;
  return !HONOURS_WORDS.test(t) &&
    /^\p{Lu}\p{Ll}+(?:\s+[\p{Ll}&]+){1,4}$/u.test(t) &&
    !NOT_FIELD.test(first) &&
    !/ed$/i.test(first) &&
    !schoolWords.inText(t) &&
    !roleWords.inText(t)
    ? t
    : '';
}

// "Bachelor of Science in Biology in 2012": a preposition the date was cut from is no part of the field.
// "(Master in Management)": a closing bracket whose opening one stands before the degree is no part of the field.
function tidyField(s: string): string {
  return s
    .replace(/[\s,:;\-–]+$/, '')
    .replace(/\)$/, (b) => (s.includes('(') ? b : ''))
    .replace(/\s+(?:in|during|since|until|till|im|seit|bis|en|depuis|dal|nel|sinds|desde|em)$/i, '')
    .trim();
}

/** The field of study written after a degree mention ("in Computer Science, Engineering"), or ''. */
export function majorAfter(text: string, end: number): string {
  const intro = FIELD_INTRO.exec(text.slice(end));
  if (!intro) return bracketedField(text.slice(end)) || bareField(text.slice(end));
  const rest = text.slice(end + intro[0].length);
  // "Doctor of Philosophy, (Business Administration - MIS), 1999": the field in brackets after a comma.
  if (/^\(/.test(rest)) return bracketedField(rest);
  // "PhD - Thesis title: …" names a label, not a field of study; "History - Thesis: …" ends at the dash.
  if (/^[^,.;:]{0,40}:/.test(rest.split(/\s+[-–—|]\s+/)[0]!)) return '';
  const stop = FIELD_END.exec(rest);
  const field = tidyField(
    (stop ? rest.slice(0, stop.index) : rest).replace(
      /^(?:an?|the|einem?|einer|une?|uno|una|um|uma|een|del|della|major\s+in|major\s*:)\s+/i,
      '',
    ),
  );
  // "Associate of Arts, December 2007", "MBA, 1979": a date after the degree is when, not what.
  if (!/^\p{L}/u.test(field) || isDateWord(field.split(/\s+/)[0]!)) return '';
  // "in Dec 2010": an abbreviated month before a year.
  if (
    /^\p{L}+\.?$/u.test(field) &&
    MONTH_WORDS.includes(foldSameLength(field).replace(/\.$/, '')) &&
    /^\.?\s*\d/.test(rest.slice(rest.indexOf(field) + field.length))
  )
    return '';
  return field.length > 1 && field.length <= 100 ? field : '';
}

function isDateWord(word: string): boolean {
  return MONTH_NAMES.includes(foldSameLength(word).replace(/[.,]$/, ''));
}

// "Bachelor of Arts (Note 1,7)", "B.Com (GPA 3.4)", "(72%)": a grade in brackets is no field of study; nor is the
// programme's length ("B.S. (4 year program)", "(2 years)").
const BRACKETED_GRADE =
  /^\s*(?:c?gpa|g\.\s?p\.\s?a\.?|grade|note|nota|voto|cijfer|moyenne|mention|m[ée]dia|score|marks|percentage|aggregate|cgpi|cpi|\d)\b|\d\s*%|\d[.,]\d/iu;

/**
 * The field in brackets after the degree ("B.Tech (Electronics and Communication)", "Ph.D. (Economics,
 * Econometrics)"); an abbreviation in brackets ("(IT)", "(Hons)") is part of the degree's name instead.
 */
function bracketedField(rest: string): string {
  // "B.Tech. (Computer Science)": the abbreviation's period may stand before the bracket.
  const m = /^\.?\s*\(([^()]{3,80})\)/u.exec(rest);
  if (
    !m?.[1] ||
    !/\p{Ll}/u.test(m[1]) ||
    /^\s*hon/i.test(m[1]) ||
    HONOURS_WORDS.test(m[1]) ||
    BRACKETED_GRADE.test(m[1]) ||
    findDegrees(m[1]).length > 0
  )
    return '';
  const field = tidy(m[1]);
  return schoolWords.inText(field) || isDateWord(field.split(/\s+/)[0]!) ? '' : field;
}

export function levelName(level: number): string {
  return DEGREE_LEVELS[level] ?? '';
}
