import { describe, expect, it } from 'vitest';
import { clientKey } from './client-address.ts';

describe('clientKey', () => {
  it('counts an IPv6 client by its /64, however the address is written', () => {
    const one = clientKey('2001:db8:1:2::1');
    expect(one).toBe('2001:db8:1:2::/64');
    for (const same of [
      '2001:db8:1:2::ffff',
      '2001:0db8:0001:0002:0:0:0:31',
      '2001:DB8:1:2:aaaa:bbbb:cccc:dddd',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::7'),
    ]) {
      expect(clientKey(same)).toBe(one);
    }
    expect(clientKey('2001:db8:1:3::1')).not.toBe(one);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('keeps an IPv4 address as it is, also when a dual-stack socket writes it as IPv6', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('127.0.0.1')).toBe('127.0.0.1');
  });
});
