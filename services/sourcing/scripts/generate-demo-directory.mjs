#!/usr/bin/env node
// Writes the demo directory of the `directory` provider: clearly fake people, deterministic for a given seed.
//   node services/sourcing/scripts/generate-demo-directory.mjs                       → services/sourcing/data/demo-directory.jsonl (500 profiles)
//   node services/sourcing/scripts/generate-demo-directory.mjs --count 100000 --out /tmp/dir.jsonl [--seed 7]
// Everything is invented: surnames from a list of obvious placeholders, `example.com` addresses, phone numbers
// from the ranges reserved for fiction (+1 555 01xx, +44 7700 900xxx), companies and schools marked "(fictional)".
// Dates are relative to a fixed reference date (REFERENCE_DATE), never to the clock, so the file never changes.
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REFERENCE_DATE = '2026-11-01';
const DAY_MS = 86_400_000;

const FIRST_NAMES = [
  'Ada',
  'Amir',
  'Ana',
  'Ben',
  'Chloé',
  'Chen',
  'Dara',
  'Elif',
  'Emma',
  'Felix',
  'Greta',
  'Hugo',
  'Ines',
  'Ivan',
  'Jonas',
  'Kai',
  'Lena',
  'Lucas',
  'Maya',
  'Mateo',
  'Nadia',
  'Noah',
  'Olga',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sam',
  'Sofia',
  'Tariq',
  'Una',
  'Yuki',
];
// Placeholder surnames nobody mistakes for a real person's.
const LAST_NAMES = [
  'Example',
  'Sample',
  'Placeholder',
  'Demo',
  'Testwell',
  'Mockford',
  'Fictus',
  'Dummond',
  'Specimen',
  'Prototype',
  'Stub',
  'Lorem',
  'Ipsum',
  'Fakely',
  'Madeup',
  'Pretendo',
];

const COMPANIES = [
  'Contoso',
  'Fabrikam',
  'Northwind Traders',
  'Globex',
  'Initech',
  'Hooli',
  'Umbrella Logistics',
  'Acme Analytics',
  'Vandelay Industries',
  'Soylent Foods',
  'Stark Health',
  'Wonka Retail',
  'Tyrell Systems',
  'Cyberdyne Cloud',
  'Oceanic Air',
  'Pied Piper',
  'Massive Dynamic',
  'Gringotts Finance',
  'Duff Beverages',
  'Monsters Energy',
].map((name) => `${name} (fictional)`);

const SCHOOLS = [
  'Northfield Institute of Technology',
  'University of Eastbrook',
  'Westmoor University',
  'Lakeside College',
  'Highgate Business School',
  'Riverbend Polytechnic',
  'Southport University',
  'Kingsbridge School of Nursing',
].map((name) => `${name} (fictional)`);

const LOCATIONS = [
  { name: 'Berlin, Germany', language: 'German', phone: 'eu' },
  { name: 'Munich, Bavaria, Germany', language: 'German', phone: 'eu' },
  { name: 'Paris, Île-de-France, France', language: 'French', phone: 'eu' },
  { name: 'Lyon, Auvergne-Rhône-Alpes, France', language: 'French', phone: 'eu' },
  { name: 'Amsterdam, North Holland, Netherlands', language: 'Dutch', phone: 'eu' },
  { name: 'London, England, United Kingdom', language: null, phone: 'eu' },
  { name: 'Manchester, England, United Kingdom', language: null, phone: 'eu' },
  { name: 'Dublin, Ireland', language: null, phone: 'eu' },
  { name: 'Madrid, Spain', language: 'Spanish', phone: 'eu' },
  { name: 'Barcelona, Catalonia, Spain', language: 'Spanish', phone: 'eu' },
  { name: 'Milan, Lombardy, Italy', language: 'Italian', phone: 'eu' },
  { name: 'Warsaw, Poland', language: 'Polish', phone: 'eu' },
  { name: 'Lisbon, Portugal', language: 'Portuguese', phone: 'eu' },
  { name: 'Stockholm, Sweden', language: 'Swedish', phone: 'eu' },
  { name: 'Zürich, Switzerland', language: 'German', phone: 'eu' },
  { name: 'New York, NY, United States', language: null, phone: 'na' },
  { name: 'San Francisco, CA, United States', language: null, phone: 'na' },
  { name: 'Austin, TX, United States', language: null, phone: 'na' },
  { name: 'Chicago, IL, United States', language: null, phone: 'na' },
  { name: 'Toronto, ON, Canada', language: 'French', phone: 'na' },
  { name: 'Montreal, QC, Canada', language: 'French', phone: 'na' },
  { name: 'São Paulo, Brazil', language: 'Portuguese', phone: 'eu' },
  { name: 'Bangalore, Karnataka, India', language: 'Hindi', phone: 'eu' },
  { name: 'Sydney, NSW, Australia', language: null, phone: 'eu' },
];

