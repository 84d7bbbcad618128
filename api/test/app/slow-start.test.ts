/**
 * The API starts however long its database takes to open: on a busy machine PGlite's first start
 * took longer than Fastify's default 10 s for a plugin, and the start failed (docs/production.md,
 * START_TIMEOUT_SECONDS).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type * as DbClient from '../../src/db/client';
import { ConfigError } from '../../src/config';
import { createFakeIntegrations, createWorld } from '../support/fake-integrations';
import { testSettings } from '../support/app';
import { openTestDatabase, type TestDatabase } from '../support/db';

const OPEN_DELAY_MS = 11_000;
// jest.mock's factory may only reach variables named mock…
const mockOpen: { delayNext: boolean; opened?: TestDatabase } = { delayNext: true };

// the app's database opens as on a loaded machine: past Fastify's default plugin timeout
jest.mock('../../src/db/client', () => {
  const actual = jest.requireActual<typeof DbClient>('../../src/db/client');
  return {
    ...actual,
    createDatabase: async (...args: Parameters<typeof actual.createDatabase>) => {
      if (!mockOpen.delayNext) return actual.createDatabase(...args);
      mockOpen.delayNext = false;
      await new Promise((resolve) => setTimeout(resolve, OPEN_DELAY_MS));
      // the test's own database (a copy of the migrated template), through the real function
      mockOpen.opened = await openTestDatabase();
      return mockOpen.opened.database;
    },
  };
});

let app: FastifyInstance | undefined;
afterAll(async () => {
  await app?.close();
  await mockOpen.opened?.cleanup();
});

it('START_TIMEOUT_SECONDS defaults to 5 minutes and refuses what is not 1–3600', () => {
  expect(testSettings().startTimeoutMs).toBe(300_000);
  expect(testSettings({ START_TIMEOUT_SECONDS: '20' }).startTimeoutMs).toBe(20_000);
  expect(() => testSettings({ START_TIMEOUT_SECONDS: '0' })).toThrow(ConfigError);
  expect(() => testSettings({ START_TIMEOUT_SECONDS: 'soon' })).toThrow(/START_TIMEOUT_SECONDS/);
});

it('starts when opening the database takes longer than 10 s', async () => {
  const started = Date.now();
  app = await buildApp({
    settings: testSettings(),
    integrations: createFakeIntegrations(createWorld()),
    logger: false,
    jobs: false,
  });
  await app.ready();
  expect(Date.now() - started).toBeGreaterThanOrEqual(OPEN_DELAY_MS);
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
}, 60_000);
