import type { AppContext } from '../../context';
import { withDiscordToken } from '../tokens/discord-tokens';
import { refreshStaffAccess } from './access';
import { botGuildIds } from './bot-guilds';
import { setBotPresence, storeUserGuilds } from './guild-store';

/**
 * An explicit Sync Servers or re-check is what the person asked for: a bot list at most
 * `settings.syncBotListMaxAgeMs` old (15 s). A floor, not 0, so everyone pressing it within those
 * seconds shares one read of the whole list (one bot call per 200 guilds);
 * an invite through RoConnect forgets the list at once. Sign-in uses the shared minute-old list.
 */
export const syncBotListMaxAge = (ctx: AppContext) => ctx.settings.syncBotListMaxAgeMs;

/** Whether the bot is in each guild, from its own (shared, cached) guild list. */
export async function checkBotPresence(
  ctx: AppContext,
  guildIds: string[],
  maxAgeMs?: number,
): Promise<Map<string, boolean>> {
  const present = await botGuildIds(ctx, maxAgeMs);
  return new Map(guildIds.map((id) => [id, present.has(id)]));
}

/** Reads the user's guilds from Discord (with counts) and stores membership, manage rights and bot presence. */
export async function syncUserGuilds(
  ctx: AppContext,
  userId: string,
  botListMaxAgeMs?: number,
): Promise<void> {
  const list = await withDiscordToken(ctx, userId, (token) =>
    ctx.integrations.discordOAuth.getCurrentUserGuilds(token),
  );
  const presence = await checkBotPresence(
    ctx,
    list.map((g) => g.id),
    botListMaxAgeMs,
  );
  await storeUserGuilds(ctx.db, userId, list, presence);
  await refreshStaffAccess(ctx, userId);
}

export async function recheckBotPresence(ctx: AppContext, guildIds: string[]) {
  const presence = await checkBotPresence(ctx, guildIds, syncBotListMaxAge(ctx));
  await setBotPresence(ctx.db, presence);
  return { checked: presence.size, bot_present: [...presence.values()].filter(Boolean).length };
}
