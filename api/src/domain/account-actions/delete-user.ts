import { eq, or, type SQL } from 'drizzle-orm';
import type { UnlinkCleanup } from '@roconnect/shared-lib/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  discordTokens,
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
import { listLinkedAccounts, type RobloxAccountRow } from '../accounts/accounts';
import { getUser, type UserRow } from '../accounts/users';
import { announceUnlinkCleanup } from '../audit/record';
import { clearRoleConnectionForGood } from '../role-connections/user-connection';
import { getDiscordAccessToken } from '../tokens/discord-tokens';
import { cleanUpAccount } from '../verification/unlink-cleanup';
import { unlinkLinkedAccount } from './unlink';

/** What stands in a kept audit entry for a member who deleted their account. */
export const TOMBSTONE = 'Deleted user';

/**
 * Deletes a user (docs/security.md › Member privacy), for the member themself or the two-year
 * purge. First, per linked account, the unlink clean-up in every server it verified in (the bot
 * takes back the roles it gave and the nickname it set; each server's log channel hears of it)
 * and the Discord role connection cleared. Then, while the user's Discord token is still stored,
 * the role connection is emptied for good and our Discord grant revoked (best effort: Discord
 * accepts only the user's own token for either, so nothing could do it once the token is gone).
 * Then, in one transaction: the servers' audit entries stay with the member's identity (names in
 * their warnings too) replaced by TOMBSTONE, what only describes them goes, and the
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
  await endDiscordGrant(ctx, userId);
  await ctx.db.transaction(async (tx) => forget(tx as unknown as Db, user, accounts));
  return { cleanup };
}

/**
 * Empties the user's Linked Roles connection, then revokes the authorization they gave us at
 * sign-in (Discord ends every token of it). Never throws: a failure is logged, the deletion goes on.
 */
async function endDiscordGrant(ctx: AppContext, userId: string): Promise<void> {
  const [stored] = await ctx.db
    .select({ userId: discordTokens.userId })
    .from(discordTokens)
    .where(eq(discordTokens.userId, userId));
  if (!stored) return;
  await clearRoleConnectionForGood(ctx, userId);
  try {
    await ctx.integrations.discordOAuth.revoke(await getDiscordAccessToken(ctx, userId));
  } catch (err) {
    ctx.log?.warn(
      { userId, error: err instanceof Error ? err.message : String(err) },
      "could not revoke a deleted user's Discord authorization",
    );
  }
}

/** A name where it stands alone, so a short one ("Al") leaves the words around it alone. */
const asWord = (name: string) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}_])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_])`,
    'gu',
  );

/**
 * Warnings of kept audit entries name the member (a nickname made of their names, "set it to …"):
 * each of their names is replaced by TOMBSTONE, longest first so a nickname goes whole.
 */
async function scrubWarnings(db: Db, user: UserRow, accounts: RobloxAccountRow[], asMember: SQL) {
  const rows = await db
    .select({
      id: verifications.id,
      warnings: verifications.warnings,
      nickname: verifications.nickname,
      nicknameBefore: verifications.nicknameBefore,
      nicknameAfter: verifications.nicknameAfter,
      memberUsername: verifications.memberUsername,
      robloxUsername: verifications.robloxUsername,
    })
    .from(verifications)
    .where(asMember);
  const shared = [
    user.username,
    user.globalName,
    ...accounts.flatMap((a) => [a.username, a.displayName]),
  ];
  for (const row of rows) {
    if (!row.warnings.length) continue;
    const names = [
      ...shared,
      row.nickname,
      row.nicknameBefore,
      row.nicknameAfter,
      row.memberUsername,
      row.robloxUsername,
    ]
      .filter((n): n is string => !!n && n !== TOMBSTONE)
      .sort((a, b) => b.length - a.length);
    const warnings = row.warnings.map((w) =>
      names.reduce((text, name) => text.replace(asWord(name), TOMBSTONE), w),
    );
    if (warnings.some((w, i) => w !== row.warnings[i]))
      await db.update(verifications).set({ warnings }).where(eq(verifications.id, row.id));
  }
}

async function forget(db: Db, user: UserRow, accounts: RobloxAccountRow[]): Promise<void> {
  const asMember = or(
    eq(verifications.userId, user.id),
    eq(verifications.memberDiscordId, user.discordId),
  )!;
  await scrubWarnings(db, user, accounts, asMember);
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
