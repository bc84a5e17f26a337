import { describe, expect, it } from 'vitest';
import { clientKey } from './rate-limit.js';

describe('clientKey', () => {
  it('keys an IPv4 client by its address, also when it arrives IPv4-mapped on a dual-stack socket', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys an IPv6 client by its /64, so rotating addresses inside one allocation gains nothing', () => {
    expect(clientKey('2001:db8:85a3:12:8a2e:370:7334:1')).toBe('2001:db8:85a3:12::/64');
    expect(clientKey('2001:db8:85a3:12::99')).toBe('2001:db8:85a3:12::/64');
    expect(clientKey('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
