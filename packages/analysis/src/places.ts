/**
 * Country names (English, native and the other analysed languages) → canonical English name and ISO 3166 code,
 * plus first-level regions of a few large countries, so "Pune, Maharashtra" or "Austin, TX" name their country.
 */
import { committedData } from './data-files.js';
import { CITIES } from './headline-data.js';
import { foldWords } from './text.js';

export interface Country {
  name: string;
  code: string;
}

const COUNTRY_TABLE: ReadonlyArray<readonly [string, string, string]> = [
  [
    'United States',
    'US',
    'usa|us|u s a|u s|united states of america|america|etats unis|estados unidos|stati uniti|verenigde staten|vereinigte staaten',
  ],
  [
    'United Kingdom',
    'GB',
    'uk|u k|great britain|england|scotland|wales|northern ireland|royaume uni|reino unido|regno unito|verenigd koninkrijk|vereinigtes konigreich|grossbritannien|angleterre|inglaterra|inghilterra|engeland|schottland|ecosse',
  ],
  ['Germany', 'DE', 'deutschland|allemagne|alemania|germania|duitsland|alemanha'],
  ['France', 'FR', 'frankreich|francia|frankrijk|franca'],
  ['Spain', 'ES', 'espana|spanien|espagne|spagna|spanje|espanha'],
  ['Italy', 'IT', 'italia|italien|italie|italie|italia'],
  [
    'Netherlands',
    'NL',
    'the netherlands|nederland|holland|niederlande|pays bas|paises bajos|paesi bassi|paises baixos|holanda',
  ],
  ['Belgium', 'BE', 'belgique|belgie|belgien|belgica|belgio'],
  ['Switzerland', 'CH', 'schweiz|suisse|svizzera|suiza|zwitserland|suica'],
  ['Austria', 'AT', 'osterreich|autriche|oostenrijk'],
  ['Portugal', 'PT', 'portogallo'],
  ['Luxembourg', 'LU', 'luxemburg|luxemburgo|lussemburgo'],
  ['Ireland', 'IE', 'irland|irlande|irlanda|ierland|eire'],
  ['Poland', 'PL', 'polska|polen|pologne|polonia|polonia'],
  ['Sweden', 'SE', 'sverige|schweden|suede|suecia|svezia|zweden|suecia'],
  ['Norway', 'NO', 'norge|norwegen|norvege|noruega|norvegia|noorwegen'],
  ['Denmark', 'DK', 'danmark|danemark|dinamarca|danimarca|denemarken|danemark'],
  ['Finland', 'FI', 'suomi|finnland|finlande|finlandia|finlandia'],
  ['Czech Republic', 'CZ', 'czechia|cesko|tschechien|republique tcheque|republica checa|repubblica ceca|tsjechie'],
  ['Romania', 'RO', 'rumanien|roumanie|rumania|roemenie'],
  ['Greece', 'GR', 'griechenland|grece|grecia|griekenland'],
  ['Hungary', 'HU', 'ungarn|hongrie|hungria|ungheria|hongarije'],
  ['Turkey', 'TR', 'turkiye|turkei|turquie|turquia|turchia|turkije'],
  ['Russia', 'RU', 'russland|russie|rusia|russia|rusland'],
  ['Ukraine', 'UA', 'ucrania|ucraina|oekraine'],
  ['Canada', 'CA', 'kanada|canada'],
  ['Mexico', 'MX', 'mexiko|mexique|messico'],
  ['Brazil', 'BR', 'brasil|brasilien|bresil|brasile|brazilie'],
  ['Argentina', 'AR', 'argentinien|argentine|argentinie'],
  ['Chile', 'CL', 'chili|cile'],
  ['Colombia', 'CO', 'kolumbien|colombie'],
  ['Peru', 'PE', 'perou'],
  ['India', 'IN', 'indien|inde|indie'],
  ['China', 'CN', 'chine|cina|prc'],
  ['Japan', 'JP', 'japon|giappone|japao'],
  ['South Korea', 'KR', 'korea|republic of korea|sudkorea|coree du sud|corea del sur|corea del sud|zuid korea'],
  ['Taiwan', 'TW', ''],
  ['Hong Kong', 'HK', ''],
  ['Singapore', 'SG', 'singapur|singapour|singapura'],
  ['Malaysia', 'MY', 'malaisie|malasia'],
  ['Indonesia', 'ID', 'indonesien|indonesie'],
  ['Philippines', 'PH', 'philippinen|filipinas|filippine|filipijnen'],
  ['Vietnam', 'VN', 'viet nam'],
  ['Thailand', 'TH', 'thailande|tailandia'],
  ['Pakistan', 'PK', ''],
  ['Bangladesh', 'BD', ''],
  ['Sri Lanka', 'LK', ''],
  ['Nepal', 'NP', ''],
  ['Australia', 'AU', 'australien|australie|australie'],
  ['New Zealand', 'NZ', 'neuseeland|nouvelle zelande|nueva zelanda|nuova zelanda|nieuw zeeland'],
  ['South Africa', 'ZA', 'sudafrika|afrique du sud|sudafrica|zuid afrika'],
  ['Nigeria', 'NG', ''],
  ['Kenya', 'KE', 'kenia'],
  ['Egypt', 'EG', 'agypten|egypte|egipto|egitto'],
  ['Morocco', 'MA', 'marokko|maroc|marruecos|marocco'],
  ['Tunisia', 'TN', 'tunesien|tunisie|tunez'],
  ['Algeria', 'DZ', 'algerien|algerie|argelia'],
  ['Israel', 'IL', ''],
  [
    'United Arab Emirates',
    'AE',
    'uae|u a e|emirates|vereinigte arabische emirate|emirats arabes unis|emiratos arabes unidos',
  ],
  ['Saudi Arabia', 'SA', 'saudi arabien|arabie saoudite|arabia saudita|arabia saudi'],
  ['Qatar', 'QA', 'katar'],
  // Countries whose names are not also common given names or surnames ("Jordan", "Chad" are left out).
  ['Iran', 'IR', 'persia'],
  ['Iraq', 'IQ', 'irak'],
  ['Lebanon', 'LB', 'libanon|liban|libano'],
  ['Kuwait', 'KW', ''],
  ['Oman', 'OM', ''],
  ['Bahrain', 'BH', ''],
  ['Afghanistan', 'AF', ''],
  ['Ethiopia', 'ET', 'athiopien|ethiopie|etiopia|ethiopie'],
  ['Ghana', 'GH', ''],
  ['Uganda', 'UG', 'ouganda'],
  ['Tanzania', 'TZ', 'tansania|tanzanie'],
  ['Zimbabwe', 'ZW', 'simbabwe'],
  ['Zambia', 'ZM', 'sambia|zambie'],
  ['Cameroon', 'CM', 'kamerun|cameroun|camerun'],
  ['Senegal', 'SN', 'senegal'],
  ['Ivory Coast', 'CI', 'cote divoire|elfenbeinkuste|costa de marfil|costa davorio|ivoorkust|costa do marfim'],
  ['Serbia', 'RS', 'serbien|serbie|servie|servia'],
  ['Croatia', 'HR', 'kroatien|croatie|croacia|croazia|kroatie|croacia'],
  ['Slovenia', 'SI', 'slowenien|slovenie|eslovenia|slovenie'],
  ['Slovakia', 'SK', 'slowakei|slovaquie|eslovaquia|slovacchia|slowakije|eslovaquia'],
  ['Bulgaria', 'BG', 'bulgarien|bulgarie|bulgarije'],
  ['Lithuania', 'LT', 'litauen|lituanie|lituania|litouwen|lituania'],
  ['Latvia', 'LV', 'lettland|lettonie|letonia|lettonia|letland|letonia'],
  ['Estonia', 'EE', 'estland|estonie|estonia'],
  ['Iceland', 'IS', 'islande|islandia|islanda|ijsland'],
  ['Cyprus', 'CY', 'zypern|chypre|chipre|cipro'],
  ['Malta', 'MT', ''],
  ['Venezuela', 'VE', ''],
  ['Ecuador', 'EC', 'equateur|equador'],
  ['Bolivia', 'BO', 'bolivien|bolivie'],
  ['Uruguay', 'UY', 'uruguai'],
  ['Paraguay', 'PY', 'paraguai'],
  ['Costa Rica', 'CR', ''],
  ['Panama', 'PA', ''],
  ['Guatemala', 'GT', ''],
  ['Dominican Republic', 'DO', 'republica dominicana|dominikanische republik|republique dominicaine'],
  ['Cuba', 'CU', 'kuba'],
];

