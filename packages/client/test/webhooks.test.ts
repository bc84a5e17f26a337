import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhookPayload, verifyWebhookSignature, WebhookSignatureError } from '../src/index.js';

const secret = 'whsec_test';
const body = JSON.stringify({ event: 'cv.completed', id: 'abc' });
const now = 1_800_000_000_000;
const t = now / 1000;

describe('verifyWebhookSignature (Talent-Signature: t=…,v1=HMAC-SHA256(secret, "t.body"))', () => {
  it('accepts a signature computed independently with node:crypto, as a sender would', async () => {
    const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    await expect(verifyWebhookSignature({ body, signature: `t=${t},v1=${v1}`, secret, now })).resolves.toEqual({ timestamp: t });
    expect(await signWebhookPayload(secret, body, t)).toBe(`t=${t},v1=${v1}`);
  });

  it('accepts the raw bytes as well as the string', async () => {
    const signature = await signWebhookPayload(secret, body, t);
    await expect(verifyWebhookSignature({ body: new TextEncoder().encode(body), signature, secret, now })).resolves.toBeDefined();
  });

  it('rejects a changed body, another secret, a missing or malformed header', async () => {
    const signature = await signWebhookPayload(secret, body, t);
    await expect(verifyWebhookSignature({ body: body.replace('abc', 'abd'), signature, secret, now })).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(verifyWebhookSignature({ body, signature, secret: 'other', now })).rejects.toThrow(/does not match/);
    await expect(verifyWebhookSignature({ body, signature: undefined, secret, now })).rejects.toThrow(/Missing/);
    await expect(verifyWebhookSignature({ body, signature: 'v1=abc', secret, now })).rejects.toThrow(/Malformed/);
  });

  it('rejects a timestamp older than the tolerance (a replay), default 300 s', async () => {
    const old = await signWebhookPayload(secret, body, t - 301);
    await expect(verifyWebhookSignature({ body, signature: old, secret, now })).rejects.toThrow(/tolerance/);
    const recent = await signWebhookPayload(secret, body, t - 299);
    await expect(verifyWebhookSignature({ body, signature: recent, secret, now })).resolves.toBeDefined();
    await expect(verifyWebhookSignature({ body, signature: old, secret, now, toleranceSeconds: 600 })).resolves.toBeDefined();
  });

  it('accepts any matching v1 among several (secret rotation)', async () => {
    const good = (await signWebhookPayload(secret, body, t)).split(',')[1];
    await expect(verifyWebhookSignature({ body, signature: `t=${t},v1=${'0'.repeat(64)},${good}`, secret, now })).resolves.toBeDefined();
  });
});
