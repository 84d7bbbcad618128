import { and, eq, max } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { guilds, userGuilds } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { withDiscordToken } from '../tokens/discord-tokens';
import { storeUserGuilds } from './guild-store';

export type GuildRow = typeof guilds.$inferSelect;
export type MembershipRow = typeof userGuilds.$inferSelect;

export async function findGuild(db: Db, guildId: string): Promise<GuildRow | null> {
  const [row] = await db.select().from(guilds).where(eq(guilds.id, guildId));
  return row ?? null;
}

export async function findMembership(db: Db, userId: string, guildId: string) {
  const [row] = await db
    .select()
    .from(userGuilds)
    .where(and(eq(userGuilds.userId, userId), eq(userGuilds.guildId, guildId)));
  return row ?? null;
}

/** One answer for "no such server" and "not yours", so the API tells no one which servers it knows. */
const notManager = () =>
  forbidden(
    'You need to own this server or have Manage Server or Administrator in it.',
    'not_server_manager',
  );

/**
 * The caller must own or manage the server per their last sync: only for cheap reads that show
 * no member data and call neither Discord nor Roblox (config, setup status, the invite link).
 */
export async function requireManager(db: Db, userId: string, guildId: string): Promise<GuildRow> {
  const membership = await findMembership(db, userId, guildId);
  const guild = membership?.canManage ? await findGuild(db, guildId) : null;
  if (!guild) throw notManager();
  return guild;
}

/** When the user's guild list was last read from Discord (their newest membership), or null. */
async function listReadAt(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(userGuilds.syncedAt) })
    .from(userGuilds)
    .where(eq(userGuilds.userId, userId));
  return row?.at ? new Date(row.at) : null;
}

/**
 * For writes and for every read that shows member data or spends the bot's calls (audit, export,
 * health, edit, binds, member updates): the Manage Server right is re-read from Discord (the
 * caller's own guild list) when the stored copy is older than `managerRecheckMs`, so a demoted or
 * kicked manager is refused within a minute. A server missing from a list read within that time
 * is refused without asking Discord again, so a stranger's loop costs no Discord calls. Answers
 * the guild and the fresh membership (owner flag for role checks).
 */
export async function requireLiveManager(
  ctx: AppContext,
  userId: string,
  guildId: string,
): Promise<{ guild: GuildRow; membership: MembershipRow }> {
  const fresh = (at: Date | null) =>
    at !== null && Date.now() - at.getTime() <= ctx.settings.managerRecheckMs;
  let membership = await findMembership(ctx.db, userId, guildId);
  if (!membership && fresh(await listReadAt(ctx.db, userId))) throw notManager();
  if (!membership || !fresh(membership.syncedAt)) {
    const list = await withDiscordToken(ctx, userId, (token) =>
      ctx.integrations.discordOAuth.getCurrentUserGuilds(token),
    );
    await storeUserGuilds(ctx.db, userId, list, new Map());
    membership = await findMembership(ctx.db, userId, guildId);
  }
  const guild = membership?.canManage ? await findGuild(ctx.db, guildId) : null;
  if (!guild || !membership) throw notManager();
  return { guild, membership };
}
