import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { bareHost, type TargetPolicy } from '../endpoints/target-policy.js';
import type { AttemptOutcome } from './delivery-repository.js';

/**
 * A DNS lookup that refuses addresses the policy forbids, used for the connection itself: the address checked is
 * the address connected to, so a name re-pointed at an internal address after registration is refused too.
 */
function guardedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refusal = addresses.map((entry) => policy.refusal(entry.address)).find(Boolean);
      if (refusal) return callback(Object.assign(new Error(`refused: ${refusal}`), { code: 'EREFUSEDTARGET' }), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Sends one webhook POST; any status is an outcome (2xx succeeds), as is a refusal, a failure or the time-out. */
export class WebhookPoster {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };
  private readonly lookup: LookupFunction;

  constructor(
    private readonly policy: TargetPolicy,
    private readonly timeoutMs: number,
  ) {
    this.lookup = guardedLookup(policy);
  }

  post(rawUrl: string, body: string, headers: Record<string, string>): Promise<AttemptOutcome> {
    const url = new URL(rawUrl);
    if (url.protocol !== 'https:' && !(this.policy.development && url.protocol === 'http:'))
      return Promise.resolve({ ok: false, statusCode: null, error: `refused: ${url.protocol} URL` });
    const host = bareHost(url.hostname);
    // Node connects to an IP literal without a lookup: check it here.
    const literalRefusal = isIP(host) ? this.policy.refusal(host) : undefined;
    if (literalRefusal) return Promise.resolve({ ok: false, statusCode: null, error: `refused: ${literalRefusal}` });
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<AttemptOutcome>((resolve) => {
      const request = transport.request(
        url,
        {
          method: 'POST',
          agent: this.agents[url.protocol as 'http:' | 'https:'],
          lookup: this.lookup,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
          signal: AbortSignal.timeout(this.timeoutMs),
        },
        (response) => {
          // The status decides; the body is read and dropped so the connection can be reused.
          response.resume();
          const statusCode = response.statusCode ?? 0;
          resolve(statusCode >= 200 && statusCode < 300 ? { ok: true, statusCode } : { ok: false, statusCode, error: `HTTP ${statusCode}` });
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
        resolve({ ok: false, statusCode: null, error: timedOut ? `timed out after ${this.timeoutMs} ms` : error.message });
      });
      request.end(body);
    });
  }

  close(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }
}
