import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupBinds } from '../../db/schema';

export type BindRow = typeof groupBinds.$inferSelect;
export type NewBind = Omit<BindRow, 'guildId' | 'position'>;

/** The server's binds in the owner's order. */
export async function listBinds(db: Db, guildId: string): Promise<BindRow[]> {
  return db
    .select()
    .from(groupBinds)
    .where(eq(groupBinds.guildId, guildId))
    .orderBy(asc(groupBinds.position));
}

/** Replaces every bind of the server at once. */
export async function replaceBinds(db: Db, guildId: string, binds: NewBind[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(groupBinds).where(eq(groupBinds.guildId, guildId));
    if (binds.length)
      await tx.insert(groupBinds).values(binds.map((b, position) => ({ ...b, guildId, position })));
  });
}

/** Does a rank fall in the bind's range? */
export const rankMatches = (bind: Pick<BindRow, 'minRank' | 'maxRank'>, rank: number) =>
  rank >= bind.minRank && rank <= bind.maxRank;

/** One line per bind, for the audit log's before/after; null when there are none. */
export function describeBinds(
  binds: Pick<BindRow, 'groupId' | 'minRank' | 'maxRank' | 'roleName'>[],
) {
  if (!binds.length) return null;
  return binds
    .map(
      (b) =>
        `group ${b.groupId} rank${b.minRank === b.maxRank ? ` ${b.minRank}` : `s ${b.minRank}–${b.maxRank}`} → ${b.roleName}`,
    )
    .join('; ');
}
