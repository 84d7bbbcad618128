import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { AccountServerStatus } from '@roconnect/shared-lib/contract';
import type { Db } from '../../db/client';
import { robloxAccounts } from '../../db/schema';

export type RobloxAccountRow = typeof robloxAccounts.$inferSelect;

export function toLinkedAccountDto(r: RobloxAccountRow, verifiedIn: AccountServerStatus[] = []) {
  return {
    id: r.id,
    roblox_id: r.robloxId,
    roblox_username: r.username,
    roblox_display_name: r.displayName,
    roblox_avatar: r.avatarUrl,
    linked_at: r.linkedAt.toISOString(),
    verified: r.verified,
    verified_in: verifiedIn,
  };
}

export async function listLinkedAccounts(db: Db, userId: string) {
  return db
    .select()
    .from(robloxAccounts)
    .where(eq(robloxAccounts.userId, userId))
    .orderBy(asc(robloxAccounts.linkedAt));
}

export async function findAccount(db: Db, accountId: string): Promise<RobloxAccountRow | null> {
  const [row] = await db.select().from(robloxAccounts).where(eq(robloxAccounts.id, accountId));
  return row ?? null;
}

/** Deletes only the caller's own account; false when there is none with that id. */
export async function unlinkAccount(
  db: Db,
  userId: string,
  accountId: string,
): Promise<{ robloxId: string } | null> {
  const [deleted] = await db
    .delete(robloxAccounts)
    .where(and(eq(robloxAccounts.id, accountId), eq(robloxAccounts.userId, userId)))
    .returning({ robloxId: robloxAccounts.robloxId });
  return deleted ?? null;
}

export interface RobloxProfile {
  robloxId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
}

export type LinkOutcome =
  { ok: true; account: RobloxAccountRow } | { ok: false; reason: 'account_already_linked' };

/** Links a Roblox account to the user, or refreshes it when it is already theirs. */
export async function linkAccount(db: Db, userId: string, p: RobloxProfile): Promise<LinkOutcome> {
  const [existing] = await db
    .select()
    .from(robloxAccounts)
    .where(eq(robloxAccounts.robloxId, p.robloxId));
  if (existing && existing.userId !== userId)
    return { ok: false, reason: 'account_already_linked' };
  if (existing) {
    const [row] = await db
      .update(robloxAccounts)
      .set({ username: p.username, displayName: p.displayName, avatarUrl: p.avatarUrl })
      .where(eq(robloxAccounts.id, existing.id))
      .returning();
    return { ok: true, account: row! };
  }
  const inserted = await db
    .insert(robloxAccounts)
    .values({
      id: randomUUID(),
      userId,
      robloxId: p.robloxId,
      username: p.username,
      displayName: p.displayName,
      avatarUrl: p.avatarUrl,
    })
    .onConflictDoNothing({ target: robloxAccounts.robloxId })
    .returning();
  if (!inserted[0]) return { ok: false, reason: 'account_already_linked' };
  return { ok: true, account: inserted[0] };
}

export async function markVerified(db: Db, accountId: string): Promise<void> {
  await db.update(robloxAccounts).set({ verified: true }).where(eq(robloxAccounts.id, accountId));
}