const COUNTRIES = new Map<string, Country>();
for (const [name, code, aliases] of COUNTRY_TABLE) {
  const country = { name, code };
  for (const alias of [name, ...aliases.split('|')]) if (alias) COUNTRIES.set(foldWords(alias), country);
}

// Regions whose names (or postal codes) are written after a city instead of the country.
const REGIONS: ReadonlyArray<readonly [string, string]> = [
  [
    'US',
    'al|ak|az|ar|ca|co|ct|de|dc|fl|ga|hi|id|il|in|ia|ks|ky|la|me|md|ma|mi|mn|ms|mo|mt|ne|nv|nh|nj|nm|ny|nc|nd|oh|ok|or|pa|ri|sc|sd|tn|tx|ut|vt|va|wa|wv|wi|wy|' +
      'alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|georgia|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|' +
      'massachusetts|michigan|minnesota|mississippi|missouri|montana|nebraska|nevada|new hampshire|new jersey|new mexico|new york|north carolina|north dakota|ohio|oklahoma|' +
      'oregon|pennsylvania|rhode island|south carolina|south dakota|tennessee|texas|utah|vermont|virginia|washington|west virginia|wisconsin|wyoming|district of columbia',
  ],
  [
    'IN',
    'andhra pradesh|arunachal pradesh|assam|bihar|chhattisgarh|goa|gujarat|haryana|himachal pradesh|jharkhand|karnataka|kerala|madhya pradesh|maharashtra|manipur|meghalaya|' +
      'mizoram|nagaland|odisha|orissa|punjab|rajasthan|sikkim|tamil nadu|telangana|tripura|uttar pradesh|uttarakhand|west bengal|delhi|new delhi|jammu and kashmir|chandigarh|puducherry',
  ],
  [
    'CA',
    'ontario|quebec|british columbia|alberta|manitoba|saskatchewan|nova scotia|new brunswick|newfoundland|on|qc|bc|ab',
  ],
  ['AU', 'new south wales|victoria|queensland|western australia|south australia|tasmania|nsw|vic|qld'],
  // Brazil's largest states by code only: their names are also cities ("Rio de Janeiro", "São Paulo"), and codes
  // that are also common abbreviations ("BA", "PR", "PE") are left out.
  ['BR', 'sp|rj|mg|rs|df'],
  // European first-level regions, in their own language and in English ("München, Bayern, Deutschland", "Bergamo,
  // Lombardia"); a region whose name is also a city's (Berlin, Madrid, Utrecht, Salzburg, Lisboa) is left out.
  [
    'DE',
    'baden-württemberg|bayern|bavaria|hessen|hesse|niedersachsen|lower saxony|nordrhein-westfalen|north rhine-westphalia|nrw|' +
      'rheinland-pfalz|rhineland-palatinate|saarland|sachsen|saxony|sachsen-anhalt|saxony-anhalt|schleswig-holstein|thüringen|thuringia|' +
      'mecklenburg-vorpommern',
  ],
  [
    'FR',
    'île-de-france|auvergne-rhône-alpes|hauts-de-france|nouvelle-aquitaine|occitanie|grand est|provence-alpes-côte d’azur|' +
      "provence-alpes-côte d'azur|paca|bretagne|brittany|normandie|normandy|pays de la loire|centre-val de loire|bourgogne-franche-comté",
  ],
  [
    'ES',
    'andalucía|andalusia|cataluña|catalunya|catalonia|comunidad de madrid|comunitat valenciana|comunidad valenciana|galicia|' +
      'castilla y león|país vasco|euskadi|basque country|castilla-la mancha|canarias|canary islands|aragón|extremadura|asturias|' +
      'navarra|cantabria|islas baleares|illes balears|región de murcia',
  ],
  [
    'IT',
    'lombardia|lombardy|lazio|campania|sicilia|sicily|veneto|emilia-romagna|piemonte|piedmont|puglia|apulia|toscana|tuscany|' +
      "calabria|sardegna|sardinia|liguria|marche|abruzzo|friuli-venezia giulia|trentino-alto adige|umbria|basilicata|molise|valle d'aosta",
  ],
  [
    'NL',
    'noord-holland|north holland|zuid-holland|south holland|noord-brabant|north brabant|gelderland|overijssel|friesland|fryslân|' +
      'drenthe|zeeland|flevoland',
  ],
  ['AT', 'niederösterreich|lower austria|oberösterreich|upper austria|steiermark|styria|tirol|tyrol|kärnten|carinthia|vorarlberg|burgenland'],
  ['BE', 'vlaanderen|flanders|wallonie|wallonia|vlaams-brabant|oost-vlaanderen|west-vlaanderen'],
  ['PT', 'algarve|alentejo'],
];
const REGION_COUNTRY = new Map<string, string>();
for (const [code, names] of REGIONS)
  for (const folded of names.split('|').map(foldWords)) if (!REGION_COUNTRY.has(folded)) REGION_COUNTRY.set(folded, code);
