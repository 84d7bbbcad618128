import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { memberRuleFacts, users } from '../../db/schema';
import { unlinkAccount } from '../accounts/accounts';
import { syncRoleConnectionAfterUnlink } from '../role-connections/user-connection';

/**
 * Unlinks the caller's own account (false when they have none with that id), drops what the
 * binds preview kept of it (domain/rules/member-facts.ts: the account's group ranks, badges and
 * items, in every server), then brings their Discord role connection in line: cleared when no
 * verified account is left. What Discord says to that never undoes the unlink.
 */
export async function unlinkLinkedAccount(
  ctx: AppContext,
  userId: string,
  accountId: string,
): Promise<boolean> {
  const unlinked = await unlinkAccount(ctx.db, userId, accountId);
  if (!unlinked) return false;
  await ctx.db
    .delete(memberRuleFacts)
    .where(
      and(
        eq(memberRuleFacts.robloxId, unlinked.robloxId),
        inArray(
          memberRuleFacts.discordId,
          ctx.db.select({ discordId: users.discordId }).from(users).where(eq(users.id, userId)),
        ),
      ),
    );
  await syncRoleConnectionAfterUnlink(ctx, userId);
  return true;
}
