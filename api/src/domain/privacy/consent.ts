import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { privacyConsents, users, verifications } from '../../db/schema';

/**
 * Where a member's Roblox account may be shown (/whois, the developer API, the log channel), as
 * docs/security.md › Member privacy says: their choice for that server when they made one; else,
 * in a server where they verified themselves, their default for new servers (shown, unless they
 * changed it); else nowhere. An update nobody asked them about (join handling, staff's /update,
 * update-all, resync, the developer API) is no consent. `askingNow`: the member is verifying
 * there themselves at this moment (the update being planned is not recorded yet). The servers'
 * audit log is not governed by this: managers keep what they moderate with.
 */
export async function mayShowLink(
  db: Db,
  userId: string,
  guildId: string,
  options: { askingNow?: boolean } = {},
): Promise<boolean> {
  const asked = options.askingNow ? [guildId] : [];
  return (await visibilityIn(db, userId, [guildId], asked)).get(guildId) ?? false;
}

/** mayShowLink for several servers in three queries: server id → shown. */
export async function visibilityIn(
  db: Db,
  userId: string,
  guildIds: string[],
  askingNow: string[] = [],
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
  const verified = new Set([...(await verifiedServers(db, userId, guildIds)), ...askingNow]);
  for (const id of guildIds)
    out.set(id, choice.get(id) ?? (verified.has(id) ? user.defaultVisible : false));
  return out;
}

/**
 * The servers (of `among`, or all) where the user verified themselves (`member_asked`, migration
 * 0017), with any of their accounts, even one since unlinked: the log channel's entry for that
 * unlink still follows their choice there.
 */
export async function verifiedServers(db: Db, userId: string, among?: string[]): Promise<string[]> {
  return serversWithVerifications(db, userId, among, true);
}

/**
 * The servers where RoConnect updated the user at all, asked or not: the privacy page lists them
 * so the member can choose there too.
 */
export async function updatedServers(db: Db, userId: string, among?: string[]): Promise<string[]> {
  return serversWithVerifications(db, userId, among, false);
}

async function serversWithVerifications(
  db: Db,
  userId: string,
  among: string[] | undefined,
  askedOnly: boolean,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ guildId: verifications.guildId })
    .from(verifications)
    .where(
      and(
        eq(verifications.userId, userId),
        among ? inArray(verifications.guildId, among) : undefined,
        askedOnly ? eq(verifications.memberAsked, true) : undefined,
      ),
    );
  return rows.map((r) => r.guildId);
}
