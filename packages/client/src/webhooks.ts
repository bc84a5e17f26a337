/**
 * Webhook signatures: `Talent-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * Web Crypto only, so the same code runs in browsers, Node 20 and edge runtimes.
 */
export const SIGNATURE_HEADER = 'Talent-Signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: Uint8Array<ArrayBuffer>): Promise<string> {
  const key = await globalThis.crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, message));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function bytesOf(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? encoder.encode(body) : body;
}

function signedMessage(timestamp: number, body: Uint8Array): Uint8Array<ArrayBuffer> {
  const prefix = encoder.encode(`${timestamp}.`);
  const message = new Uint8Array(prefix.length + body.length);
  message.set(prefix);
  message.set(body, prefix.length);
  return message;
}

/** Compares two strings in time that depends on their length only. */
function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/** The header value for a body (what the sender writes; tests and local receivers use it too). */
export async function signWebhookPayload(secret: string, body: string | Uint8Array, timestamp = Math.floor(Date.now() / 1000)): Promise<string> {
  return `t=${timestamp},v1=${await hmacHex(secret, signedMessage(timestamp, bytesOf(body)))}`;
}

export interface VerifyWebhookOptions {
  /** The raw request body, exactly as received (parse it only after verification). */
  body: string | Uint8Array;
  /** The `Talent-Signature` header value. */
  signature: string | null | undefined;
  secret: string;
  /** Oldest accepted timestamp, in seconds before now (default 300). Newer-than-now is accepted up to the same. */
  toleranceSeconds?: number;
  /** The current time in ms (for tests). */
  now?: number;
}

/**
 * Checks a delivery's signature; resolves with its timestamp, or rejects with WebhookSignatureError (malformed
 * header, no matching `v1`, or a timestamp outside the tolerance: a replay).
 */
export async function verifyWebhookSignature(options: VerifyWebhookOptions): Promise<{ timestamp: number }> {
  const { body, signature, secret, toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now = Date.now() } = options;
  if (!signature) throw new WebhookSignatureError(`Missing ${SIGNATURE_HEADER} header.`);
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of signature.split(',')) {
    const [name, value = ''] = part.trim().split('=', 2) as [string, string?];
    if (name === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    // Several v1 values may be present while a secret is being rotated.
    if (name === 'v1' && /^[0-9a-f]{64}$/i.test(value)) candidates.push(value.toLowerCase());
  }
  if (timestamp === undefined || candidates.length === 0) throw new WebhookSignatureError(`Malformed ${SIGNATURE_HEADER} header.`);
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) {
    throw new WebhookSignatureError(`Signature timestamp ${timestamp} is outside the tolerance of ${toleranceSeconds} s.`);
  }
  const expected = await hmacHex(secret, signedMessage(timestamp, bytesOf(body)));
  let matched = false;
  for (const candidate of candidates) matched = constantTimeEqual(candidate, expected) || matched;
  if (!matched) throw new WebhookSignatureError('Signature does not match the body.');
  return { timestamp };
}
