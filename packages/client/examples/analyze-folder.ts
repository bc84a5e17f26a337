// Analyzes every CV of a folder (.txt/.md as text, .pdf/.doc/.docx as uploads) and prints one line per CV.
// Usage: TALENT_URL=… TALENT_API_KEY=… npx tsx packages/client/examples/analyze-folder.ts ./cvs
import { TalentClient } from '@talent/client';
import { filesFromPaths } from '@talent/client/node';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

const folder = process.argv[2] ?? '.';
const client = new TalentClient({ baseUrl: process.env.TALENT_URL!, apiKey: process.env.TALENT_API_KEY! });

const names = readdirSync(folder).sort();
const texts = names.filter((name) => ['.txt', '.md'].includes(extname(name)));
const documents = names.filter((name) => ['.pdf', '.doc', '.docx'].includes(extname(name)));

// Texts and uploads are analyzed in one request each; `wait: 'stream'` follows the server's status events.
const results = [];
if (texts.length > 0) {
  const result = await client.analyzeTexts('cvs', texts.map((name) => readFileSync(join(folder, name), 'utf8')), { wait: 'stream' });
  results.push(...texts.map((name, i) => ({ name, id: result.ids[i]!, statuses: result.statuses })));
}
if (documents.length > 0) {
  const result = await client.analyzeFiles('cvs', await filesFromPaths(documents.map((name) => join(folder, name))), { wait: 'poll' });
  results.push(...documents.map((name, i) => ({ name, id: result.ids[i]!, statuses: result.statuses })));
}

for (const { name, id, statuses } of results) {
  const status = statuses.find((s) => s.id === id);
  if (status?.status !== 'COMPLETED') {
    console.log(`${name}\t${status?.status ?? 'PENDING'}\t${status?.failure_reason ?? ''}`);
    continue;
  }
  const cv = await client.getCv(id);
  console.log(`${name}\t${id}\t${cv.information.first_name} ${cv.information.last_name}\t${cv.hard_skills.map((s) => s.skill).join(', ')}`);
}
