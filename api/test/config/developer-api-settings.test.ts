/** The developer API's settings (docs/production.md): defaults, bounds, and no private webhooks in production. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSettings } from '../../src/config';
import { PRODUCTION_ENV } from '../support/app';

const dev = (env: Record<string, string> = {}) =>
  loadSettings({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'roconnect-devapi-')), ...env });
const PRODUCTION: Record<string, string> = PRODUCTION_ENV;

it('defaults: 60 calls a minute per key, 120 per server, 10 refused keys per address, 10 keys a day, no private webhooks, a first retry after 30 s, 10 s an attempt, 8 at once', () => {
  expect(dev().developerApi).toEqual({
    rateLimitMax: 60,
    serverRateLimitMax: 120,
    keyFailureMax: 10,
    keyCreateMaxPerDay: 10,
    allowPrivateWebhooks: false,
    webhookRetryDelaySeconds: 30,
    webhookTimeoutSeconds: 10,
    webhookConcurrency: 8,
  });
  expect(
    dev({
      PUBLIC_API_RATE_LIMIT_MAX: '5',
      PUBLIC_API_SERVER_RATE_LIMIT_MAX: '7',
      PUBLIC_API_KEY_FAILURE_MAX: '3',
      API_KEY_CREATE_MAX_PER_DAY: '2',
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      WEBHOOK_RETRY_DELAY_SECONDS: '2',
      WEBHOOK_TIMEOUT_SECONDS: '3',
      WEBHOOK_CONCURRENCY: '2',
    }).developerApi,
  ).toEqual({
    rateLimitMax: 5,
    serverRateLimitMax: 7,
    keyFailureMax: 3,
    keyCreateMaxPerDay: 2,
    allowPrivateWebhooks: true,
    webhookRetryDelaySeconds: 2,
    webhookTimeoutSeconds: 3,
    webhookConcurrency: 2,
  });
});

it.each([
  [{ ALLOW_PRIVATE_WEBHOOKS: 'yes' }, 'ALLOW_PRIVATE_WEBHOOKS must be true or false, got "yes"'],
  [
    { PUBLIC_API_RATE_LIMIT_MAX: '0' },
    'PUBLIC_API_RATE_LIMIT_MAX must be between 1 and 100000, got 0',
  ],
  [
    { WEBHOOK_RETRY_DELAY_SECONDS: 'soon' },
    'WEBHOOK_RETRY_DELAY_SECONDS must be a whole number, got "soon"',
  ],
  [{ WEBHOOK_TIMEOUT_SECONDS: '0' }, 'WEBHOOK_TIMEOUT_SECONDS must be between 1 and 60, got 0'],
  [{ WEBHOOK_CONCURRENCY: '65' }, 'WEBHOOK_CONCURRENCY must be between 1 and 64, got 65'],
  [
    { API_KEY_CREATE_MAX_PER_DAY: '0' },
    'API_KEY_CREATE_MAX_PER_DAY must be between 1 and 1000, got 0',
  ],
])('%o is refused naming the setting', (env, message) => {
  expect(() => dev(env)).toThrow(message);
});

it('production refuses ALLOW_PRIVATE_WEBHOOKS=true, and is fine without it', () => {
  expect(() => loadSettings({ ...PRODUCTION, ALLOW_PRIVATE_WEBHOOKS: 'true' })).toThrow(
    'ALLOW_PRIVATE_WEBHOOKS=true is for local development and tests',
  );
  expect(loadSettings({ ...PRODUCTION }).developerApi.allowPrivateWebhooks).toBe(false);
});
