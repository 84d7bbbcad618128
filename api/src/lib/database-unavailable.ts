import { ApiError } from './errors';

/** what a client is told to wait before trying again, in seconds */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * pg-pool's words when no connection came free within connectionTimeoutMillis, and pg's when a
 * new connection took longer than that (pg 8 / pg-pool 3; test/database-unavailable.test.ts runs
 * the real pool so a change of wording fails there).
 */
const POOL_TIMEOUTS = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]);

/**
 * PostgreSQL's codes for "not now": query_canceled (statement_timeout),
 * idle_in_transaction_session_timeout, too_many_connections, cannot_connect_now (starting up).
 */
const BUSY_CODES = new Set(['57014', '25P03', '53300', '57P03']);

/**
 * A 503 with Retry-After when `err` (or what it wraps: drizzle puts the driver's error in `cause`)
 * says the database is too busy to answer now; undefined for every other error.
 */
export function databaseUnavailable(err: unknown): ApiError | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e !== null && typeof e === 'object'; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      (typeof code === 'string' && BUSY_CODES.has(code)) ||
      (typeof message === 'string' && POOL_TIMEOUTS.has(message))
    ) {
      return new ApiError(
        503,
        'database_unavailable',
        'The service is busy right now. Please try again in a moment.',
        { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      );
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
