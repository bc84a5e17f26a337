// Analyzes a job description and ranks every analyzed CV of the workspace against it.
// Usage: TALENT_URL=… TALENT_API_KEY=… npx tsx packages/client/examples/match-job.ts job.txt [top]
import { TalentClient } from '@talent/client';
import { readFileSync } from 'node:fs';

const [jobFile, top = '10'] = process.argv.slice(2);
const client = new TalentClient({ baseUrl: process.env.TALENT_URL!, apiKey: process.env.TALENT_API_KEY! });

const job = await client.analyzeTexts('jobs', [readFileSync(jobFile!, 'utf8')], { wait: 'block' });
if (job.status !== 'COMPLETED') throw new Error(`The job could not be analyzed: ${job.statuses[0]?.failure_reason ?? job.status}`);
const jobId = job.ids[0]!;

// Every COMPLETED CV of the workspace, page by page.
const names = new Map<string, string>();
for await (const cv of client.listCvs()) names.set(cv.id, `${cv.information.first_name} ${cv.information.last_name}`);

const ranked = await client.match({ jobId, candidatesIds: [...names.keys()], topK: Number(top) });
for (const [rank, candidate] of ranked.entries()) {
  console.log(`${rank + 1}\t${candidate.final_score.toFixed(2)}\t${candidate.person_id}\t${names.get(candidate.person_id)}`);
}
