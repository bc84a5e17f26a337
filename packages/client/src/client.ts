import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { errorFromResponse } from './errors.js';
import { filesForm, type FileInput } from './files.js';
import type { components, paths } from './generated/schema.js';
import { retryingFetch, sleep, type RetryOptions } from './retry.js';
import { readEvents } from './sse.js';

export type Schemas = components['schemas'];
/** The two analyzed resources: CVs and jobs share every analysis operation. */
export type ResourceKind = 'cvs' | 'jobs';
export type TaskStatusItem = Schemas['TaskStatusItem'];
export type RecordOf<K extends ResourceKind> = K extends 'cvs' ? Schemas['CvRecord'] : Schemas['JobRecord'];
export type TalentApi = Client<paths>;

export interface TalentClientOptions {
  /** The API root, e.g. `https://talent.example.com/api/v1` (a bare origin gets `/api/v1` appended). */
  baseUrl: string;
  /** The workspace's API key, sent as `x-api-key`. */
  apiKey?: string;
  /** Another fetch (a proxy agent, a test double of the network); defaults to the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** Retries of 429/503 and of requests that got no answer; `{ maxAttempts: 1 }` disables them. */
  retry?: RetryOptions;
  /** Called before each retry (logging, metrics). */
  onRetry?: Parameters<typeof retryingFetch>[2];
  /** Headers sent on every request (e.g. `Accept-Language`). */
  headers?: Record<string, string>;
}

/** How an analyze helper waits for its tasks. */
export type WaitMode = 'none' | 'poll' | 'block' | 'stream';

export interface WaitOptions {
  /** Gives up (status PENDING in the result) after this long; default 10 minutes. */
  timeoutMs?: number;
  /** First pause between status polls (default 1 s), growing ×1.5 up to `maxPollIntervalMs` (default 5 s). */
  pollIntervalMs?: number;
  maxPollIntervalMs?: number;
  /** Called once per task when it reaches a final status (COMPLETED, FAILED or NOT_FOUND). */
  onStatus?: (item: TaskStatusItem) => void;
  signal?: AbortSignal;
}

export interface AnalyzeOptions extends WaitOptions {
  /** Default true: the same content is analyzed once and resubmitting it is free. */
  cache?: boolean;
  /** Default `poll`; `block` and `stream` ask the server to wait and fall back to polling past its bound. */
  wait?: WaitMode;
  /** Generated when not given; pass your own to make a retry across process restarts free. */
  idempotencyKey?: string;
}

export interface AnalyzeResult {
  /** One task id per input, in input order. */
  ids: string[];
  /** COMPLETED when every task completed, FAILED when none is pending and one failed, PENDING otherwise. */
  status: 'PENDING' | 'COMPLETED' | 'FAILED';
  /** Final (or, past the timeout, PENDING) status of each distinct id; empty with `wait: 'none'`. */
  statuses: TaskStatusItem[];
}

const FINAL = new Set(['COMPLETED', 'FAILED', 'NOT_FOUND']);
const STATUS_BATCH = 1000;

function apiRoot(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/api/v1';
  return url.toString().replace(/\/+$/, '');
}

function overallStatus(statuses: TaskStatusItem[]): AnalyzeResult['status'] {
  if (statuses.some((s) => !FINAL.has(s.status))) return 'PENDING';
  return statuses.every((s) => s.status === 'COMPLETED') ? 'COMPLETED' : 'FAILED';
}

/** Every POST gets an Idempotency-Key (kept across retries), so billable calls, new ones included, charge once. */
const idempotencyKeys: Middleware = {
  onRequest({ request }) {
    if (request.method === 'POST' && !request.headers.has('idempotency-key')) request.headers.set('idempotency-key', globalThis.crypto.randomUUID());
    return request;
  },
};

/**
 * The Talent API client: `api` is the typed openapi-fetch client of every operation of the OpenAPI document
 * (`client.api.GET('/cvs/{id}', …)`); the methods below are the flows integrators otherwise write by hand, and
 * throw typed errors (TalentApiError and its subclasses) instead of returning them.
 */
export class TalentClient {
  readonly api: TalentApi;
  readonly baseUrl: string;

