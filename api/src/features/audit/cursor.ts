import { badRequest } from '../../lib/errors';

/** A position in the log: an entry's time (to the microsecond, UTC) and id. */
export interface AuditCursor {
  at: string;
  id: string;
}

const AT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const ID = /^[0-9a-f-]{36}$/;

/**
 * The calendar date exists (no month 13, no February 30) and PostgreSQL's timestamptz takes it
 * (year 1 or later): a tampered cursor is a 400, not a database error.
 */
function isRealDate(ymd: string): boolean {
  const ms = Date.parse(`${ymd}T00:00:00.000Z`);
  return !Number.isNaN(ms) && ymd >= '0001' && new Date(ms).toISOString().slice(0, 10) === ymd;
}

/** `at` from a cursor names a real instant: it survives a round trip through Date. */
function isRealInstant(at: string): boolean {
  const ms = Date.parse(`${at.slice(0, 23)}Z`);
  return (
    isRealDate(at.slice(0, 10)) &&
    !Number.isNaN(ms) &&
    new Date(ms).toISOString() === `${at.slice(0, 23)}Z`
  );
}

/** Opaque to clients: base64url of `[at, id]`. */
export const encodeCursor = (c: AuditCursor) =>
  Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');

/**
 * `before` is a `next_before` from an earlier page, or an ISO 8601 time (entries strictly before
 * it). Anything else is a 400 that says what to send.
 */
export function parseBefore(before: string | undefined): AuditCursor | null {
  if (before === undefined || before === '') return null;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(before, 'base64url').toString('utf8'));
    if (
      Array.isArray(decoded) &&
      decoded.length === 2 &&
      typeof decoded[0] === 'string' &&
      typeof decoded[1] === 'string' &&
      AT.test(decoded[0]) &&
      isRealInstant(decoded[0]) &&
      ID.test(decoded[1])
    )
      return { at: decoded[0], id: decoded[1] };
  } catch {
    // not a cursor: maybe a time
  }
  if (/^\d{4}-\d\d-\d\dT/.test(before) && !Number.isNaN(Date.parse(before))) {
    const at = new Date(before).toISOString();
    if (!isRealDate(before.slice(0, 10)) || !isRealDate(at.slice(0, 10)))
      throw badRequest(
        `querystring.before must be a real date and time from year 1 to 9999, got ${before}`,
      );
    // the empty id sorts before every id, so entries at exactly that time are left out
    return { at, id: '' };
  }
  throw badRequest(
    'querystring.before must be the next_before of an earlier page or an ISO 8601 time',
  );
}
