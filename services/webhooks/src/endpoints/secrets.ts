import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A new signing secret: 32 random bytes, prefixed so integrators recognise it. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * Keeps signing secrets at rest: AES-256-GCM under WEBHOOKS_SECRET_KEY (`v1:<iv>.<tag>.<ciphertext>`), or as they
 * are (`plain:`) when no key is configured. The sender needs the secret itself to sign, so a hash would not do.
 */
export class SecretBox {
  constructor(private readonly key: Buffer | undefined) {}

  seal(secret: string): string {
    if (!this.key) return `plain:${secret}`;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `v1:${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${sealed.toString('base64url')}`;
  }

  open(stored: string): string {
    if (stored.startsWith('plain:')) return stored.slice('plain:'.length);
    if (!stored.startsWith('v1:')) throw new Error('unknown secret format');
    if (!this.key) throw new Error('a sealed secret needs WEBHOOKS_SECRET_KEY');
    const [iv, tag, sealed] = stored.slice(3).split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
  }
}
