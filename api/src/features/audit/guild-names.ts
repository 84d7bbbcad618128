import type { AppContext } from '../../context';
import type { GuildRow } from '../../domain/guilds/access';
import { userNames, type AuditNames } from '../../domain/audit/names';

/** How long a server's role and channel names are reused between pages of its log. */
const KEEP_MS = 60_000;
const kept = new WeakMap<
  AppContext,
  Map<string, { at: number; roles: Map<string, string>; channels: Map<string, string> }>
>();

/**
 * The server's roles' and channels' names as Discord has them now (two bot calls, kept a minute,
 * so paging through the log does not ask again). Without the bot, or when Discord does not
 * answer, none: the entries keep the names they were stored with.
 */
async function guildNames(ctx: AppContext, guild: Pick<GuildRow, 'id' | 'botPresent'>) {
  const byGuild = kept.get(ctx) ?? new Map();
  kept.set(ctx, byGuild);
  const hit = byGuild.get(guild.id);
  if (hit && Date.now() - hit.at < KEEP_MS) return hit;
  if (!guild.botPresent)
    return { roles: new Map<string, string>(), channels: new Map<string, string>() };
  const bot = ctx.integrations.discordBot;
  const [roles, channels] = await Promise.all([
    bot.listRoles(guild.id).catch(() => null),
    bot.listChannels(guild.id).catch(() => null),
  ]);
  const read = {
    at: Date.now(),
    roles: new Map((roles ?? []).map((r) => [r.id, r.name])),
    channels: new Map((channels ?? []).map((c) => [c.id, c.name])),
  };
  // a failed read is not kept: the next page asks again; reads past their minute go
  for (const [id, old] of byGuild) if (read.at - old.at >= KEEP_MS) byGuild.delete(id);
  if (roles && channels) byGuild.set(guild.id, read);
  return read;
}

/** The names for a page of the log: the server's roles and channels, and the users it names. */
export async function namesFor(
  ctx: AppContext,
  guild: Pick<GuildRow, 'id' | 'botPresent'>,
  discordIds: readonly string[],
): Promise<AuditNames> {
  const [{ roles, channels }, users] = await Promise.all([
    guildNames(ctx, guild),
    userNames(ctx.db, discordIds),
  ]);
  return { roles, channels, users };
}
