import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guilds, userGuilds } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';

export type GuildRow = typeof guilds.$inferSelect;

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

/** The caller must own or manage the server per their last sync: unknown → 404, otherwise → 403. */
export async function requireManager(db: Db, userId: string, guildId: string): Promise<GuildRow> {
  const guild = await findGuild(db, guildId);
  if (!guild)
    throw notFound(
      'This server is unknown to RoConnect. Sync your servers and try again.',
      'server_not_found',
    );
  const membership = await findMembership(db, userId, guildId);
  if (!membership?.canManage) {
    throw forbidden(
      'You need to own this server or have Manage Server or Administrator in it.',
      'not_server_manager',
    );
  }
  return guild;
}
