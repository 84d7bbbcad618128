import type { AuditAction } from '@roconnect/shared-lib/contract';
import { badRequest } from '../../lib/errors';

const DATE = /^(\d{4})-(\d\d)-(\d\d)$/;
/** A time with its offset: without one it would be read in the API's own time zone. */
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,6})?)?(Z|[+-]\d\d:\d\d)$/;

/** `YYYY-MM-DD` names a day that exists (no 2025-02-30), from year 1. */
function dayStart(text: string): Date | null {
  if (!DATE.test(text) || text < '0001') return null;
  const day = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text ? day : null;
}

/** An instant from a date (its start, UTC) or a date and time; a 400 naming the field otherwise. */
function instant(field: 'from' | 'to', text: string): { at: Date; isDate: boolean } {
  const day = dayStart(text);
  if (day) return { at: day, isDate: true };
  if (DATE_TIME.test(text) && dayStart(text.slice(0, 10))) {
    const at = new Date(text);
    if (!Number.isNaN(at.getTime()) && at.getUTCFullYear() >= 1) return { at, isDate: false };
  }
  throw badRequest(
    `querystring.${field} must be an ISO 8601 date (2025-08-01) or date and time with its offset (2025-08-01T09:00:00Z), got ${JSON.stringify(text)}.`,
    'invalid_date',
  );
}

export interface AuditFilters {
  member?: string;
  name?: string;
  action?: AuditAction;
  from?: Date;
  to?: Date;
}

/**
 * The log's filters from the query: `name` trimmed (one of only spaces is refused), `from` at or
 * after, `to` before (a date's whole day included), `from` not after `to`.
 */
export function parseFilters(query: {
  member?: string;
  name?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
}): AuditFilters {
  const name = query.name?.trim();
  if (query.name !== undefined && !name)
    throw badRequest('querystring.name must hold at least one letter or digit.', 'invalid_name');
  if (name && [...name].some((c) => c < ' ' || c === '\u007f'))
    throw badRequest('querystring.name must not hold control characters.', 'invalid_name');
  const from = query.from ? instant('from', query.from) : null;
  const toGiven = query.to ? instant('to', query.to) : null;
  // a date's whole day: entries before the next day's start
  const to = toGiven
    ? toGiven.isDate
      ? new Date(toGiven.at.getTime() + 86_400_000)
      : toGiven.at
    : null;
  if (from && to && from.at.getTime() >= to.getTime())
    throw badRequest(
      `querystring.from (${query.from}) must be before querystring.to (${query.to}).`,
      'invalid_date_range',
    );
  return {
    ...(query.member ? { member: query.member } : {}),
    ...(name ? { name } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(from ? { from: from.at } : {}),
    ...(to ? { to } : {}),
  };
}

/** The export's file name: the server, and a member's id when the log is theirs. */
export const exportFilename = (guildId: string, filters: AuditFilters) =>
  `roconnect-audit-${guildId}${filters.member ? `-${filters.member}` : ''}.csv`;
