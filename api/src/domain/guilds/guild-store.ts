import { and, eq, inArray, notInArray, or } from 'drizzle-orm';
import { announceChange } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { guildConfigs, guilds, userGuilds } from '../../db/schema';
import type { DiscordUserGuild } from '../../integrations/types';

const ADMINISTRATOR = 0x8n;
const MANAGE_GUILD = 0x20n;

/** Owner, Administrator or Manage Server. Permissions are a 64-bit decimal string. */
export function canManage(guild: { owner: boolean; permissions: string }): boolean {
  if (guild.owner) return true;
  if (!/^\d{1,20}$/.test(guild.permissions)) return false;
  return (BigInt(guild.permissions) & (ADMINISTRATOR | MANAGE_GUILD)) !== 0n;
}

export async function markBotPresence(db: Db, guildId: string, present: boolean): Promise<void> {
  await db
    .update(guilds)
    .set({ botPresent: present, botCheckedAt: new Date() })
    .where(eq(guilds.id, guildId));
  announceChange(db, 'guild', guildId);
}

/** Replaces the user's memberships with Discord's current list. */
export async function storeUserGuilds(
  db: Db,
  userId: string,
  list: DiscordUserGuild[],
  botPresence: Map<string, boolean>,
): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const g of list) {
      const present = botPresence.get(g.id);
      const values = {
        name: g.name,
        icon: g.icon,
        memberCount: g.approximate_member_count,
        updatedAt: now,
        ...(present === undefined ? {} : { botPresent: present, botCheckedAt: now }),
      };
      await tx
        .insert(guilds)
        .values({ id: g.id, ...values })
        .onConflictDoUpdate({ target: guilds.id, set: values });
      const membership = {
        owner: g.owner,
        permissions: g.permissions,
        canManage: canManage(g),
        syncedAt: now,
      };
      await tx
        .insert(userGuilds)
        .values({ userId, guildId: g.id, ...membership })
        .onConflictDoUpdate({ target: [userGuilds.userId, userGuilds.guildId], set: membership });
    }
    const ids = list.map((g) => g.id);
    await tx
      .delete(userGuilds)
      .where(
        ids.length
          ? and(eq(userGuilds.userId, userId), notInArray(userGuilds.guildId, ids))
          : eq(userGuilds.userId, userId),
      );
  });
  announceChange(db, 'user', userId);
  for (const g of list) announceChange(db, 'guild', g.id);
}

const serverColumns = {
  id: guilds.id,
  name: guilds.name,
  icon: guilds.icon,
  memberCount: guilds.memberCount,
  botPresent: guilds.botPresent,
  owner: userGuilds.owner,
  canManage: userGuilds.canManage,
  staffManager: userGuilds.staffManager,
};
type ServerRow = {
  id: string;
  name: string;
  icon: string | null;
  memberCount: number;
  botPresent: boolean;
  owner: boolean;
  canManage: boolean;
  staffManager?: boolean;
};

export function toServerDto(r: ServerRow) {
  return {
    id: r.id,
    server_id: r.id,
    server_name: r.name,
    server_icon: r.icon,
    owner: r.owner,
    member_count: r.memberCount,
    bot_added: r.botPresent,
    can_manage: r.canManage,
    // managed through a manager role (docs/product.md › Staff), as last read live
    ...(r.staffManager && !r.canManage ? { staff: true } : {}),
  };
}

/**
 * Servers the user owns or may manage, per the last sync, and those they manage through a manager
 * role, as last read live (with the bot there: staff roles need it).
 */
export async function listManageableServers(db: Db, userId: string) {
  const rows = await db
    .select(serverColumns)
    .from(userGuilds)
    .innerJoin(guilds, eq(guilds.id, userGuilds.guildId))
    .where(
      and(
        eq(userGuilds.userId, userId),
        or(
          eq(userGuilds.canManage, true),
          and(eq(userGuilds.staffManager, true), eq(guilds.botPresent, true)),
        ),
      ),
    )
    .orderBy(guilds.name);
  return rows.map(toServerDto);
}

/** Servers where the bot is present, setup is complete and the user is a member. */
export async function listVerificationServers(db: Db, userId: string) {
  const rows = await db
    .select(serverColumns)
    .from(userGuilds)
    .innerJoin(guilds, eq(guilds.id, userGuilds.guildId))
    .innerJoin(guildConfigs, eq(guildConfigs.guildId, userGuilds.guildId))
    .where(
      and(
        eq(userGuilds.userId, userId),
        eq(guilds.botPresent, true),
        eq(guildConfigs.setupCompleted, true),
      ),
    )
    .orderBy(guilds.name);
  return rows.map(toServerDto);
}

export async function listUserGuildIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userGuilds.guildId })
    .from(userGuilds)
    .where(eq(userGuilds.userId, userId));
  return rows.map((r) => r.id);
}

export async function setBotPresence(db: Db, presence: Map<string, boolean>): Promise<void> {
  const now = new Date();
  const present = [...presence].filter(([, p]) => p).map(([id]) => id);
  const absent = [...presence].filter(([, p]) => !p).map(([id]) => id);
  if (present.length)
    await db
      .update(guilds)
      .set({ botPresent: true, botCheckedAt: now })
      .where(inArray(guilds.id, present));
  if (absent.length)
    await db
      .update(guilds)
      .set({ botPresent: false, botCheckedAt: now })
      .where(inArray(guilds.id, absent));
  for (const id of presence.keys()) announceChange(db, 'guild', id);
}
