/** The gateway's and the resync's settings: defaults, and a clear error for each bad value. */
import { ConfigError } from '../../src/config';
import { testSettings } from '../support/app';

it('has defaults: not in the API, a 20 s lease, Discord’s shard count, quiet hours from 04:00 UTC', () => {
  const settings = testSettings();
  expect(settings.gateway).toEqual({ inApi: false, leaseSeconds: 20, shardCount: null });
  expect(settings.resync).toEqual({ hourUtc: 4, windowHours: 4 });
});

it('reads each setting', () => {
  const settings = testSettings({
    GATEWAY_IN_API: 'true',
    GATEWAY_LEASE_SECONDS: '2',
    GATEWAY_SHARD_COUNT: '16',
    RESYNC_HOUR_UTC: '23',
    RESYNC_WINDOW_HOURS: '24',
  });
  expect(settings.gateway).toEqual({ inApi: true, leaseSeconds: 2, shardCount: 16 });
  expect(settings.resync).toEqual({ hourUtc: 23, windowHours: 24 });
  expect(testSettings({ GATEWAY_SHARD_COUNT: 'auto' }).gateway.shardCount).toBeNull();
});

it.each([
  ['GATEWAY_IN_API', 'yes', 'GATEWAY_IN_API must be true or false, got "yes"'],
  ['GATEWAY_LEASE_SECONDS', '1', 'GATEWAY_LEASE_SECONDS must be between 2 and 300, got 1'],
  ['GATEWAY_LEASE_SECONDS', 'soon', 'GATEWAY_LEASE_SECONDS must be a whole number, got "soon"'],
  ['GATEWAY_SHARD_COUNT', 'many', 'GATEWAY_SHARD_COUNT must be auto or a whole number, got "many"'],
  ['GATEWAY_SHARD_COUNT', '0', 'GATEWAY_SHARD_COUNT must be between 1 and 65535, got 0'],
  ['RESYNC_HOUR_UTC', '24', 'RESYNC_HOUR_UTC must be between 0 and 23, got 24'],
  ['RESYNC_WINDOW_HOURS', '0', 'RESYNC_WINDOW_HOURS must be between 1 and 24, got 0'],
])('%s=%s is refused, naming the setting', (name, value, message) => {
  expect(() => testSettings({ [name]: value })).toThrow(ConfigError);
  expect(() => testSettings({ [name]: value })).toThrow(message);
});
