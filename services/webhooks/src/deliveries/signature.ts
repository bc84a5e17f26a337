import { createHmac } from 'node:crypto';

/** The header every delivery carries; the scheme is shared with the client package's verification helper. */
export const SIGNATURE_HEADER = 'Talent-Signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export function signatureHeader(secret: string, body: string, timestampSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}
