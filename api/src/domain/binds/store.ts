import { asc, eq } from 'drizzle-orm';
import type { BindKind } from '@roconnect/shared-lib/contract';
import type { Db } from '../../db/client';
import { groupBinds } from '../../db/schema';

export type BindRow = typeof groupBinds.$inferSelect;
/** A bind to save; kind (group), item, nickname (none) and priority (0) have their defaults. */
export type NewBind = Omit<typeof groupBinds.$inferInsert, 'guildId' | 'position'>;

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

/** A bind's kind: binds stored before kinds existed are group binds. */
export const kindOf = (bind: { kind?: BindKind | null }): BindKind => bind.kind ?? 'group';

/** Does a rank fall in the bind's range? */
export const rankMatches = (bind: Pick<BindRow, 'minRank' | 'maxRank'>, rank: number) =>
  rank >= bind.minRank && rank <= bind.maxRank;

type Described = Pick<NewBind, 'groupId' | 'minRank' | 'maxRank' | 'roleName'> &
  Partial<Pick<NewBind, 'kind' | 'itemId' | 'nickname' | 'priority'>>;

const ITEM_WORDS = { badge: 'badge', gamepass: 'game pass', asset: 'catalog item' } as const;

/** One line per bind, for the audit log's before/after; null when there are none. */
export function describeBinds(binds: Described[]) {
  if (!binds.length) return null;
  return binds
    .map((b) => {
      const kind = kindOf(b);
      const rule =
        kind === 'group'
          ? `group ${b.groupId} rank${b.minRank === b.maxRank ? ` ${b.minRank}` : `s ${b.minRank}–${b.maxRank}`}`
          : `${ITEM_WORDS[kind]} ${b.itemId}`;
      const extra = b.nickname
        ? ` (nickname ${b.nickname}${b.priority ? `, priority ${b.priority}` : ''})`
        : '';
      return `${rule} → ${b.roleName}${extra}`;
    })
    .join('; ');
}
