import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { robloxAccounts, roleConnections, users } from '../../db/schema';
import { preferredAccount } from '../accounts/linked';
import { getUser } from '../accounts/users';
import { saveDiscordTokens, withDiscordToken } from '../tokens/discord-tokens';
import { ROLE_CONNECTION_METADATA } from './metadata';
import {
  notConnected,
  ROLE_CONNECTIONS_SCOPE,
  writeRoleConnection,
  written,
  type NotConnected,
} from './user-connection';

/** One value shared with Discord, as the Linked Roles page lists it. */
export interface SharedField {
  key: string;
  name: string;
  kind: 'boolean' | 'date' | 'number';
  value: string;
}

export interface LinkedRolesStatus {
  connected: boolean;
  reason: NotConnected | null;
  account: { roblox_id: string; username: string } | null;
  shared: SharedField[];
  written_at: string | null;
}

/** Discord's metadata types: 1–4 integer comparisons, 5–6 dates, 7–8 booleans. */
const kindOf = (type: number): SharedField['kind'] =>
  type >= 7 ? 'boolean' : type >= 5 ? 'date' : 'number';

/** The recorded values in the order of the metadata records, named as owners see them. */
function sharedFields(metadata: Record<string, string>): SharedField[] {
  return ROLE_CONNECTION_METADATA.filter((r) => metadata[r.key] !== undefined).map((r) => ({
    key: r.key,
    name: r.name,
    kind: kindOf(r.type),
    value: metadata[r.key]!,
  }));
}

/**
 * What the member's Linked Roles page shows: whether RoConnect may write their role connection,
 * and what it last wrote there. A connection written before its values were recorded (migration
 * 0027) is written again first, so the page never guesses what Discord holds.
 */
export async function linkedRolesStatus(
  ctx: AppContext,
  userId: string,
): Promise<LinkedRolesStatus> {
  const reason = await notConnected(ctx, userId);
  let row = await written(ctx, userId);
  if (row && !row.metadata && reason === null) {
    const account = (await preferredAccount(ctx.db, userId)) ?? null;
    if (account?.robloxId === row.robloxId) await writeRoleConnection(ctx, userId, account);
    row = await written(ctx, userId);
  }
  const username = row && (row.platformUsername ?? (await accountName(ctx, row.robloxId)));
  return {
    connected: reason === null,
    reason,
    account: row ? { roblox_id: row.robloxId, username: username || row.robloxId } : null,
    shared: row?.metadata ? sharedFields(row.metadata) : [],
    written_at: row ? row.writtenAt.toISOString() : null,
  };
}

/** The linked account's name, for a connection written before its values were recorded. */
async function accountName(ctx: AppContext, robloxId: string) {
  const [row] = await ctx.db
    .select({ username: robloxAccounts.username })
    .from(robloxAccounts)
    .where(eq(robloxAccounts.robloxId, robloxId));
  return row?.username ?? null;
}

export type DisconnectOutcome = 'disconnected' | 'not_connected';

/**
 * The member disconnects: nothing is written to their role connection from now on, Discord's
 * copy is emptied with their own token (Discord's documented way: PUT an empty connection), and
 * what we wrote is forgotten. Writes stop first, so a verification meanwhile cannot fill it
 * again; when Discord refuses, the choice is undone and the error thrown (nothing changed).
 */
export async function disconnectLinkedRoles(
  ctx: AppContext,
  userId: string,
): Promise<DisconnectOutcome> {
  if ((await notConnected(ctx, userId)) !== null) return 'not_connected';
  const setOff = (at: Date | null) =>
    ctx.db.update(users).set({ roleConnectionsOffAt: at }).where(eq(users.id, userId));
  await setOff(new Date());
  try {
    await withDiscordToken(ctx, userId, (token) =>
      ctx.integrations.discordRoleConnections.putUserConnection(token, { metadata: {} }),
    );
  } catch (err) {
    await setOff(null);
    throw err;
  }
  await ctx.db.delete(roleConnections).where(eq(roleConnections.userId, userId));
  ctx.log?.info({ userId }, 'Linked Roles disconnected by the member');
  return 'disconnected';
}

export type ConnectOutcome =
  /** the grant is stored; the values are written when the member has a verified account */
  | 'connected'
  /** Discord's answer names another Discord account than the signed-in member's: nothing kept */
  | 'other_account'
  /** the member did not grant role_connections.write: nothing kept */
  | 'no_scope';

/**
 * The return of "Connect" on the Linked Roles page, after the state proved who started it: the
 * code is exchanged, the tokens kept as the member's own (they carry the sign-in's scopes too)
 * only when they are the signed-in member's Discord account and carry the scope, the member's
 * disconnect is lifted, and their verified account written at once. Throws IntegrationError when
 * Discord refuses the code or cannot be reached.
 */
export async function connectLinkedRoles(
  ctx: AppContext,
  userId: string,
  code: string,
): Promise<ConnectOutcome> {
  const tokens = await ctx.integrations.discordOAuth.exchangeCode(code);
  const profile = await ctx.integrations.discordOAuth.getCurrentUser(tokens.access_token);
  const user = await getUser(ctx.db, userId);
  if (!user || user.discordId !== profile.id) return 'other_account';
  if (!tokens.scope.split(/\s+/).includes(ROLE_CONNECTIONS_SCOPE)) return 'no_scope';
  await saveDiscordTokens(ctx, userId, tokens);
  await ctx.db.update(users).set({ roleConnectionsOffAt: null }).where(eq(users.id, userId));
  const account = await preferredAccount(ctx.db, userId);
  if (account?.verified) await writeRoleConnection(ctx, userId, account);
  ctx.log?.info({ userId }, 'Linked Roles connected by the member');
  return 'connected';
}
