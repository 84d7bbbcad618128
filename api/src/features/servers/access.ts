import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { guilds, userGuilds } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { withDiscordToken } from '../auth/discord-tokens';
import { storeUserGuilds } from '../dashboard/guild-store';

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

/** The caller must own or manage the server per their last sync (reads). */
export async function requireManager(db: Db, userId: string, guildId: string): Promise<GuildRow> {
  const membership = await findMembership(db, userId, guildId);
  const guild = membership?.canManage ? await findGuild(db, guildId) : null;
  if (!guild) throw notManager();
  return guild;
}

/**
 * For writes: the Manage Server right is re-read from Discord (the caller's own guild list) when
 * the stored copy is older than `managerRecheckMs`, so a demoted or kicked manager is refused
 * within a minute. Answers the guild and the fresh membership (owner flag for role checks).
 */
export async function requireLiveManager(
  ctx: AppContext,
  userId: string,
  guildId: string,
): Promise<{ guild: GuildRow; membership: MembershipRow }> {
  let membership = await findMembership(ctx.db, userId, guildId);
  if (!membership || Date.now() - membership.syncedAt.getTime() > ctx.settings.managerRecheckMs) {
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
