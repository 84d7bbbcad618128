import { asc, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { deleteUser } from '../account-actions/delete-user';

/** The privacy page's promise: accounts not seen for two years are deleted. */
export const INACTIVE_ACCOUNT_DAYS = 730;
/** Users deleted per purge run at most; the next hourly run takes the rest. */
const PER_RUN = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the accounts not seen (signed in or refreshed, users.last_seen_at) for
 * INACTIVE_ACCOUNT_DAYS, as the member deleting their account would (domain/account-actions/delete-user).
 * A user whose clean-up could not reach Discord is left for a later run and logged; they are
 * marked (users.purge_failed_at, migration 0019) and the batch takes those never tried first, then the longest
 * failed ago, so failing users cannot hold the head of the batch for ever (docs/security.md ›
 * Member privacy).
 */
export async function purgeInactiveAccounts(ctx: AppContext, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - INACTIVE_ACCOUNT_DAYS * DAY_MS);
  const stale = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(lt(users.lastSeenAt, cutoff))
    // purge_failed_at (migration 0019) is only read here, so the users row of db/schema.ts leaves it out
    .orderBy(sql`purge_failed_at ASC NULLS FIRST`, asc(users.lastSeenAt), asc(users.id))
    .limit(PER_RUN);
  let deleted = 0;
  for (const { id } of stale) {
    try {
      if (await deleteUser(ctx, id)) deleted += 1;
    } catch (err) {
      ctx.log?.warn({ err, userId: id }, 'could not delete an inactive account; trying later');
      await ctx.db.execute(
        sql`UPDATE users SET purge_failed_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`,
      );
    }
  }
  return deleted;
}
