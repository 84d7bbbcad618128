/** Per-address limits key an IPv6 client by its /64, and an IPv4-mapped address as IPv4 (N2). */
import { addressKey } from '../../src/lib/client-address';
import { MemoryCounts } from '../../src/lib/rate-limit-store';
import { testSettings } from '../support/app';
import { useFakeApp } from '../support/harness';

describe('addressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
  });

  it('keys every IPv6 address of one /64 alike, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:fffe',
      '2001:0DB8:0001:0002:0000:0000:0000:0009',
      '2001:db8:1:2:a:b:c:d',
      '2001:db8:1:2::203.0.113.7',
      '2001:db8:1:2::1%eth0',
    ])
      expect(addressKey(ip)).toBe(key);
  });

  it('keys neighbouring /64s apart', () => {
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address, in either notation', () => {
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::FFFF:cb00:7105')).toBe('203.0.113.5');
    expect(addressKey('0:0:0:0:0:ffff:203.0.113.5')).toBe('203.0.113.5');
  });

  it('returns anything that is not an address unchanged', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('not-an-ip')).toBe('not-an-ip');
  });
});

describe('the per-address sign-in limit', () => {
  const t = useFakeApp();
  const start = (remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: '/auth/discord-url', remoteAddress });

  it('counts one IPv6 /64 as one client, and another /64 apart', async () => {
    await t.restartWith(testSettings({ AUTH_RATE_LIMIT_MAX: '2' }));
    const codes = [];
    // a client rotating through its /64
    for (const ip of ['2001:db8:7:7::1', '2001:db8:7:7::2', '2001:db8:7:7:abcd::3'])
      codes.push((await start(ip)).statusCode);
    codes.push((await start('2001:db8:7:8::1')).statusCode);
    expect(codes).toEqual([200, 200, 429, 200]);
  });

  it('counts an IPv4 client the same through a dual-stack socket', async () => {
    await t.restartWith(testSettings({ AUTH_RATE_LIMIT_MAX: '2' }));
    const codes = [];
    for (const ip of ['203.0.113.9', '::ffff:203.0.113.9', '203.0.113.9'])
      codes.push((await start(ip)).statusCode);
    expect(codes).toEqual([200, 200, 429]);
  });
});

describe("a replica's memory counts (the fallback while Redis is away)", () => {
  it('counts in fixed windows, and forgets the least recently counted key past its capacity', () => {
    const counts = new MemoryCounts(2);
    expect(counts.incr('a', 60_000, 0)).toEqual({ current: 1, ttl: 60_000 });
    expect(counts.incr('a', 60_000, 1_000)).toEqual({ current: 2, ttl: 59_000 });
    expect(counts.incr('a', 60_000, 60_000)).toEqual({ current: 1, ttl: 60_000 });
    counts.incr('b', 60_000, 60_000);
    counts.incr('a', 60_000, 60_001); // a is now the more recent
    counts.incr('c', 60_000, 60_002); // over capacity: b goes
    expect(counts.incr('a', 60_000, 60_003).current).toBe(3);
    expect(counts.incr('b', 60_000, 60_004).current).toBe(1);
  });
});