const BY_CODE = new Map([...COUNTRIES.values()].map((c) => [c.code, c]));

/** A country named by this text (whole text, any supported language), or undefined. */
export function countryNamed(text: string): Country | undefined {
  return COUNTRIES.get(foldWords(text));
}

/**
 * The country implied by a region written after a city ("Maharashtra", "CA 94043", "TX"). Two-letter codes only
 * count when written in capitals, so "in"/"or"/"me" in prose are not states.
 */
export function countryOfRegion(text: string): Country | undefined {
  // "OR 97xxx": a sample CV's postcode with its last digits blanked is still one.
  const t = text.trim().replace(/\s*\d[\d\s-]*x*$/, '');
  if (/^[A-Za-z]{2}$/.test(t) && t !== t.toUpperCase()) return undefined;
  const code = REGION_COUNTRY.get(foldWords(t));
  return code ? BY_CODE.get(code) : undefined;
}

let cityCountries: Map<string, Country> | undefined;
/** The country of a city our list names ("Stuttgart" → Germany, "Lisboa" → Portugal), or undefined. */
export function countryOfCity(city: string): Country | undefined {
  cityCountries ??= new Map(
    Object.entries(CITIES).flatMap(([name, cities]) => {
      const country = countryNamed(name);
      return country ? cities.map((c) => [foldWords(c), country] as const) : [];
    }),
  );
  return cityCountries.get(foldWords(city));
}

