import type { AppContext } from '../../context';
import { markBotPresence } from '../../domain/guilds/guild-store';
import { findGuild } from '../../domain/guilds/access';
import { getConfig, type ConfigRow } from '../../domain/config/config-store';

export type ReadyGuild =
  | { ok: true; config: ConfigRow; live: { id: string; name: string; ownerDiscordId: string } }
  | { ok: false; message: string };

/** A server where commands can change roles: known, set up, and the bot still in it. */
export async function readyGuild(ctx: AppContext, guildId: string): Promise<ReadyGuild> {
  const [guild, config] = await Promise.all([
    findGuild(ctx.db, guildId),
    getConfig(ctx.db, guildId),
  ]);
  if (!guild || !config?.setupCompleted)
    return {
      ok: false,
      message:
        'RoConnect is not set up in this server yet. Ask a server admin to finish the setup on the dashboard.',
    };
  const live = await ctx.integrations.discordBot.getGuild(guildId);
  if (!live) {
    await markBotPresence(ctx.db, guildId, false);
    return { ok: false, message: 'The RoConnect bot is no longer in this server.' };
  }
  return {
    ok: true,
    config,
    live: { id: live.id, name: live.name, ownerDiscordId: live.owner_id },
  };
}
