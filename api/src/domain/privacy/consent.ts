import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { privacyConsents, users, verifications } from '../../db/schema';

/**
 * Where a member's Roblox account may be shown (/whois, the developer API, the log channel), as
 * docs/security.md › Member privacy says: their choice for that server when they made one; else,
 * in a server where they verified, their default for new servers (shown, unless they changed it);
 * else nowhere. The servers' audit log is not governed by this: managers keep what they moderate with.
 */
export async function mayShowLink(db: Db, userId: string, guildId: string): Promise<boolean> {
  return (await visibilityIn(db, userId, [guildId])).get(guildId) ?? false;
}

/** mayShowLink for several servers in three queries: server id → shown. */
export async function visibilityIn(
  db: Db,
  userId: string,
  guildIds: string[],
): Promise<Map<string, boolean>> {
  const out = new Map<string, boolean>(guildIds.map((id) => [id, false]));
  if (!guildIds.length) return out;
  const [user] = await db
    .select({ defaultVisible: users.privacyDefaultVisible })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return out;
  const chosen = await db
    .select({ guildId: privacyConsents.guildId, visible: privacyConsents.visible })
    .from(privacyConsents)
    .where(and(eq(privacyConsents.userId, userId), inArray(privacyConsents.guildId, guildIds)));
  const choice = new Map(chosen.map((c) => [c.guildId, c.visible]));
  const verified = new Set(await verifiedServers(db, userId, guildIds));
  for (const id of guildIds)
    out.set(id, choice.get(id) ?? (verified.has(id) ? user.defaultVisible : false));
  return out;
}

/**
 * The servers (of `among`, or all) where the user verified, with any of their accounts, even one
 * since unlinked: the log channel's entry for that unlink still follows their choice there.
 */
export async function verifiedServers(db: Db, userId: string, among?: string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ guildId: verifications.guildId })
    .from(verifications)
    .where(
      and(
        eq(verifications.userId, userId),
        among ? inArray(verifications.guildId, among) : undefined,
      ),
    );
  return rows.map((r) => r.guildId);
}