// Job families: base titles, the titles above them, skills (real names), study fields, work done (for descriptions).
const FAMILIES = [
  {
    titles: ['Backend Engineer', 'Software Engineer', 'Full Stack Developer'],
    manager: 'Engineering Manager',
    director: 'Director of Engineering',
    executive: 'Chief Technology Officer',
    skills: [
      'Python',
      'Java',
      'Go',
      'TypeScript',
      'Node.js',
      'PostgreSQL',
      'Kubernetes',
      'Docker',
      'AWS',
      'gRPC',
      'Redis',
      'Kafka',
      'REST APIs',
      'Microservices',
      'Git',
    ],
    majors: ['Computer Science', 'Software Engineering', 'Mathematics'],
    work: [
      'designed and ran {s} services for a payments platform',
      'moved a monolith to {s} microservices',
      'cut API latency by tuning {s} queries',
      'built the event pipeline on {s}',
      'mentored engineers and reviewed {s} code',
    ],
  },
  {
    titles: ['Frontend Developer', 'Web Developer', 'Mobile Developer'],
    manager: 'Engineering Manager',
    director: 'Director of Engineering',
    executive: 'Chief Technology Officer',
    skills: [
      'JavaScript',
      'TypeScript',
      'React',
      'Vue.js',
      'Angular',
      'HTML',
      'CSS',
      'Swift',
      'Kotlin',
      'React Native',
      'Figma',
      'Accessibility',
      'Jest',
      'Webpack',
    ],
    majors: ['Computer Science', 'Interaction Design', 'Media Technology'],
    work: [
      'rebuilt the checkout front end in {s}',
      'shipped a {s} design system used by six teams',
      'raised accessibility scores with {s}',
      'launched a mobile app written in {s}',
    ],
  },
  {
    titles: ['DevOps Engineer', 'Site Reliability Engineer', 'Cloud Engineer'],
    manager: 'Infrastructure Manager',
    director: 'Director of Platform Engineering',
    executive: 'Chief Technology Officer',
    skills: [
      'Kubernetes',
      'Terraform',
      'AWS',
      'Google Cloud',
      'Azure',
      'Linux',
      'Prometheus',
      'Grafana',
      'Ansible',
      'CI/CD',
      'Helm',
      'Bash',
      'Python',
    ],
    majors: ['Computer Science', 'Information Systems', 'Electrical Engineering'],
    work: [
      'ran {s} clusters serving millions of requests',
      'automated infrastructure with {s}',
      'set up on-call and {s} alerting',
      'halved cloud costs with {s}',
    ],
  },
  {
    titles: ['Data Scientist', 'Data Engineer', 'Machine Learning Engineer', 'Data Analyst'],
    manager: 'Data Science Manager',
    director: 'Head of Data',
    executive: 'Chief Data Officer',
    skills: [
      'Python',
      'SQL',
      'pandas',
      'scikit-learn',
      'PyTorch',
      'TensorFlow',
      'Apache Spark',
      'Airflow',
      'dbt',
      'Statistics',
      'Machine Learning',
      'Tableau',
      'Power BI',
    ],
    majors: ['Statistics', 'Data Science', 'Physics', 'Economics'],
    work: [
      'built churn models with {s}',
      'designed the data warehouse with {s}',
      'ran A/B tests analysed in {s}',
      'deployed forecasting models using {s}',
    ],
  },
  {
    titles: ['Product Manager', 'Product Owner'],
    manager: 'Group Product Manager',
    director: 'Director of Product',
    executive: 'Chief Product Officer',
    skills: [
      'Product Management',
      'Roadmapping',
      'Agile',
      'Scrum',
      'User Research',
      'Jira',
      'SQL',
      'Stakeholder Management',
      'A/B Testing',
    ],
    majors: ['Business Administration', 'Economics', 'Computer Science'],
    work: [
      'owned the roadmap of a B2B product using {s}',
      'ran discovery with {s}',
      'launched pricing experiments with {s}',
    ],
  },
  {
    titles: ['UX Designer', 'Product Designer'],
    manager: 'Design Manager',
    director: 'Head of Design',
    executive: 'Chief Design Officer',
    skills: [
      'Figma',
      'User Research',
      'Prototyping',
      'Interaction Design',
      'Usability Testing',
      'Design Systems',
      'Sketch',
      'Adobe Illustrator',
    ],
    majors: ['Interaction Design', 'Graphic Design', 'Psychology'],
    work: ['redesigned onboarding after {s}', 'maintained the {s} library', 'ran {s} sessions with customers'],
  },
  {
    titles: ['Accountant', 'Financial Analyst', 'Controller'],
    manager: 'Finance Manager',
    director: 'Finance Director',
    executive: 'Chief Financial Officer',
    skills: [
      'Financial Reporting',
      'IFRS',
      'US GAAP',
      'Excel',
      'SAP',
      'Budgeting',
      'Forecasting',
      'Auditing',
      'Tax',
      'Financial Modeling',
    ],
    majors: ['Accounting', 'Finance', 'Economics'],
    work: [
      'closed the books monthly under {s}',
      'built the {s} for a 40 M budget',
      'prepared the annual audit with {s}',
    ],
  },
  {
    titles: ['Sales Representative', 'Account Executive', 'Business Development Representative'],
    manager: 'Sales Manager',
    director: 'Sales Director',
    executive: 'Chief Revenue Officer',
    skills: [
      'B2B Sales',
      'Salesforce',
      'Negotiation',
      'Lead Generation',
      'Account Management',
      'CRM',
      'Cold Calling',
      'HubSpot',
    ],
    majors: ['Business Administration', 'Marketing', 'Communication'],
    work: [
      'grew a territory by 30% through {s}',
      'closed enterprise deals with {s}',
      'built the outbound process in {s}',
    ],
  },
  {
    titles: ['Marketing Specialist', 'Content Marketer', 'Growth Marketer'],
    manager: 'Marketing Manager',
    director: 'Marketing Director',
    executive: 'Chief Marketing Officer',
    skills: [
      'SEO',
      'Content Marketing',
      'Google Analytics',
      'Google Ads',
      'Social Media Marketing',
      'Copywriting',
      'Email Marketing',
      'HubSpot',
    ],
    majors: ['Marketing', 'Communication', 'Journalism'],
    work: ['doubled organic traffic with {s}', 'ran paid campaigns in {s}', 'wrote the brand voice guide and {s} plan'],
  },
  {
    titles: ['Recruiter', 'HR Business Partner', 'Talent Acquisition Specialist'],
    manager: 'HR Manager',
    director: 'HR Director',
    executive: 'Chief People Officer',
    skills: [
      'Recruiting',
      'Interviewing',
      'Employee Relations',
      'Onboarding',
      'Workday',
      'Labour Law',
      'Sourcing',
      'Compensation and Benefits',
    ],
    majors: ['Human Resources', 'Psychology', 'Business Administration'],
    work: [
      'hired 60 engineers in a year through {s}',
      'introduced structured {s}',
      'rolled out {s} across three countries',
    ],
  },
  {
    titles: ['Registered Nurse', 'Clinical Nurse'],
    manager: 'Nurse Manager',
    director: 'Director of Nursing',
    executive: 'Chief Nursing Officer',
    skills: [
      'Patient Care',
      'Critical Care',
      'Medication Administration',
      'Electronic Health Records',
      'Basic Life Support',
      'Wound Care',
      'Triage',
    ],
    majors: ['Nursing'],
    work: [
      'cared for intensive care patients with a focus on {s}',
      'trained new nurses in {s}',
      'led the ward move to {s}',
    ],
  },
  {
    titles: ['Project Manager', 'Supply Chain Analyst', 'Operations Analyst'],
    manager: 'Operations Manager',
    director: 'Director of Operations',
    executive: 'Chief Operating Officer',
    skills: [
      'Project Management',
      'PRINCE2',
      'PMP',
      'Supply Chain Management',
      'Lean',
      'Six Sigma',
      'Excel',
      'SAP',
      'Logistics',
      'Procurement',
    ],
    majors: ['Industrial Engineering', 'Business Administration', 'Logistics'],
    work: [
      'delivered a warehouse migration using {s}',
      'cut lead times with {s}',
      'ran supplier negotiations with {s}',
    ],
  },
];

