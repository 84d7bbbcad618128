import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guildMemberPresence } from '../../db/schema';

export type Presence = 'present' | 'gone';

/**
 * Records that a member joined (present) or left (gone) a server, unless a newer event of theirs
 * was recorded already: jobs may run out of order (a retry, a replay after a resume). True when
 * this event is the member's newest.
 */
export async function recordPresence(
  db: Db,
  guildId: string,
  discordId: string,
  status: Presence,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .insert(guildMemberPresence)
    .values({ guildId, discordId, status, seenAt: at })
    .onConflictDoUpdate({
      target: [guildMemberPresence.guildId, guildMemberPresence.discordId],
      set: { status, seenAt: at },
      // an equal time is the same event again: recorded, and still the newest
      setWhere: sql`${guildMemberPresence.seenAt} <= ${at.toISOString()}::timestamptz`,
    })
    .returning({ status: guildMemberPresence.status });
  return rows.length === 1;
}

export async function presenceOf(
  db: Db,
  guildId: string,
  discordId: string,
): Promise<{ status: Presence; seenAt: Date } | null> {
  const [row] = await db
    .select({ status: guildMemberPresence.status, seenAt: guildMemberPresence.seenAt })
    .from(guildMemberPresence)
    .where(
      and(eq(guildMemberPresence.guildId, guildId), eq(guildMemberPresence.discordId, discordId)),
    );
  return row ?? null;
}
