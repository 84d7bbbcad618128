import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadSettings, type Settings } from '../../src/config';
import type { Database } from '../../src/db/client';
import type { Integrations } from '../../src/integrations/types';

export const APP_URL = 'http://app.test';

/** Every setting production requires, with values that pass its checks (none of them real). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'production-jwt-secret-that-is-long-enough-0123',
  TOKEN_ENCRYPTION_KEY: 'f'.repeat(64),
  DISCORD_CLIENT_ID: '123456789012345678',
  DISCORD_CLIENT_SECRET: 'real-secret',
  DISCORD_BOT_TOKEN: 'real-bot-token',
  DISCORD_PUBLIC_KEY: 'a'.repeat(64),
} as const;

export function testSettings(env: Record<string, string> = {}): Settings {
  return loadSettings({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'roconnect-api-')),
    APP_URL,
    API_URL: 'http://api.test',
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
    TOKEN_ENCRYPTION_KEY: '0'.repeat(63) + '1',
    RATE_LIMIT_MAX: '1000',
    ...env,
  });
}

export async function createTestApp(
  database: Database,
  integrations: Integrations,
  settings: Settings = testSettings(),
): Promise<FastifyInstance> {
  const app = await buildApp({ settings, integrations, database, logger: false, jobs: false });
  await app.ready();
  return app;
}

/** Parses the redirect of /auth/callback into its query and fragment parts. */
export function parseRedirect(location: string | undefined) {
  if (!location) throw new Error('no redirect');
  const url = new URL(location);
  return {
    origin: url.origin,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    fragment: Object.fromEntries(new URLSearchParams(url.hash.slice(1))),
  };
}

/** The body of an answer the API refuses with: its error code and the message people read. */
export const refusal = (error: string, message: string) => ({ success: false, error, message });

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A body that is not JSON, sent to a route that takes JSON: the error handler answers it 400. */
export const NOT_JSON_BODY = {
  method: 'POST',
  url: '/auth/refresh',
  headers: { 'content-type': 'text/plain' },
  payload: 'hello',
} as const;
