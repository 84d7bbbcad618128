import { asc, eq, sql } from 'drizzle-orm';
import type { BindKind } from '@roconnect/shared-lib/contract';
import type { Db } from '../../db/client';
import { groupBinds } from '../../db/schema';

export type BindRow = typeof groupBinds.$inferSelect;
/** A bind to save; kind (group), item, nickname (none) and priority (0) have their defaults. */
export type NewBind = Omit<typeof groupBinds.$inferInsert, 'guildId' | 'position'>;

/** The server's binds in the owner's order. */
export async function listBinds(db: Db | Tx, guildId: string): Promise<BindRow[]> {
  return db
    .select()
    .from(groupBinds)
    .where(eq(groupBinds.guildId, guildId))
    .orderBy(asc(groupBinds.position));
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * One change of a server's binds at a time: a change that reads the list, then writes it, would
 * otherwise lose another made in between (a Save Group during a Save Binds).
 */
async function lockBinds(tx: Tx, guildId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`group_binds:${guildId}`}))`);
}

async function writeBinds(tx: Tx, guildId: string, binds: NewBind[]): Promise<void> {
  await tx.delete(groupBinds).where(eq(groupBinds.guildId, guildId));
  if (binds.length)
    await tx.insert(groupBinds).values(binds.map((b, position) => ({ ...b, guildId, position })));
}

/** A stored bind as a bind to save again, every field kept. */
const asNew = ({ guildId: _guild, position: _position, ...bind }: BindRow): NewBind => bind;

/** Replaces every bind of the server at once. */
export async function replaceBinds(db: Db, guildId: string, binds: NewBind[]): Promise<void> {
  await db.transaction(async (tx) => {
    await lockBinds(tx, guildId);
    await writeBinds(tx, guildId, binds);
  });
}

/** Is this one of the group's rank binds? */
const ofGroup = (groupId: string) => (bind: BindRow) =>
  kindOf(bind) === 'group' && bind.groupId === groupId;

/**
 * Replaces one group's rank binds, leaving every other bind as it is (docs/product.md › Server
 * configuration). The group's binds go first: it is then the first bound group, the server's
 * group (config.group_id, the `{group-rank}` token). Answers the list before and after.
 */
export async function replaceGroupBinds(
  db: Db,
  guildId: string,
  groupId: string,
  binds: NewBind[],
): Promise<{ before: BindRow[]; after: NewBind[] }> {
  return db.transaction(async (tx) => {
    await lockBinds(tx, guildId);
    const before = await listBinds(tx, guildId);
    const after = [...binds, ...before.filter((b) => !ofGroup(groupId)(b)).map(asNew)];
    await writeBinds(tx, guildId, after);
    return { before, after };
  });
}

/** Removes one group's rank binds, leaving every other bind; answers the list before and after. */
export async function removeGroupBinds(
  db: Db,
  guildId: string,
  groupId: string,
): Promise<{ before: BindRow[]; after: NewBind[] }> {
  return db.transaction(async (tx) => {
    await lockBinds(tx, guildId);
    const before = await listBinds(tx, guildId);
    const after = before.filter((b) => !ofGroup(groupId)(b)).map(asNew);
    if (after.length !== before.length) await writeBinds(tx, guildId, after);
    return { before, after };
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
