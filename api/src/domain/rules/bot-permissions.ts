import type { AppContext } from '../../context';

const ADMINISTRATOR = 1n << 3n;
const ALL = (1n << 64n) - 1n;

/**
 * The bot's server-wide permissions: @everyone's and its roles' together, every permission with
 * Administrator (Discord's "computing base permissions"; channel overwrites play no part here).
 */
export async function botPermissions(ctx: AppContext, guildId: string): Promise<bigint> {
  const bot = ctx.integrations.discordBot;
  const [roles, member] = await Promise.all([bot.listRoles(guildId), bot.getBotMember(guildId)]);
  const held = new Set([guildId, ...(member?.roles ?? [])]);
  let bits = 0n;
  for (const r of roles)
    if (held.has(r.id) && /^\d{1,20}$/.test(r.permissions)) bits |= BigInt(r.permissions);
  return (bits & ADMINISTRATOR) !== 0n ? ALL : bits;
}
