import { ConfigError } from '../../src/config';
import { testSettings } from '../support/app';
import { useFakeApp } from '../support/harness';

describe('TRUST_PROXY', () => {
  it('reads false (the default), true and proxy addresses; refuses anything else', () => {
    expect(testSettings().trustProxy).toBe(false);
    expect(testSettings({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(testSettings({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(testSettings({ TRUST_PROXY: '10.0.0.0/8, loopback,::1' }).trustProxy).toBe(
      '10.0.0.0/8,loopback,::1',
    );
    expect(() => testSettings({ TRUST_PROXY: 'yes' })).toThrow(ConfigError);
    expect(() => testSettings({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
    expect(() => testSettings({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
    expect(() => testSettings({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});

describe('the per-address limit behind a proxy', () => {
  const t = useFakeApp();
  // app.inject comes from 127.0.0.1: here that is the proxy, and X-Forwarded-For the client
  const start = (client: string) =>
    t.app.inject({
      method: 'GET',
      url: '/auth/discord-url',
      headers: { 'x-forwarded-for': client },
    });

  it('without TRUST_PROXY, every client behind the proxy shares the proxy address', async () => {
    await t.restartWith(testSettings({ AUTH_RATE_LIMIT_MAX: '2' }));
    const codes = [];
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      codes.push((await start(client)).statusCode);
    expect(codes).toEqual([200, 200, 429]);
  });

  it('with TRUST_PROXY naming the proxy, each client address has its own count', async () => {
    await t.restartWith(testSettings({ AUTH_RATE_LIMIT_MAX: '2', TRUST_PROXY: 'loopback' }));
    const codes = [];
    for (const client of ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2'])
      codes.push((await start(client)).statusCode);
    expect(codes).toEqual([200, 200, 429, 200]);
  });
});
