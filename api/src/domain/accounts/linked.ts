import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { robloxAccounts, users, verifications } from '../../db/schema';
import type { UserRow } from './users';
import type { RobloxAccountRow } from './accounts';

export async function findUserByDiscordId(db: Db, discordId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.discordId, discordId));
  return row ?? null;
}

/**
 * The account a member verifies with from Discord: the one they verified with most recently
 * anywhere, else the one linked last. Null when they have linked none.
 */
export async function preferredAccount(db: Db, userId: string): Promise<RobloxAccountRow | null> {
  const accounts = await db
    .select()
    .from(robloxAccounts)
    .where(eq(robloxAccounts.userId, userId))
    .orderBy(desc(robloxAccounts.linkedAt));
  if (accounts.length <= 1) return accounts[0] ?? null;
  const [latest] = await db
    .select({ accountId: verifications.robloxAccountId })
    .from(verifications)
    .where(eq(verifications.userId, userId))
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  return accounts.find((a) => a.id === latest?.accountId) ?? accounts[0]!;
}

/** The member's user row and account, or null when they have no linked Roblox account. */
export async function linkedMember(db: Db, discordId: string) {
  const user = await findUserByDiscordId(db, discordId);
  const account = user ? await preferredAccount(db, user.id) : null;
  return user && account ? { user, account } : null;
}

export const robloxProfileUrl = (robloxId: string) =>
  `https://www.roblox.com/users/${robloxId}/profile`;
