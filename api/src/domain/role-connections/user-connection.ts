import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { discordTokens, roleConnections, users } from '../../db/schema';
import type { RoleConnectionValues } from '../../integrations/types';
import type { RobloxAccountRow } from '../accounts/accounts';
import { listLinkedAccounts } from '../accounts/accounts';
import { preferredAccount } from '../accounts/linked';
import { withDiscordToken } from '../tokens/discord-tokens';

/** The scope a user's Discord token needs to carry their values (the login asks for it). */
export const ROLE_CONNECTIONS_SCOPE = 'role_connections.write';

export type RoleConnectionOutcome =
  /** Discord has the values now */
  | 'written'
  /** Discord's values were cleared */
  | 'cleared'
  /** they already describe this account (or nothing was written to clear) */
  | 'unchanged'
  /** the user's sign-in predates the scope, or they have no Discord token stored: nothing sent */
  | 'no_scope'
  /** Discord or Roblox refused or failed: logged, and tried again at the next verification */
  | 'failed';

/** The values a verified account gives: verified, and its creation date (docs: metadata.ts). */
function valuesOf(account: RobloxAccountRow, createdAt: Date | null): RoleConnectionValues {
  return {
    platform_name: 'Roblox',
    platform_username: account.username,
    metadata: {
      verified: '1',
      ...(createdAt ? { account_age_days: createdAt.toISOString() } : {}),
    },
  };
}

/** Why RoConnect may not write the user's role connection; null when it may. */
export type NotConnected = 'no_grant' | 'disconnected';

/**
 * Whether RoConnect may write the user's role connection: their stored Discord grant carries the
 * scope, and they have not disconnected on the Linked Roles page (a later sign-in grants the
 * scope again, but their choice stands until they connect).
 */
export async function notConnected(ctx: AppContext, userId: string): Promise<NotConnected | null> {
  const [user] = await ctx.db
    .select({ offAt: users.roleConnectionsOffAt })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.offAt) return 'disconnected';
  const [row] = await ctx.db
    .select({ scope: discordTokens.scope })
    .from(discordTokens)
    .where(eq(discordTokens.userId, userId));
  return row?.scope.split(/\s+/).includes(ROLE_CONNECTIONS_SCOPE) ? null : 'no_grant';
}

const hasScope = async (ctx: AppContext, userId: string) =>
  (await notConnected(ctx, userId)) === null;

/** What RoConnect last wrote to the user's role connection; null when nothing is there. */
export async function written(ctx: AppContext, userId: string) {
  const [row] = await ctx.db
    .select()
    .from(roleConnections)
    .where(eq(roleConnections.userId, userId));
  return row ?? null;
}

/** What failed, for the log: the message (Discord's and Roblox's name no token), never the request. */
function logFailure(ctx: AppContext, userId: string, what: string, err: unknown) {
  ctx.log?.warn(
    { userId, error: err instanceof Error ? err.message : String(err) },
    `could not ${what} the user's role connection`,
  );
}

/**
 * After a verification: the user's Discord role connection says verified, with the account's
 * creation date, through the user's own token. Written only when it describes another account
 * than last time, so repeated verifications (an update of every member) cost one read here.
 * Never throws: the verification stands whatever happens here.
 */
export async function writeRoleConnection(
  ctx: AppContext,
  userId: string,
  account: RobloxAccountRow,
): Promise<RoleConnectionOutcome> {
  try {
    const before = await written(ctx, userId);
    // a row from before migration 0027 has no values recorded: written again to record them
    if (before?.robloxId === account.robloxId && before.metadata) return 'unchanged';
    if (!(await hasScope(ctx, userId))) return 'no_scope';
    const createdAt = await ctx.integrations.roblox.getUserCreatedAt(account.robloxId);
    const values = valuesOf(account, createdAt);
    await withDiscordToken(ctx, userId, (token) =>
      ctx.integrations.discordRoleConnections.putUserConnection(token, values),
    );
    const recorded = {
      robloxId: account.robloxId,
      platformUsername: values.platform_username ?? null,
      metadata: values.metadata,
    };
    await ctx.db
      .insert(roleConnections)
      .values({ userId, ...recorded })
      .onConflictDoUpdate({
        target: roleConnections.userId,
        set: { ...recorded, writtenAt: new Date() },
      });
    return 'written';
  } catch (err) {
    logFailure(ctx, userId, 'write', err);
    return 'failed';
  }
}

/**
 * After an unlink: when the role connection described the account just unlinked, it describes
 * the user's remaining verified account instead, or is cleared when none is left. Never throws.
 */
export async function syncRoleConnectionAfterUnlink(
  ctx: AppContext,
  userId: string,
): Promise<RoleConnectionOutcome> {
  try {
    const current = await written(ctx, userId);
    if (!current) return 'unchanged';
    const remaining = await listLinkedAccounts(ctx.db, userId);
    if (remaining.some((a) => a.robloxId === current.robloxId)) return 'unchanged';
    const next = remaining.length ? await preferredAccount(ctx.db, userId) : null;
    if (next?.verified) return await writeRoleConnection(ctx, userId, next);
    return await emptyRoleConnection(ctx, userId);
  } catch (err) {
    logFailure(ctx, userId, 'clear', err);
    return 'failed';
  }
}

/**
 * Before the user's Discord tokens go (their account deleted, by them or the two-year purge): the
 * role connection is emptied, whatever we last wrote, since Discord takes only the user's own
 * token for it and nothing could clear it afterwards (docs/security.md › Member privacy). Never
 * throws: a deletion does not wait on Discord.
 */
export async function clearRoleConnectionForGood(
  ctx: AppContext,
  userId: string,
): Promise<RoleConnectionOutcome> {
  try {
    return await emptyRoleConnection(ctx, userId);
  } catch (err) {
    logFailure(ctx, userId, 'clear', err);
    return 'failed';
  }
}

/** Empties the connection at Discord with the user's own token, then forgets what we wrote. */
async function emptyRoleConnection(
  ctx: AppContext,
  userId: string,
): Promise<RoleConnectionOutcome> {
  if (!(await hasScope(ctx, userId))) return 'no_scope';
  await withDiscordToken(ctx, userId, (token) =>
    ctx.integrations.discordRoleConnections.putUserConnection(token, { metadata: {} }),
  );
  await ctx.db.delete(roleConnections).where(eq(roleConnections.userId, userId));
  return 'cleared';
}
