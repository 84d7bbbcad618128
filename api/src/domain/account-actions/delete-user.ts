import { and, eq, like, or, sql, type SQL } from 'drizzle-orm';
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
  webhookDeliveries,
} from '../../db/schema';
import { listLinkedAccounts, type RobloxAccountRow } from '../accounts/accounts';
import { getUser, type UserRow } from '../accounts/users';
import { clearRoleConnectionForGood } from '../role-connections/user-connection';
import { forgetSightings } from '../rules/ban-evasion';
import { findLiveSession } from '../sessions/sessions';
import { getDiscordAccessToken } from '../tokens/discord-tokens';
import { announceCleanups, cleanUpAccount } from '../verification/unlink-cleanup';
import type { WebhookPayload } from '../webhooks/events';
import { unlinkLinkedAccount } from './unlink';

/** What stands in a kept audit entry for a member who deleted their account. */
export const TOMBSTONE = 'Deleted user';

/** A deletion asks for a sign-in this recent: a stolen or forgotten session cannot delete. */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * Whether the session signed in (Discord sign-in, sessions.created_at) within FRESH_SIGN_IN_MS.
 * A refresh keeps the session and its sign-in time, so it does not count.
 */
export async function signedInRecently(
  db: Db,
  sessionId: string,
  now = Date.now(),
): Promise<boolean> {
  const session = await findLiveSession(db, sessionId);
  return !!session && now - session.createdAt.getTime() <= FRESH_SIGN_IN_MS;
}

/**
 * Deletes a user (docs/security.md › Member privacy), for the member themself or the two-year
 * purge. First, per linked account, the unlink clean-up in every server it verified in (the bot
 * takes back the roles it gave and the nickname it set; each server's log channel hears of it)
 * and the Discord role connection cleared. Then, while the user's Discord token is still stored,
 * the role connection is emptied for good and our Discord grant revoked (best effort: Discord
 * accepts only the user's own token for either, so nothing could do it once the token is gone).
 * Then, in one transaction: the servers' audit entries stay with the member's identity (names in
 * their warnings, their Discord id in others' warnings and setting changes too) replaced by
 * TOMBSTONE, webhook deliveries still waiting lose them, what only describes them goes, and the
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
    announceCleanups(ctx, user, account, done);
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
 * Kept free text naming the member by Discord id, in any server's entries: a kick's warning names
 * who chose it ("the person who chose kick (Discord user 1100…)"), as does a restrictions change
 * ("chosen by Discord user 1100…"). Each becomes TOMBSTONE.
 */
async function scrubDiscordId(db: Db, discordId: string) {
  // Discord ids are digits; anything else would not be one of theirs (and not safe in a pattern)
  if (!/^\d+$/.test(discordId)) return;
  const pattern = `(Discord user )?\\m${discordId}\\M`;
  const scrubbed = (column: SQL) => sql`regexp_replace(${column}, ${pattern}, ${TOMBSTONE}, 'g')`;
  await db
    .update(verifications)
    .set({ warnings: sql`${scrubbed(sql`${verifications.warnings}::text`)}::jsonb` })
    .where(sql`${verifications.warnings}::text ~ ${pattern}`);
  await db
    .update(settingChanges)
    .set({
      before: scrubbed(sql`${settingChanges.before}`),
      after: scrubbed(sql`${settingChanges.after}`),
    })
    .where(
      or(sql`${settingChanges.before} ~ ${pattern}`, sql`${settingChanges.after} ~ ${pattern}`),
    );
}

/**
 * Webhook deliveries still waiting (a retry), or failed and kept for a manager's retry, whose
 * body names the member: a verified or updated
 * event is not sent at all (the account is gone, and the roles with it); an unlinked one still
 * tells the server's system whose link ended (the member's Discord id, which the server has
 * anyway), but with their name and Roblox account gone.
 */
async function forgetPendingDeliveries(db: Db, discordId: string) {
  const pending = await db
    .select({ id: webhookDeliveries.id, body: webhookDeliveries.body })
    .from(webhookDeliveries)
    .where(
      and(
        or(eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.status, 'failed')),
        like(webhookDeliveries.body, `%${discordId}%`),
      ),
    );
  for (const row of pending) {
    let payload: WebhookPayload;
    try {
      payload = JSON.parse(row.body!) as WebhookPayload;
    } catch {
      continue;
    }
    if (payload.data?.member?.discord_id !== discordId) continue;
    if (payload.event === 'member.unlinked') {
      payload.data.member.username = TOMBSTONE;
      payload.data.roblox = null;
      payload.data.nickname = null;
      await db
        .update(webhookDeliveries)
        .set({ body: JSON.stringify(payload) })
        .where(eq(webhookDeliveries.id, row.id));
    } else
      await db
        .update(webhookDeliveries)
        .set({
          status: 'failed',
          body: null,
          lastError: 'Not sent: the member deleted their account.',
          finishedAt: new Date(),
        })
        .where(eq(webhookDeliveries.id, row.id));
  }
}

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
  await scrubDiscordId(db, user.discordId);
  await forgetPendingDeliveries(db, user.discordId);
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
  await forgetSightings(db, user.discordId);
  await db.delete(roleConnections).where(eq(roleConnections.userId, user.id));
  // the rest goes with the user row (ON DELETE CASCADE); the sessions' deletion reaches every
  // replica's session cache through the change feed, so the access token stops working too
  await db.delete(users).where(eq(users.id, user.id));
}
