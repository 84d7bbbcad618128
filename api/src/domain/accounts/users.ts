import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { DiscordUser } from '../../integrations/types';

export type UserRow = typeof users.$inferSelect;

/** Creates the user on first login, refreshes their profile and when they were last seen afterwards. */
export async function upsertUser(db: Db, profile: DiscordUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      id: randomUUID(),
      discordId: profile.id,
      username: profile.username,
      globalName: profile.global_name,
      avatar: profile.avatar,
      lastSeenAt: new Date(),
    })
    .onConflictDoUpdate({
      target: users.discordId,
      set: {
        username: profile.username,
        globalName: profile.global_name,
        avatar: profile.avatar,
        updatedAt: new Date(),
        lastSeenAt: new Date(),
      },
    })
    .returning();
  return row!;
}

/**
 * Something the member did themself in Discord used their link (their own /verify or Verify
 * button, or a join a server handled with it): it counts as being seen, as a sign-in does, so the
 * two-year purge (domain/maintenance/inactive-accounts.ts) never deletes a member who uses
 * RoConnect only through the bot.
 */
export async function markSeen(db: Db, userId: string, at = new Date()): Promise<void> {
  await db.update(users).set({ lastSeenAt: at }).where(eq(users.id, userId));
}

export async function getUser(db: Db, userId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

export function toUserDto(row: UserRow) {
  return {
    id: row.id,
    discord_id: row.discordId,
    username: row.username,
    global_name: row.globalName,
    avatar: row.avatar,
  };
}
