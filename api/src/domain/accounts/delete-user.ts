import { eq, or } from 'drizzle-orm';
import type { UnlinkCleanup } from '@roconnect/shared-lib/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  guildConfigs,
  guildMemberPresence,
  memberRuleFacts,
  memberUpdateItems,
  memberUpdateRuns,
  privacyLookups,
  roleConnections,
  settingChanges,
  users,
  verifications,
} from '../../db/schema';
import { announceUnlinkCleanup } from '../audit/record';
import { cleanUpAccount } from '../verification/unlink-cleanup';
import { listLinkedAccounts } from './accounts';
import { unlinkLinkedAccount } from './unlink';
import { getUser, type UserRow } from './users';

/** What stands in a kept audit entry for a member who deleted their account. */
export const TOMBSTONE = 'Deleted user';

/**
 * Deletes a user (docs/security.md › Member privacy), for the member themself or the two-year
 * purge. First, per linked account, the unlink clean-up in every server it verified in (the bot
 * takes back the roles it gave and the nickname it set; each server's log channel hears of it)
 * and the Discord role connection cleared. Then, in one transaction: the servers' audit entries
 * stay with the member's identity replaced by TOMBSTONE, what only describes them goes, and the
 * user row goes with everything that hangs on it (links, Discord tokens, sessions and their
 * refresh tokens, OAuth states, server memberships, privacy choices and lookups of them).
 * Null when there is no such user. Discord refusing a clean-up is a warning in the answer; an
 * error reaching Discord is thrown before anything was deleted, so the deletion can be retried.
 */
export async function deleteUser(
  ctx: AppContext,
  userId: string,
): Promise<{ cleanup: UnlinkCleanup[] } | null> {
  const user = await getUser(ctx.db, userId);
  if (!user) return null;
  const accounts = await listLinkedAccounts(ctx.db, userId);
  const cleanup: UnlinkCleanup[] = [];
  for (const account of accounts) {
    const done = await cleanUpAccount(ctx, user, account);
    cleanup.push(...done);
    for (const entry of done)
      announceUnlinkCleanup(ctx.db, entry.server_id, {
        member: { discordId: user.discordId, username: user.username },
        account: { robloxId: account.robloxId, username: account.username },
        rolesRemoved: entry.roles_removed,
        nicknameReset: entry.nickname_reset,
        warnings: entry.warnings,
      });
    await unlinkLinkedAccount(ctx, userId, account.id);
  }
  await ctx.db.transaction(async (tx) => forget(tx as unknown as Db, user));
  return { cleanup };
}

async function forget(db: Db, user: UserRow): Promise<void> {
  const asMember = or(
    eq(verifications.userId, user.id),
    eq(verifications.memberDiscordId, user.discordId),
  );
  await db
    .update(verifications)
    .set({
      userId: null,
      memberDiscordId: null,
      memberUsername: TOMBSTONE,
      robloxAccountId: null,
      robloxId: null,
      robloxUsername: null,
      // the nicknames the bot set were made of the member's names
      nickname: null,
      nicknameBefore: null,
      nicknameAfter: null,
    })
    .where(asMember);
  await db
    .update(verifications)
    .set({ actorUserId: null, actorDiscordId: null, actorUsername: TOMBSTONE })
    .where(
      or(eq(verifications.actorUserId, user.id), eq(verifications.actorDiscordId, user.discordId)),
    );
  await db
    .update(settingChanges)
    .set({ actorUserId: null, actorDiscordId: null, actorUsername: TOMBSTONE })
    .where(
      or(
        eq(settingChanges.actorUserId, user.id),
        eq(settingChanges.actorDiscordId, user.discordId),
      ),
    );
  await db
    .update(privacyLookups)
    .set({ actorDiscordId: null, actorName: TOMBSTONE })
    .where(eq(privacyLookups.actorDiscordId, user.discordId));
  await db
    .update(memberUpdateRuns)
    .set({ requestedBy: null })
    .where(eq(memberUpdateRuns.requestedBy, user.id));
  await db.update(guildConfigs).set({ updatedBy: null }).where(eq(guildConfigs.updatedBy, user.id));
  await db.delete(memberUpdateItems).where(eq(memberUpdateItems.discordId, user.discordId));
  await db.delete(guildMemberPresence).where(eq(guildMemberPresence.discordId, user.discordId));
  await db.delete(memberRuleFacts).where(eq(memberRuleFacts.discordId, user.discordId));
  await db.delete(roleConnections).where(eq(roleConnections.userId, user.id));
  // the rest goes with the user row (ON DELETE CASCADE); the sessions' deletion reaches every
  // replica's session cache through the change feed, so the access token stops working too
  await db.delete(users).where(eq(users.id, user.id));
}
