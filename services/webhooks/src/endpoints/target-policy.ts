import { DomainError } from '@talent/platform';
import ipaddr from 'ipaddr.js';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** How long registration waits for DNS. */
const REGISTRATION_LOOKUP_MS = 3_000;

/** Ranges a development stack may call besides public addresses: the machine itself and its private networks. */
const DEVELOPMENT_RANGES = new Set(['loopback', 'private', 'uniqueLocal']);

/**
 * Where deliveries may go (SSRF): `https` to public addresses only; in development also plain `http` to a loopback
 * host and loopback or private addresses. Checked when an endpoint is registered and again on every connection,
 * since what a name resolves to can change.
 */
export class TargetPolicy {
  constructor(readonly development: boolean) {}

  /** Why `address` may not be called, or undefined when it may. IPv4-mapped IPv6 addresses count as IPv4. */
  refusal(address: string): string | undefined {
    if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
    const range = ipaddr.process(address).range();
    if (range === 'unicast') return undefined;
    if (this.development && DEVELOPMENT_RANGES.has(range)) return undefined;
    return `${address} is a ${range} address`;
  }

  /** A registrable URL: its form, then every address its host resolves to now. Throws INVALID_ARGUMENT. */
  async checkRegistration(raw: string): Promise<URL> {
    const url = this.parse(raw);
    // Bounded, so a slow resolver answers 400 within the gateway's deadline rather than a time-out.
    let timer: NodeJS.Timeout | undefined;
    const slow = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('DNS time-out')), REGISTRATION_LOOKUP_MS)));
    const addresses = await Promise.race([resolveHost(url.hostname), slow])
      .catch(() => {
        throw new DomainError('INVALID_ARGUMENT', `The webhook URL's host ${url.hostname.slice(0, 255)} does not resolve.`);
      })
      .finally(() => clearTimeout(timer));
    for (const address of addresses) {
      const refusal = this.refusal(address);
      if (refusal) throw new DomainError('INVALID_ARGUMENT', `The webhook URL may not point at ${url.hostname}: ${refusal}.`);
    }
    if (url.protocol === 'http:' && !addresses.every((address) => ipaddr.process(address).range() === 'loopback'))
      throw new DomainError('INVALID_ARGUMENT', "A plain 'http' webhook URL must point at this machine (loopback).");
    return url;
  }

  private parse(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new DomainError('INVALID_ARGUMENT', "'url' must be an absolute URL.");
    }
    const httpAllowed = this.development && url.protocol === 'http:';
    if (url.protocol !== 'https:' && !httpAllowed)
      throw new DomainError('INVALID_ARGUMENT', "'url' must use https.");
    if (url.username || url.password) throw new DomainError('INVALID_ARGUMENT', "'url' may not carry credentials.");
    if (raw.length > 2048) throw new DomainError('INVALID_ARGUMENT', "'url' must be at most 2,048 characters.");
    return url;
  }
}

/** A URL's hostname without the brackets of an IPv6 literal. */
export const bareHost = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1');

/** Every address of `hostname` (itself when it is an IP literal). */
export async function resolveHost(hostname: string): Promise<string[]> {
  const host = bareHost(hostname);
  if (isIP(host)) return [host];
  return (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
}