  constructor(options: TalentClientOptions) {
    this.baseUrl = apiRoot(options.baseUrl);
    const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
    this.api = createClient<paths>({
      baseUrl: this.baseUrl,
      fetch: retryingFetch(baseFetch, options.retry, options.onRetry),
      headers: { ...options.headers, ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}) },
    });
    this.api.use(idempotencyKeys);
  }

  /** The data of a successful answer; a typed error for any other. */
  async unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
    const { data, error, response } = await call;
    if (!response.ok) throw errorFromResponse(response.status, error, response.headers);
    return data as T;
  }

  // --- analysis -------------------------------------------------------------------------------------------

  /** Analyzes 1–100 plain texts and waits as asked (default: polls until every task is final). */
  async analyzeTexts(kind: ResourceKind, inputs: string[], options: AnalyzeOptions = {}): Promise<AnalyzeResult> {
    const mode = options.wait ?? 'poll';
    const init = {
      body: { inputs, cache: options.cache ?? true, block: mode === 'block', stream: mode === 'stream' },
      params: { header: options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {} },
      parseAs: mode === 'stream' ? ('stream' as const) : ('json' as const),
      signal: options.signal,
    };
    const call = kind === 'cvs' ? this.api.POST('/cvs/analyze', init) : this.api.POST('/jobs/analyze', init);
    return this.finishAnalysis(kind, mode, await call, options);
  }

  /** Uploads 1–20 PDF/DOC/DOCX files (bytes, blobs or streams; see `@talent/client/node` for paths). */
  async analyzeFiles(kind: ResourceKind, files: FileInput[], options: AnalyzeOptions = {}): Promise<AnalyzeResult> {
    const mode = options.wait ?? 'poll';
    const form = await filesForm(files, {
      cache: String(options.cache ?? true),
      block: mode === 'block' ? 'true' : undefined,
      stream: mode === 'stream' ? 'true' : undefined,
    });
    const init = {
      // The typed body describes the multipart fields; the FormData is what is sent.
      body: form as never,
      bodySerializer: (body: unknown) => body,
      params: { header: options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {} },
      parseAs: mode === 'stream' ? ('stream' as const) : ('json' as const),
      signal: options.signal,
    };
    const call = kind === 'cvs' ? this.api.POST('/cvs/analyze/files', init) : this.api.POST('/jobs/analyze/files', init);
    return this.finishAnalysis(kind, mode, await call, options);
  }

  private async finishAnalysis(
    kind: ResourceKind,
    mode: WaitMode,
    answer: { data?: unknown; error?: unknown; response: Response },
    options: WaitOptions,
  ): Promise<AnalyzeResult> {
    if (!answer.response.ok) throw errorFromResponse(answer.response.status, answer.error, answer.response.headers);
    let result: AnalyzeResult;
    if (mode === 'stream' && answer.response.headers.get('content-type')?.startsWith('text/event-stream')) {
      result = await this.followStream(answer.data as ReadableStream<Uint8Array>, options);
    } else {
      const data =
        mode === 'stream' ? (JSON.parse(await new Response(answer.data as ReadableStream).text()) as Schemas['AnalyzeResponse']).data : (answer.data as Schemas['AnalyzeResponse']).data;
      result = { ids: data.ids, status: data.status, statuses: data.statuses ?? [] };
      if (mode === 'block') for (const item of result.statuses) if (FINAL.has(item.status)) options.onStatus?.(item);
    }
    if (mode === 'none' || result.status !== 'PENDING') return result;
    // Not final within the server's bound (or not asked to wait): poll the rest.
    const done = result.statuses.filter((s) => FINAL.has(s.status));
    const doneIds = new Set(done.map((s) => s.id));
    const rest = await this.waitForTasks(
      kind,
      result.ids.filter((id) => !doneIds.has(id)),
      options,
    );
    const statuses = [...done, ...rest.statuses];
    return { ids: result.ids, status: overallStatus(statuses), statuses };
  }

  private async followStream(body: ReadableStream<Uint8Array>, options: WaitOptions): Promise<AnalyzeResult> {
    let ids: string[] = [];
    const seen = new Map<string, TaskStatusItem>();
    for await (const event of readEvents(body)) {
      if (event.event === 'accepted') ids = (event.data as { ids: string[] }).ids;
      if (event.event === 'status') {
        const item = event.data as TaskStatusItem;
        if (FINAL.has(item.status) && !seen.has(item.id)) options.onStatus?.(item);
        seen.set(item.id, item);
      }
      if (event.event === 'done') {
        const done = event.data as { ids: string[]; status: AnalyzeResult['status']; statuses?: TaskStatusItem[] };
        return { ids: done.ids, status: done.status, statuses: done.statuses ?? [...seen.values()] };
      }
    }
    // The stream ended without `done` (a proxy cut it): what it said so far, and polling does the rest.
    return { ids, status: 'PENDING', statuses: [...seen.values()].filter((s) => FINAL.has(s.status)) };
  }

  /** Statuses of up to any number of tasks (sent 1,000 ids a request). */
  async statuses(kind: ResourceKind, ids: string[], signal?: AbortSignal): Promise<TaskStatusItem[]> {
    const out: TaskStatusItem[] = [];
    for (let i = 0; i < ids.length; i += STATUS_BATCH) {
      const init = { body: { ids: ids.slice(i, i + STATUS_BATCH) }, signal };
      const page = await this.unwrap(kind === 'cvs' ? this.api.POST('/cvs/status', init) : this.api.POST('/jobs/status', init));
      out.push(...page.data);
    }
    return out;
  }

  /** Polls `POST /{kind}/status` with backoff until every task is final or the timeout passes. */
  async waitForTasks(kind: ResourceKind, ids: string[], options: WaitOptions = {}): Promise<AnalyzeResult> {
    const { timeoutMs = 600_000, pollIntervalMs = 1_000, maxPollIntervalMs = 5_000, onStatus, signal } = options;
    const deadline = Date.now() + timeoutMs;
    const final = new Map<string, TaskStatusItem>();
    let pending = [...new Set(ids)];
    let interval = pollIntervalMs;
    for (;;) {
      const now = await this.statuses(kind, pending, signal);
      for (const item of now) {
        if (!FINAL.has(item.status)) continue;
        final.set(item.id, item);
        onStatus?.(item);
      }
      const still = now.filter((item) => !FINAL.has(item.status));
      pending = still.map((item) => item.id);
      if (pending.length === 0 || Date.now() + interval > deadline) {
        const statuses = [...final.values(), ...still];
        return { ids, status: overallStatus(statuses), statuses };
      }
      await sleep(interval, signal);
      interval = Math.min(maxPollIntervalMs, Math.round(interval * 1.5));
    }
  }

  // --- records --------------------------------------------------------------------------------------------

  async getCv(id: string): Promise<Schemas['CvRecord']> {
    return (await this.unwrap(this.api.GET('/cvs/{id}', { params: { path: { id } } }))).data;
  }

  async getJob(id: string): Promise<Schemas['JobRecord']> {
    return (await this.unwrap(this.api.GET('/jobs/{id}', { params: { path: { id } } }))).data;
  }

  /** Every COMPLETED record, newest first, fetched page by page as the loop asks for them. */
  async *list<K extends ResourceKind>(kind: K, options: { pageSize?: number; signal?: AbortSignal } = {}): AsyncGenerator<RecordOf<K>> {
    const limit = options.pageSize ?? 100;
    for (let offset = 0; ; offset += limit) {
      const init = { params: { query: { limit, offset } }, signal: options.signal };
      const page = await this.unwrap<{ data: unknown[]; pagination: Schemas['Pagination'] }>(
        kind === 'cvs' ? this.api.GET('/cvs', init) : this.api.GET('/jobs', init),
      );
      for (const record of page.data) yield record as RecordOf<K>;
      if (!page.pagination.has_more || page.data.length === 0) return;
    }
  }

  listCvs(options?: { pageSize?: number; signal?: AbortSignal }): AsyncGenerator<Schemas['CvRecord']> {
    return this.list('cvs', options);
  }

  listJobs(options?: { pageSize?: number; signal?: AbortSignal }): AsyncGenerator<Schemas['JobRecord']> {
    return this.list('jobs', options);
  }

  // --- matching -------------------------------------------------------------------------------------------

  /** Scores COMPLETED CVs against a COMPLETED job: the ranked candidates, best first. */
  async match(request: Schemas['MatchRequest'], options: { idempotencyKey?: string } = {}): Promise<Schemas['MatchCandidate'][]> {
    const answer = await this.unwrap(
      this.api.POST('/match', { body: request, params: { header: options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {} } }),
    );
    return answer.data[0] ?? [];
  }

  /**
   * Fairness report of a selection (extension): per group, selection rate, impact ratio and mean score, and whether
   * the four-fifths rule holds. The group labels are used for this answer only. Charged like a match.
   */
  async fairness(request: Schemas['FairnessRequest'], options: { idempotencyKey?: string } = {}): Promise<Schemas['FairnessReport']> {
    const header = options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {};
    return (await this.unwrap(this.api.POST('/match/fairness', { body: request, params: { header } }))).data;
  }

  // --- sourcing -------------------------------------------------------------------------------------------

  /** A new search (or, with `session_id`, another window of one): the window's candidates and charges. */
  async sourcingSearch(request: Schemas['SourcingSearchRequest'], options: { idempotencyKey?: string } = {}): Promise<Schemas['SourcingSearchResponse']['data']> {
    const header = options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {};
    return (await this.unwrap(this.api.POST('/sourcing/search', { body: request, params: { header } }))).data;
  }

  /** Reads a window of a session's ranked results (free when bought before). */
  sourcingWindow(sessionId: string, offset: number, limit: number, options: Omit<Schemas['SourcingSearchRequest'], 'session_id' | 'offset' | 'limit'> = {}) {
    return this.sourcingSearch({ ...options, session_id: sessionId, offset, limit });
  }

  async sourcingSession(sessionId: string): Promise<Schemas['SourcingSessionResponse']['data']> {
    return (await this.unwrap(this.api.GET('/sourcing/sessions/{sessionId}', { params: { path: { sessionId } } }))).data;
  }

  /** Turns selected candidates into CVs and (unless `wait: 'none'`) waits until they are analyzed. */
  async ingest(sessionId: string, selectedIds: string[], options: WaitOptions & { wait?: 'none' | 'poll'; idempotencyKey?: string } = {}): Promise<AnalyzeResult> {
    const header = options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {};
    const answer = await this.unwrap(this.api.POST('/sourcing/ingest', { body: { session_id: sessionId, selected_ids: selectedIds }, params: { header } }));
    if (options.wait === 'none') return { ids: answer.task_ids, status: 'PENDING', statuses: [] };
    return this.waitForTasks('cvs', answer.task_ids, options);
  }

  // --- credits --------------------------------------------------------------------------------------------

  async balance(): Promise<Schemas['Balance']> {
    return (await this.unwrap(this.api.GET('/credits/balance'))).data;
  }

  /** What a billable call would charge now, and whether the balance covers it (extension); charges nothing. */
  async quote(request: Schemas['QuoteRequest']): Promise<Schemas['Quote']> {
    return (await this.unwrap(this.api.POST('/credits/quote', { body: request }))).data;
  }

  // --- webhooks (extension) -------------------------------------------------------------------------------

  /** Registers an endpoint; the answer carries the signing secret, shown this once. */
  async createWebhook(request: Schemas['CreateWebhookBody']): Promise<Schemas['CreatedWebhookResponse']['data']> {
    return (await this.unwrap(this.api.POST('/webhooks', { body: request }))).data;
  }

  async listWebhooks(): Promise<Schemas['Webhook'][]> {
    return (await this.unwrap(this.api.GET('/webhooks'))).data;
  }

  async deleteWebhook(id: string): Promise<void> {
    await this.unwrap(this.api.DELETE('/webhooks/{id}', { params: { path: { id } } }));
  }

  /** Recent deliveries of an endpoint with their attempts, newest first. */
  async webhookDeliveries(id: string): Promise<Schemas['WebhookDelivery'][]> {
    return (await this.unwrap(this.api.GET('/webhooks/{id}/deliveries', { params: { path: { id } } }))).data;
  }
}

export function createTalentClient(options: TalentClientOptions): TalentClient {
  return new TalentClient(options);
}
