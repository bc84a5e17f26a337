// The load generator of `pnpm bench:load`, run as a second process so that it never shares an event loop with
// the platform: BENCH_CONNECTIONS keep-alive connections in a closed loop (as autocannon drives them), each
// request drawn from a weighted mix, latency recorded per route. Input: BENCH_PLAN (JSON, from bench-load.mjs).
// Output: one JSON line on stdout, {routes: {name: {count, errors, statuses, p50, p99, ...}}, analyzed: [ids]}.
import { Agent, request } from 'node:http';
import { randomUUID } from 'node:crypto';

const plan = JSON.parse(process.env.BENCH_PLAN);
const { baseUrl, apiKey, jobId, cvIds, seconds, connections } = plan;
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const url = new URL(baseUrl);

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** A CV no other request sent, so every analyze is a new billable unit (the cache would answer a known one free). */
function cvText() {
  const id = randomUUID().slice(0, 8);
  const years = 2 + Math.floor(Math.random() * 20);
  return `Sam Tester ${id}\nsam.${id}@example.org | +44 20 7946 0958 | Leeds, United Kingdom\n\nPROFILE\nBackend developer with ${years} years of experience.\n\nEXPERIENCE\nSoftware Engineer\nNorthwind Ltd, Leeds\n03/2019 - present\n- Services in Python and PostgreSQL on Kubernetes\n\nEDUCATION\nBSc Computer Science\nUniversity of Leeds\n2012 - 2015\n\nSKILLS\nPython, PostgreSQL, Docker, Kubernetes\n`;
}

/** [weight, route name, request factory]: 70% reads, 20% text analyze, 10% match. */
const mix = [
  [20, 'GET /credits/balance', () => ['GET', '/credits/balance']],
  [20, 'GET /cvs/{id}', () => ['GET', `/cvs/${pick(cvIds)}`]],
  [10, 'GET /cvs', () => ['GET', '/cvs?limit=20']],
  [10, 'POST /cvs/status', () => ['POST', '/cvs/status', { ids: cvIds.slice(0, 10) }]],
  [5, 'GET /jobs/{id}', () => ['GET', `/jobs/${jobId}`]],
  [5, 'GET /skills/search', () => ['GET', `/skills/search?q=${pick(['python', 'kubernetes', 'sales', 'accounting', 'java'])}`]],
  [20, 'POST /cvs/analyze', () => ['POST', '/cvs/analyze', { inputs: [cvText()] }]],
  [10, 'POST /match', () => ['POST', '/match', { jobId, candidatesIds: cvIds.slice(0, 10), topK: 5 }]],
];
const totalWeight = mix.reduce((sum, [weight]) => sum + weight, 0);
function draw() {
  let ticket = Math.random() * totalWeight;
  for (const entry of mix) if ((ticket -= entry[0]) < 0) return entry;
  return mix[0];
}

function send(method, path, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path: `${url.pathname}${path}`,
        headers: {
          'x-api-key': apiKey,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(method === 'POST' && path !== '/cvs/status' ? { 'idempotency-key': randomUUID() } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => resolve({ status: 0, body: '' }));
      },
    );
    req.on('error', () => resolve({ status: 0, body: '' }));
    if (payload) req.write(payload);
    req.end();
  });
}

const stats = new Map(mix.map(([, name]) => [name, { latencies: [], statuses: {} }]));
const analyzed = [];
const deadline = Date.now() + seconds * 1000;
const started = Date.now();

async function client() {
  while (Date.now() < deadline) {
    const [, name, make] = draw();
    const [method, path, body] = make();
    const t0 = performance.now();
    const answer = await send(method, path, body);
    const ms = performance.now() - t0;
    const route = stats.get(name);
    route.latencies.push(ms);
    route.statuses[answer.status] = (route.statuses[answer.status] ?? 0) + 1;
    if (name === 'POST /cvs/analyze' && answer.status === 200) analyzed.push(...JSON.parse(answer.body).data.ids);
  }
}

await Promise.all(Array.from({ length: connections }, client));
const elapsedS = (Date.now() - started) / 1000;
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
const routes = {};
for (const [name, { latencies, statuses }] of stats) {
  const sorted = latencies.sort((a, b) => a - b);
  routes[name] = {
    count: sorted.length,
    rps: sorted.length / elapsedS,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    statuses,
  };
}
agent.destroy();
process.stdout.write(`${JSON.stringify({ elapsedS, routes, analyzed })}\n`);
