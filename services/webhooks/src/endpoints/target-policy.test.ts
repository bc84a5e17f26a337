import { describe, expect, it } from 'vitest';
import { isDomainError } from '@talent/platform';
import { SecretBox } from './secrets.js';
import { TargetPolicy } from './target-policy.js';

const refusedWith = async (policy: TargetPolicy, url: string): Promise<string> => {
  const error = await policy.checkRegistration(url).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isDomainError(error) && error.code).toBe('INVALID_ARGUMENT');
  return (error as Error).message;
};

describe('webhook targets (SSRF)', () => {
  const production = new TargetPolicy(false);
  const development = new TargetPolicy(true);

  it('in production refuses every address that is not public unicast, IPv4-mapped ones included', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '100.64.0.1', '224.0.0.1'])
      expect(production.refusal(address), address).toBeDefined();
    expect(production.refusal('93.184.215.14')).toBeUndefined();
    expect(production.refusal('2606:4700::1111')).toBeUndefined();
  });

  it('in development also lets loopback and private addresses through, never link-local ones', () => {
    expect(development.refusal('127.0.0.1')).toBeUndefined();
    expect(development.refusal('10.0.0.5')).toBeUndefined();
    expect(development.refusal('169.254.169.254')).toBeDefined();
  });

  it('refuses at registration: plain http, loopback names and literals, private and link-local literals, bad URLs', async () => {
    expect(await refusedWith(production, 'http://93.184.215.14/hook')).toBe("'url' must use https.");
    expect(await refusedWith(production, 'https://localhost/hook')).toMatch(/loopback/);
    expect(await refusedWith(production, 'https://127.0.0.1:8443/hook')).toMatch(/loopback/);
    expect(await refusedWith(production, 'https://[::1]/hook')).toMatch(/loopback/);
    expect(await refusedWith(production, 'https://169.254.169.254/latest/meta-data')).toMatch(/linkLocal/);
    expect(await refusedWith(production, 'https://10.0.0.1/hook')).toMatch(/private/);
    expect(await refusedWith(production, 'not a url')).toBe("'url' must be an absolute URL.");
    expect(await refusedWith(production, 'ftp://93.184.215.14/')).toBe("'url' must use https.");
    expect(await refusedWith(production, 'https://user:pw@93.184.215.14/')).toMatch(/credentials/);
    expect((await production.checkRegistration('https://93.184.215.14/hook')).href).toBe('https://93.184.215.14/hook');
  });

  it('in development accepts plain http to loopback only', async () => {
    expect((await development.checkRegistration('http://127.0.0.1:9000/hook')).href).toBe('http://127.0.0.1:9000/hook');
    expect((await development.checkRegistration('http://localhost:9000/hook')).hostname).toBe('localhost');
    expect(await refusedWith(development, 'http://10.0.0.1/hook')).toMatch(/loopback/);
  });
});

describe('signing secrets at rest', () => {
  it('are sealed with the key (AES-256-GCM), open back, and refuse a tampered value', () => {
    const box = new SecretBox(Buffer.alloc(32, 7));
    const sealed = box.seal('whsec_abc');
    expect(sealed.startsWith('v1:')).toBe(true);
    expect(sealed).not.toContain('whsec_abc');
    expect(box.open(sealed)).toBe('whsec_abc');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered)).toThrow();
    expect(() => new SecretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow();
    expect(new SecretBox(undefined).open(new SecretBox(undefined).seal('whsec_x'))).toBe('whsec_x');
  });
});
