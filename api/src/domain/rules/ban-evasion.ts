import { and, desc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { memberRuleFacts, robloxSightings } from '../../db/schema';
import { IntegrationError } from '../../integrations/types';

/** The most other Discord accounts asked about per verify: each is one Get Guild Ban. */
const MAX_CHECKED = 5;

/**
 * Remembers that a Discord account verified with a Roblox account in a server: the ban-evasion
 * guard's memory (migration 0023), kept when the account is unlinked, since an evader unlinks it
 * before linking it to another Discord account.
 */
export async function recordSighting(
  db: Db,
  s: { guildId: string; robloxId: string; discordId: string },
): Promise<void> {
  await db
    .insert(robloxSightings)
    .values({ ...s, seenAt: new Date() })
    .onConflictDoUpdate({
      target: [robloxSightings.guildId, robloxSightings.robloxId, robloxSightings.discordId],
      set: { seenAt: new Date() },
    });
}

/** Forgets every sighting of a Discord account (its owner deleted their RoConnect account). */
export async function forgetSightings(db: Db, discordId: string): Promise<void> {
  await db.delete(robloxSightings).where(eq(robloxSightings.discordId, discordId));
}

/**
 * The other Discord accounts that verified in this server with this Roblox account: the guard's
 * own memory (latest first), then the binds preview's rows kept from before it.
 */
async function otherAccounts(db: Db, guildId: string, robloxId: string, discordId: string) {
  const others = (table: typeof robloxSightings | typeof memberRuleFacts) =>
    and(eq(table.guildId, guildId), eq(table.robloxId, robloxId), ne(table.discordId, discordId));
  const [seen, facts] = await Promise.all([
    db
      .select({ discordId: robloxSightings.discordId })
      .from(robloxSightings)
      .where(others(robloxSightings))
      .orderBy(desc(robloxSightings.seenAt))
      .limit(MAX_CHECKED),
    db
      .select({ discordId: memberRuleFacts.discordId })
      .from(memberRuleFacts)
      .where(others(memberRuleFacts))
      .limit(MAX_CHECKED),
  ]);
  return [...new Set([...seen, ...facts].map((r) => r.discordId))].slice(0, MAX_CHECKED);
}

/**
 * A Discord account banned from this server that verified here with the same Roblox account, read
 * live through the bot (Discord's Get Guild Ban); null when none is. When Discord will not tell
 * (the bot lacks Ban Members), nobody is flagged: a guess would restrict an innocent member.
 */
export async function findBannedAccount(
  ctx: AppContext,
  guildId: string,
  robloxId: string,
  discordId: string,
): Promise<string | null> {
  for (const other of await otherAccounts(ctx.db, guildId, robloxId, discordId)) {
    try {
      if (await ctx.integrations.discordBot.isBanned(guildId, other)) return other;
    } catch (err) {
      if (err instanceof IntegrationError) return null;
      throw err;
    }
  }
  return null;
}
