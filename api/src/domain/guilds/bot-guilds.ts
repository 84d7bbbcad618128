import type { AppContext } from '../../context';
import { botGuildList } from '../../db/schema';

/** How long the bot's guild list is trusted before Discord is asked again. */
export const BOT_GUILDS_MAX_AGE_MS = 60_000;

let inFlight: Promise<Set<string>> | null = null;

async function fetchAndStore(ctx: AppContext): Promise<Set<string>> {
  const ids = await ctx.integrations.discordBot.listBotGuildIds();
  const row = { guildIds: ids, fetchedAt: new Date() };
  await ctx.db
    .insert(botGuildList)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: botGuildList.id, set: row });
  return new Set(ids);
}

/**
 * The guilds the bot is in, from its own guild list: one paginated call shared by every user and
 * replica (stored in the database), instead of one call per guild per user.
 */
export async function botGuildIds(
  ctx: AppContext,
  maxAgeMs = BOT_GUILDS_MAX_AGE_MS,
): Promise<Set<string>> {
  const [row] = await ctx.db.select().from(botGuildList);
  if (row && Date.now() - row.fetchedAt.getTime() < maxAgeMs) return new Set(row.guildIds);
  inFlight ??= fetchAndStore(ctx).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** After an invite the list is stale: the next reader fetches it again. */
export async function invalidateBotGuilds(ctx: AppContext): Promise<void> {
  await ctx.db.update(botGuildList).set({ fetchedAt: new Date(0) });
}