export function countryByCode(code: string): Country | undefined {
  return BY_CODE.get(code);
}

const towns = committedData<{ countries: Record<string, string> }>('towns.json');
const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });
/** Town → country code, by the name as written (lower case) and folded; built on first use. */
let townCountries: { asWritten: Map<string, string>; folded: Map<string, string> } | undefined;
function townCountryMaps(): { asWritten: Map<string, string>; folded: Map<string, string> } {
  const entries = Object.entries(towns().countries).flatMap(([code, names]) =>
    names.split('|').map((n) => [n, code] as const),
  );
  return {
    asWritten: new Map(entries.map(([n, code]) => [n.toLocaleLowerCase(), code])),
    folded: new Map(entries.map(([n, code]) => [foldWords(n), code])),
  };
}
/** GeoNames' towns of 15,000 people or more in a country (data/towns.json), by the country's name. */
export function townsOf(country: string): readonly string[] {
  const code = countryNamed(country)?.code;
  return code ? (towns().countries[code]?.split('|') ?? []) : [];
}

/**
 * The country of a place already read as a town ("Doncaster" → United Kingdom, "Rimini" → Italy): our city list
 * first, then GeoNames' towns of 15,000 people or more (data/towns.json, a shared name going to the most populous).
 * Only for a place found by other evidence: towns named like words ("Reading", "Mobile") would make poor finds.
 */
export function countryOfTown(town: string): Country | undefined {
  const listed = countryOfCity(town);
  if (listed) return listed;
  townCountries ??= townCountryMaps();
  // Folding merges names that differ only by accents ("Münster", Germany; "Munster", Indiana): as written first.
  const code = townCountries.asWritten.get(town.trim().toLocaleLowerCase()) ?? townCountries.folded.get(foldWords(town));
  if (!code) return undefined;
  return BY_CODE.get(code) ?? { name: REGION_NAMES.of(code) ?? code, code };
}