const SENIORITY = [
  ['intern', 3],
  ['junior', 14],
  ['mid', 28],
  ['senior', 25],
  ['lead', 10],
  ['manager', 10],
  ['director', 6],
  ['executive', 4],
];
const DEGREES = ['BSc', 'BA', 'MSc', 'MA', 'MBA', 'PhD'];
const YEARS_BY_SENIORITY = {
  intern: 0,
  junior: 1,
  mid: 4,
  senior: 8,
  lead: 10,
  manager: 11,
  director: 14,
  executive: 18,
};

/** mulberry32: a small, good-enough seeded generator (the file must be the same on every machine). */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function titleFor(family, seniority, base) {
  switch (seniority) {
    case 'intern':
      return `${base} Intern`;
    case 'junior':
      return `Junior ${base}`;
    case 'mid':
      return base;
    case 'senior':
      return `Senior ${base}`;
    case 'lead':
      return `Lead ${base}`;
    default:
      return family[seniority];
  }
}

const month = (ms) => new Date(ms).toISOString().slice(0, 7);
const slug = (text) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

/** The `count` profiles of the directory for `seed`, as SourcedProfile-shaped objects. */
export function generateProfiles(count, seed = 20261101) {
  const next = random(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const some = (list, min, max) => {
    const wanted = min + Math.floor(next() * (max - min + 1));
    const pool = [...list];
    const chosen = [];
    while (chosen.length < wanted && pool.length) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]);
    return chosen;
  };
  const weighted = (entries) => {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of entries) if ((roll -= weight) < 0) return value;
    return entries[entries.length - 1][0];
  };
  const reference = Date.parse(`${REFERENCE_DATE}T00:00:00Z`);
  const profiles = [];
  for (let index = 1; index <= count; index++) {
    const id = `dir-${String(index).padStart(6, '0')}`;
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const family = pick(FAMILIES);
    const base = pick(family.titles);
    const seniority = weighted(SENIORITY);
    const location = pick(LOCATIONS);
    const skills = some(family.skills, 4, 9);
    const title = titleFor(family, seniority, base);

    // Career, newest first: the current job (absent for one in ten: between jobs), then earlier ones.
    const years = YEARS_BY_SENIORITY[seniority] + Math.floor(next() * 4);
    const experience = [];
    let end = next() < 0.1 ? reference - Math.floor(next() * 300) * DAY_MS : null;
    let remaining = Math.max(1, years) * 12;
    const jobs = Math.min(1 + Math.floor(next() * 4), Math.max(1, Math.ceil(years / 2)));
    for (let job = 0; job < jobs && remaining > 0; job++) {
      const months = job === jobs - 1 ? remaining : Math.max(6, Math.floor(remaining * (0.3 + next() * 0.4)));
      const startMs = (end ?? reference) - months * 30 * DAY_MS;
      const jobTitle = job === 0 ? title : titleFor(family, job >= 2 ? 'junior' : 'mid', pick(family.titles));
      const done = some(skills, 1, 2).map((skill) => pick(family.work).replace('{s}', skill));
      experience.push({
        title: jobTitle,
        company: pick(COMPANIES),
        start_date: month(startMs),
        end_date: end === null ? null : month(end),
        is_current: end === null,
        location: next() < 0.8 ? location.name : pick(LOCATIONS).name,
        summary:
          next() < 0.85 ? `${done.map((sentence) => sentence[0].toUpperCase() + sentence.slice(1)).join('; ')}.` : null,
      });
      remaining -= months;
      end = startMs - Math.floor(next() * 90) * DAY_MS;
    }

    const education = [];
    if (next() < 0.9) {
      const graduated = reference - (years + 1) * 365 * DAY_MS;
      const degree = seniority === 'intern' ? 'BSc' : pick(DEGREES);
      education.push({
        school: pick(SCHOOLS),
        degree,
        major: pick(family.majors),
        start_date: month(graduated - (degree.startsWith('M') ? 2 : degree === 'PhD' ? 4 : 3) * 365 * DAY_MS),
        end_date: seniority === 'intern' ? null : month(graduated),
      });
    }

    const languages = [
      'English',
      ...(location.language ? [location.language] : []),
      ...(next() < 0.3 ? [pick(['Spanish', 'French', 'German', 'Japanese', 'Arabic'])] : []),
    ];
    const handle = `${slug(first)}-${slug(last)}-${index}`;
    const phoneSerial = index % (location.phone === 'na' ? 100 : 1000);
    profiles.push({
      id,
      full_name: `${first} ${last}`,
      headline: `${title} · ${skills.slice(0, 3).join(', ')}`,
      location: location.name,
      seniority,
      summary: `${title} with ${years} year${years === 1 ? '' : 's'} of experience in ${skills.slice(0, 4).join(', ')}. Fictional profile for demos.`,
      experience,
      education,
      skills,
      languages: [...new Set(languages)],
      links: [
        { type: 'linkedin', url: `https://linkedin.example.com/in/${handle}` },
        ...(next() < 0.3 ? [{ type: 'github', url: `https://github.example.com/${handle}` }] : []),
      ],
      emails: next() < 0.8 ? [`${slug(first)}.${slug(last)}.${index}@example.com`] : [],
      phones:
        next() < 0.65
          ? [
              location.phone === 'na'
                ? `+1 555 01${String(phoneSerial).padStart(2, '0')}`
                : `+44 7700 900${String(phoneSerial).padStart(3, '0')}`,
            ]
          : [],
      source: 'directory',
      updated_at: new Date(reference - Math.floor(next() * 730) * DAY_MS).toISOString().slice(0, 10),
    });
  }
  return profiles;
}

/** Writes `profiles` as JSONL to `path` (streamed: the benchmark writes 100,000). */
export async function writeJsonl(path, profiles) {
  await mkdir(dirname(path), { recursive: true });
  const out = createWriteStream(path);
  for (const profile of profiles) {
    if (!out.write(`${JSON.stringify(profile)}\n`)) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
  };
  const count = Number(option('count', 500));
  const seed = Number(option('seed', 20261101));
  const out = option('out', join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'demo-directory.jsonl'));
  await writeJsonl(out, generateProfiles(count, seed));
  console.log(`wrote ${count} profiles to ${out}`);
}
