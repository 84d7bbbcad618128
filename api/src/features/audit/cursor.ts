import { badRequest } from '../../lib/errors';

/** A position in the log: an entry's time (to the microsecond, UTC) and id. */
export interface AuditCursor {
  at: string;
  id: string;
}

const AT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const ID = /^[0-9a-f-]{36}$/;

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
      ID.test(decoded[1])
    )
      return { at: decoded[0], id: decoded[1] };
  } catch {
    // not a cursor: maybe a time
  }
  if (/^\d{4}-\d\d-\d\dT/.test(before) && !Number.isNaN(Date.parse(before)))
    // the empty id sorts before every id, so entries at exactly that time are left out
    return { at: new Date(before).toISOString(), id: '' };
  throw badRequest(
    'querystring.before must be the next_before of an earlier page or an ISO 8601 time',
  );
}
