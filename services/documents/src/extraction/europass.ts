/**
 * Europass CV XML (the attachment Europass PDFs carry; schema V2 lowercase tags, V3 `SkillsPassport`) written out
 * as a plain CV text with the headings, date ranges and "Label: value" lines the rules analyzer reads. The XML
 * states each field on its own, so this text is more reliable than the PDF's laid-out pages.
 */
import { XMLParser } from 'fast-xml-parser';

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  transformTagName: (name) => name.toLowerCase(),
  transformAttributeName: (name) => name.toLowerCase(),
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
});

const asArray = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first child found along `path` (lowercase tag names), through single elements or the first of a list. */
function at(node: unknown, ...path: string[]): unknown {
  let cur: unknown = node;
  for (const key of path) {
    const here: unknown = asArray(cur)[0];
    if (!isNode(here)) return undefined;
    cur = here[key];
  }
  return cur;
}

/** Text of an element: a string, an element's `#text`, or '' (HTML markup in V3 descriptions removed). */
function text(v: unknown): string {
  const first = asArray(v)[0];
  const raw =
    typeof first === 'string' ? first : isNode(first) && typeof first['#text'] === 'string' ? first['#text'] : '';
  return raw
    .replace(/<\/(?:p|li|div)>|<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

const label = (node: unknown, ...path: string[]) => text(at(node, ...path, 'label')) || text(at(node, ...path));

/** "03/2015" / "2015" from V3 attributes (year="2015" month="--03") or V2 children (<year>, <month>). */
function date(node: unknown): string {
  const n = asArray(node)[0];
  if (!isNode(n)) return '';
  const year = String(n['@year'] ?? text(n['year']) ?? '').trim();
  const month = String(n['@month'] ?? text(n['month']) ?? '').replace(/\D/g, '');
  if (!/^\d{4}$/.test(year)) return '';
  return month ? `${month.padStart(2, '0')}/${year}` : year;
}

function period(node: unknown): string {
  const from = date(at(node, 'period', 'from'));
  const current = text(at(node, 'period', 'current')) === 'true';
  const to = current ? 'present' : date(at(node, 'period', 'to'));
  if (!from && !to) return '';
  return from && to ? `${from} – ${to}` : from ? `${from} – present` : to;
}

function place(contact: unknown): string {
  const address = at(contact, 'address', 'contact') ?? at(contact, 'address');
  return [text(at(address, 'municipality')), label(address, 'country')].filter(Boolean).join(', ');
}

function entries(learner: unknown, list: string, item: string): unknown[] {
  return asArray(at(learner, list, item));
}

/** The CV text of a Europass XML document, or undefined when it is not one or names nobody. */
export function europassText(xml: string): string | undefined {
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch {
    return undefined;
  }
  // V3: SkillsPassport/LearnerInfo; V2: learnerinfo at the root.
  const learner = at(doc, 'skillspassport', 'learnerinfo') ?? doc['learnerinfo'];
  if (!isNode(asArray(learner)[0])) return undefined;
  const id = at(learner, 'identification');
  const first = text(at(id, 'personname', 'firstname')) || text(at(id, 'firstname'));
  const last = text(at(id, 'personname', 'surname')) || text(at(id, 'lastname'));
  if (!first && !last) return undefined;
  const contact = at(id, 'contactinfo');
  const out: string[] = [[first, last].filter(Boolean).join(' ')];
  const address = at(contact, 'address', 'contact') ?? at(contact, 'address');
  const addressLine = [
    text(at(address, 'addressline')),
    [text(at(address, 'postalcode')), text(at(address, 'municipality'))].filter(Boolean).join(' '),
    label(address, 'country'),
  ]
    .filter(Boolean)
    .join(', ');
  if (addressLine) out.push(`Address: ${addressLine}`);
  const phones = [
    ...asArray(at(contact, 'telephonelist', 'telephone')).map((t) => text(at(t, 'contact'))),
    text(at(contact, 'telephone')),
    text(at(contact, 'mobile')),
  ].filter(Boolean);
  for (const phone of phones) out.push(`Phone: ${phone}`);
  const email = text(at(contact, 'email', 'contact')) || text(at(contact, 'email'));
  if (email) out.push(`Email: ${email}`);

  const work = [
    ...entries(learner, 'workexperiencelist', 'workexperience'),
    ...entries(learner, 'workexperience', 'workexperience'),
  ];
  if (work.length) out.push('', 'Work experience');
  for (const w of work) {
    out.push(
      '',
      label(w, 'position'),
      [text(at(w, 'employer', 'name')), place(at(w, 'employer', 'contactinfo'))].filter(Boolean).join(', '),
      period(w),
    );
    const sector = label(w, 'employer', 'sector');
    if (sector) out.push(`Sector: ${sector}`);
    out.push(text(at(w, 'activities')));
  }
  const education = [...entries(learner, 'educationlist', 'education'), ...entries(learner, 'education', 'education')];
  if (education.length) out.push('', 'Education');
  for (const e of education) {
    out.push('', text(at(e, 'title')), text(at(e, 'organisation', 'name')), period(e));
  }
  const skills = at(learner, 'skills');
  const skillTexts = ['computer', 'jobrelated', 'organisational', 'communication', 'other'].map((k) =>
    text(at(skills, k, 'description')),
  );
  const v2Skills = asArray(at(learner, 'skilllist', 'skill')).map((s) => text(s));
  const allSkills = [...skillTexts, ...v2Skills].filter(Boolean);
  if (allSkills.length) out.push('', 'Skills', ...allSkills);
  return out
    .filter((line, i, all) => line !== '' || (i > 0 && all[i - 1] !== ''))
    .join('\n')
    .trim();
}

/** The Europass rendering when it carries more than a name (entries of work or education), else undefined. */
export function usableEuropassText(xml: string | undefined): string | undefined {
  if (!xml) return undefined;
  const rendered = europassText(xml);
  return rendered && /\n(?:Work experience|Education)\n/.test(rendered) ? rendered : undefined;
}
