// Generated CV fragments for the name model (train-acceptance.mjs): experience headers whose firm's or place's name
// holds a skill's label ("Brintex Logistics Ltd, Leeds", "KALVOR ENERGY  Austin, TX", "Analyst at Norvale Banking,
// Pune"), next to skill lines that use the same labels as skills, in lowercase and in Title Case ("Skills: logistics,
// banking", "• Logistics"). dotin labels few names (33 mentions in half A), so the model learns the shapes of header
// lines from these too. Text we generate: shippable. Deterministic for a seed.
import { mulberry32 } from './benchmarks.mjs';

const SYLLABLES = ['bren', 'kal', 'vor', 'nor', 'vale', 'tex', 'lum', 'dar', 'sen', 'rik', 'mo', 'tan', 'zel', 'ard', 'quin', 'bel', 'fos', 'ter', 'ox', 'ly'];
const GENERIC = ['Global', 'United', 'National', 'First', 'Advanced', 'Premier', 'City', 'Northern', 'Pacific', 'Metro'];
const ORGANISATION = ['Ltd', 'Inc.', 'LLC', 'GmbH', 'Pvt Ltd', 'Group', 'Services', 'Solutions', 'Company', 'Corporation', 'Associates', 'Partners'];
const POSTS = ['Software Engineer', 'Project Manager', 'Sales Associate', 'Data Analyst', 'Customer Service Assistant', 'Accountant', 'Team Lead', 'Consultant', 'Teacher', 'Operations Manager'];
const STATES = ['TX', 'CA', 'NY', 'WA', 'MD', 'IL', 'MA', 'QC', 'NSW', 'KA'];
const MONTHS = ['Jan', 'Mar', 'May', 'June', 'Sept', 'Oct', 'Dec'];
const HEADINGS = { experience: ['EXPERIENCE', 'Work History', 'Professional Experience', 'Employment'], skills: ['SKILLS', 'Skills', 'Core Competencies', 'Technical Skills'] };

const titleCase = (label) => label.replace(/\p{L}+/gu, (w) => w[0].toUpperCase() + w.slice(1));

/**
 * `labels`: lowercase skill labels of one or two words; `cities`: place names. Returns texts, each with the spans of
 * the names it wrote ({ start, end }) and of the skills it wrote.
 */
export function generateNameTexts({ labels, cities, count, seed }) {
  const random = mulberry32(seed);
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const proper = () => {
    const n = 2 + Math.floor(random() * 2);
    const word = Array.from({ length: n }, () => pick(SYLLABLES)).join('');
    return word[0].toUpperCase() + word.slice(1);
  };
  const year = () => 1995 + Math.floor(random() * 25);
  const dates = () => {
    const from = year();
    return random() < 0.5 ? `${pick(MONTHS)} ${from} – ${random() < 0.3 ? 'Present' : `${pick(MONTHS)} ${from + 1 + Math.floor(random() * 4)}`}` : `${from} - ${from + 1 + Math.floor(random() * 5)}`;
  };
  const texts = [];
  for (let k = 0; k < count; k++) {
    let text = '';
    const names = [];
    const skills = [];
    /** Appends parts: a string, or [kind, string] for a span to remember. */
    const write = (...parts) => {
      for (const part of parts) {
        if (typeof part === 'string') text += part;
        else {
          (part[0] === 'name' ? names : skills).push({ start: text.length, end: text.length + part[1].length });
          text += part[1];
        }
      }
    };
    const used = [pick(labels), pick(labels), pick(labels)];
    if (random() < 0.3) write(`${pick(POSTS)} - `, ['name', `${proper()} ${titleCase(pick(labels))}`], '\n');
    write(`${pick(HEADINGS.experience)}\n`);
    for (const label of used) {
      const shape = random();
      const word = titleCase(label);
      let firm =
        shape < 0.4 ? `${proper()} ${word}` : shape < 0.6 ? `${pick(GENERIC)} ${word}` : shape < 0.8 ? `${word} ${pick(ORGANISATION)}` : `${proper()} ${word} ${pick(ORGANISATION)}`;
      if (shape >= 0.4 && shape < 0.8 && random() < 0.5) firm += ` ${pick(ORGANISATION)}`;
      if (random() < 0.2) firm = firm.toUpperCase();
      const city = pick(cities);
      // Towns named like a skill too ("Cypress, CA", "Spring, TX").
      const town = random() < 0.2 ? titleCase(pick(labels).split(' ')[0]) : city;
      const place = random() < 0.3 || town !== city ? `${town}, ${pick(STATES)}` : town;
      const layout = Math.floor(random() * 8);
      if (layout === 0) write(`${pick(POSTS)}, `, ['name', firm], ', ', ['name', place], '\n');
      else if (layout === 1) write(['name', firm], ' – ', ['name', place], `\n${pick(POSTS)}\n`);
      else if (layout === 2) write(`${pick(POSTS)} at `, ['name', firm], ', ', ['name', place], `  ${dates()}\n`);
      else if (layout === 3) write(`${dates()}  `, ['name', firm], '  ', ['name', place], '\n');
      else if (layout === 4) write(['name', firm], '  ', ['name', place], `\n${pick(POSTS)}  ${dates()}\n`);
      else if (layout === 5) write(['name', firm], ' | ', ['name', place], ` | ${dates()}\n`);
      else if (layout === 6) write(`${pick(POSTS)} – `, ['name', firm], ' – ', ['name', place], '\n');
      else write(['name', firm], ` (${dates()})\n`);
      // Skills in the entry too: in prose, and in Title Case at a bullet's start.
      const other = pick(labels);
      if (random() < 0.5) write('Responsible for ', ['skill', other], ` with ${pick(['clients', 'the team', 'suppliers'])}.\n`);
      else write('• ', ['skill', titleCase(other)], ` for ${pick(['clients', 'the team', 'three sites'])}\n`);
    }
    // The same labels as skills: lowercase in prose and lists, Title Case in a list of competencies or alone.
    write(`\n${pick(HEADINGS.skills)}\n`);
    const [a, b, c] = used;
    const style = Math.floor(random() * 4);
    if (style === 0) write('Skills: ', ['skill', a], ', ', ['skill', b], ', ', ['skill', c], '\n');
    else if (style === 1) write(['skill', titleCase(a)], ', ', ['skill', titleCase(b)], ', ', ['skill', titleCase(c)], '\n');
    else if (style === 2) write('• ', ['skill', titleCase(a)], '\n• ', ['skill', titleCase(b)], '\n• ', ['skill', titleCase(c)], '\n');
    else write('Experienced in ', ['skill', a], ' and ', ['skill', b], ', with some ', ['skill', c], '.\n');
    texts.push({ text, names, skills });
  }
  return texts;
}
