// Searches external profiles, reads a second window of the same session, and ingests the first candidates as CVs.
// Usage: TALENT_URL=… TALENT_API_KEY=… npx tsx packages/client/examples/source-and-ingest.ts "backend engineer" [count]
import { InsufficientCreditsError, TalentClient } from '@talent/client';

const [query = 'backend engineer', count = '3'] = process.argv.slice(2);
const client = new TalentClient({ baseUrl: process.env.TALENT_URL!, apiKey: process.env.TALENT_API_KEY! });

try {
  const first = await client.sourcingSearch({ query, limit: 5 });
  console.log(`session ${first.session_id}: ${first.window.returned} of ${first.window.total ?? '?'} candidates`);
  const second = await client.sourcingWindow(first.session_id, 5, 5);
  console.log(`second window: ${second.window.returned} more (cached: ${second.cached})`);

  const selected = first.candidates.slice(0, Number(count)).map((c) => c.id);
  const ingested = await client.ingest(first.session_id, selected);
  for (const status of ingested.statuses) console.log(`${status.id}\t${status.status}`);
} catch (error) {
  // A typed error carries the spec's body: here what the search would have cost.
  if (error instanceof InsufficientCreditsError) console.error(`Not enough tokens: ${error.required} needed, ${error.balance} available.`);
  throw error;
}
