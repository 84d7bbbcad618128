import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guilds, privacyConsents, userGuilds, users } from '../../db/schema';
import { updatedServers, verifiedServers, visibilityIn } from './consent';

export interface PrivacySettings {
  default_visible: boolean;
  servers: { server_id: string; server_name: string; visible: boolean; verified: boolean }[];
}

/**
 * The member's choices as the privacy page shows them: the default for new servers, and every
 * server where RoConnect updated them or they made a choice, with whether their link is shown
 * there now and whether they verified there themselves (`verified`, the only kind the default
 * applies to).
 */
export async function getPrivacySettings(db: Db, userId: string): Promise<PrivacySettings> {
  const [user] = await db
    .select({ defaultVisible: users.privacyDefaultVisible })
    .from(users)
    .where(eq(users.id, userId));
  const verified = new Set(await verifiedServers(db, userId));
  const updated = await updatedServers(db, userId);
  const chosen = await db
    .select({ guildId: privacyConsents.guildId })
    .from(privacyConsents)
    .where(eq(privacyConsents.userId, userId));
  const ids = [...new Set([...updated, ...chosen.map((c) => c.guildId)])].sort();
  const shown = await visibilityIn(db, userId, ids);
  const names = ids.length
    ? await db
        .select({ id: guilds.id, name: guilds.name })
        .from(guilds)
        .where(inArray(guilds.id, ids))
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return {
    default_visible: user?.defaultVisible ?? true,
    servers: ids.map((id) => ({
      server_id: id,
      server_name: nameOf.get(id) || 'Unknown Server',
      visible: shown.get(id) ?? false,
      verified: verified.has(id),
    })),
  };
}

export interface PrivacyChoice {
  default_visible: boolean;
  servers: { server_id: string; visible: boolean }[];
}

export type SetPrivacyOutcome = { ok: true } | { ok: false; unknownServers: string[] };

/**
 * Saves the default for new servers and a choice per listed server. A server must be one where
 * RoConnect updated the member or that they are in (as Discord last listed their servers); others are refused, by id.
 * Servers not listed keep their choice.
 */
export async function setPrivacySettings(
  db: Db,
  userId: string,
  choice: PrivacyChoice,
): Promise<SetPrivacyOutcome> {
  const ids = [...new Set(choice.servers.map((s) => s.server_id))];
  if (ids.length) {
    const updated = await updatedServers(db, userId, ids);
    const member = await db
      .select({ guildId: userGuilds.guildId })
      .from(userGuilds)
      .where(and(eq(userGuilds.userId, userId), inArray(userGuilds.guildId, ids)));
    const known = new Set([...updated, ...member.map((m) => m.guildId)]);
    const unknownServers = ids.filter((id) => !known.has(id));
    if (unknownServers.length) return { ok: false, unknownServers };
  }
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ privacyDefaultVisible: choice.default_visible })
      .where(eq(users.id, userId));
    for (const s of choice.servers) {
      await tx
        .insert(privacyConsents)
        .values({ userId, guildId: s.server_id, visible: s.visible, updatedAt: now })
        .onConflictDoUpdate({
          target: [privacyConsents.userId, privacyConsents.guildId],
          set: { visible: s.visible, updatedAt: now },
        });
    }
  });
  return { ok: true };
}
