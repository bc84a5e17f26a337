import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `../shared/data` beside the repository, when present (tests that need it skip otherwise). */
export const SHARED_DATA = fileURLToPath(new URL('../../../shared/data/', import.meta.url));
export const hasSharedData = existsSync(`${SHARED_DATA}cvs/dotin-train`);

export interface LabelledCv {
  file: string;
  text: string;
  labels: { type: string; text: string }[];
}

/** A dotin CV: its text without the inline `<label>` tags, and the labelled spans. */
export function dotinCv(file: string): LabelledCv {
  const xml = readFileSync(`${SHARED_DATA}cvs/dotin-train/${file}`, 'utf8');
  const body = xml.replace(/^<\?xml[^>]*>\s*/, '').replace(/^<cv>|<\/cv>\s*$/g, '');
  const labels = [...body.matchAll(/<label type="([^"]+)">([\s\S]*?)<\/label>/g)].map((m) => ({
    type: m[1]!,
    text: unescape(m[2]!),
  }));
  return { file, text: unescape(body.replace(/<\/?label[^>]*>/g, '')).trim(), labels };
}

export function dotinFiles(): string[] {
  return readdirSync(`${SHARED_DATA}cvs/dotin-train`)
    .filter((name) => name.endsWith('.xml'))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
}

function unescape(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** A job posting written the way real ones are, for tests that must run without shared data. */
export const JOB_TEXT = `Senior Backend Engineer
Company: Northwind Analytics
Location: Berlin, Germany
Full-time, permanent

About the role
We build data pipelines for retail customers and are looking for a backend engineer to join our platform team.

Requirements
- 5+ years of experience in backend development
- Strong knowledge of Python and PostgreSQL
- Experience with Docker and Kubernetes
- Bachelor's degree in Computer Science or a related field

Nice to have
- Experience with Apache Kafka
- Knowledge of Terraform
`;

export const CV_TEXT = `Jane Doe
jane.doe@example.com | +44 20 7946 0958 | London, United Kingdom
linkedin.com/in/janedoe

PROFILE
Backend engineer with eight years of experience building data platforms.

EXPERIENCE
Senior Software Engineer
Acme Data Ltd, London
03/2019 - present
- Built event pipelines in Python and Apache Kafka
- Ran PostgreSQL clusters on Kubernetes

Software Engineer
Globex Corporation
01/2016 - 02/2019
- Developed REST services in Java

EDUCATION
BSc Computer Science
University of Manchester
2012 - 2015

SKILLS
Python, Java, PostgreSQL, Docker, Kubernetes, teamwork, communication
`;
