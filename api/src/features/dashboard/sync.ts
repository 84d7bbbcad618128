import type { AppContext } from '../../context';
import { mapLimit } from '../../lib/concurrency';
import { withDiscordToken } from '../auth/discord-tokens';
import { setBotPresence, storeUserGuilds } from './guild-store';

/** Asks the bot whether it is in each guild. */
export async function checkBotPresence(
  ctx: AppContext,
  guildIds: string[],
): Promise<Map<string, boolean>> {
  const results = await mapLimit(
    guildIds,
    4,
    async (id) => [id, (await ctx.integrations.discordBot.getGuild(id)) !== null] as const,
  );
  return new Map(results);
}

/** Reads the user's guilds from Discord (with counts) and stores membership, manage rights and bot presence. */
export async function syncUserGuilds(ctx: AppContext, userId: string): Promise<void> {
  const list = await withDiscordToken(ctx, userId, (token) =>
    ctx.integrations.discordOAuth.getCurrentUserGuilds(token),
  );
  const presence = await checkBotPresence(
    ctx,
    list.map((g) => g.id),
  );
  await storeUserGuilds(ctx.db, userId, list, presence);
}

export async function recheckBotPresence(ctx: AppContext, guildIds: string[]) {
  const presence = await checkBotPresence(ctx, guildIds);
  await setBotPresence(ctx.db, presence);
  return { checked: presence.size, bot_present: [...presence.values()].filter(Boolean).length };
}
