import type { HealthProblem, ServerHealth } from '@roconnect/shared-lib/contract';
import type { AppContext } from '../../context';
import type { DiscordRole } from '../../integrations/types';
import { listBinds } from '../../domain/binds/store';
import { markBotPresence } from '../../domain/guilds/guild-store';
import type { ConfigRow } from '../../domain/config/config-store';
import { botChannelsOf, type BotChannels } from '../../domain/channels/bot-channels';

const ADMINISTRATOR = 1n << 3n;
const MANAGE_ROLES = 1n << 28n;
const MANAGE_NICKNAMES = 1n << 27n;

const bits = (p: string) => (/^\d{1,20}$/.test(p) ? BigInt(p) : 0n);

/** The bot member's permissions as Discord computes them: @everyone and every role it has. */
function botPermissions(roles: DiscordRole[], guildId: string, botRoleIds: string[]): bigint {
  return roles
    .filter((r) => r.id === guildId || botRoleIds.includes(r.id))
    .reduce((all, r) => all | bits(r.permissions), 0n);
}

const quoteList = (names: string[]) => {
  const q = names.map((n) => `"${n}"`);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]}`;
};

/**
 * What stops the bot from verifying members here, each with its fix. `reinviteUrl` is asked for
 * only when a permission is missing (it makes a single-use invite state).
 */
export async function checkServerHealth(
  ctx: AppContext,
  guildId: string,
  config: ConfigRow | null,
  reinviteUrl: () => Promise<string>,
): Promise<ServerHealth> {
  const bot = ctx.integrations.discordBot;
  const checkedAt = new Date().toISOString();
  const live = await bot.getGuild(guildId);
  if (!live) {
    await markBotPresence(ctx.db, guildId, false);
    return {
      ok: false,
      checked_at: checkedAt,
      problems: [
        {
          code: 'bot_missing',
          message: 'The RoConnect bot is not in this server.',
          fix: 'Add the bot to the server again with the invite button.',
          reinvite_url: await reinviteUrl(),
        },
      ],
    };
  }
  const [roles, botMember, binds] = await Promise.all([
    bot.listRoles(guildId),
    bot.getBotMember(guildId),
    listBinds(ctx.db, guildId),
  ]);
  const botRoleIds = botMember?.roles ?? [];
  const perms = botPermissions(roles, guildId, botRoleIds);
  const admin = (perms & ADMINISTRATOR) !== 0n;
  const botTop = Math.max(
    0,
    ...roles.filter((r) => botRoleIds.includes(r.id)).map((r) => r.position),
  );
  const problems: HealthProblem[] = [];

  const missing: [bigint, 'missing_manage_roles' | 'missing_manage_nicknames', string][] = [
    [MANAGE_ROLES, 'missing_manage_roles', 'Manage Roles'],
    [MANAGE_NICKNAMES, 'missing_manage_nicknames', 'Manage Nicknames'],
  ];
  for (const [bit, code, name] of missing) {
    if (admin || (perms & bit) !== 0n) continue;
    problems.push({
      code,
      message: `The RoConnect bot does not have the ${name} permission.`,
      fix: `Re-invite the bot with the button below, or give its role ${name} in Server Settings → Roles.`,
      reinvite_url: await reinviteUrl(),
    });
  }

  const byId = new Map(roles.map((r) => [r.id, r]));
  const tooLow: string[] = [];
  const need = (id: string | null | undefined) => {
    const role = id ? byId.get(id) : undefined;
    if (role && role.position >= botTop && !tooLow.includes(role.name)) tooLow.push(role.name);
    return role;
  };
  if (config?.verifiedRoleId && !need(config.verifiedRoleId))
    problems.push({
      code: 'verified_role_missing',
      message: `The verified role "${config.verifiedRoleName}" no longer exists in this server.`,
      fix: 'Choose or create the verified role again under Verified role.',
      reinvite_url: null,
    });
  if (config?.unverifiedRoleId && !need(config.unverifiedRoleId))
    problems.push({
      code: 'unverified_role_missing',
      message: 'The unverified role no longer exists in this server.',
      fix: 'Choose another unverified role, or turn it off.',
      reinvite_url: null,
    });
  const gone = [
    ...new Map(binds.filter((b) => !need(b.roleId)).map((b) => [b.roleId, b])).values(),
  ];
  if (gone.length)
    problems.push({
      code: 'bound_role_missing',
      message: `The bound role${gone.length > 1 ? 's' : ''} ${quoteList(gone.map((b) => b.roleName))} no longer exist${gone.length > 1 ? '' : 's'} in this server.`,
      fix: 'Edit the binds and choose another role for each missing one.',
      reinvite_url: null,
    });
  if (tooLow.length)
    problems.push({
      code: 'bot_role_too_low',
      message: `The RoConnect role sits below ${quoteList(tooLow)}.`,
      fix: 'In Server Settings → Roles, drag the RoConnect role above every role it gives.',
      reinvite_url: null,
    });
  if (config?.logChannelId || config?.verifyChannelId) {
    const channels = botChannelsOf(
      guildId,
      await bot.listChannels(guildId),
      roles,
      await bot.getBotUserId(),
      botRoleIds,
    );
    problems.push(...channelProblems(config, channels));
  }
  return { ok: problems.length === 0, problems, checked_at: checkedAt };
}

/**
 * The log channel and the Verify message's channel, when the bot can no longer post there: by
 * the channel's permissions as Discord reports them, or (for the log) because Discord refused
 * the last post.
 */
function channelProblems(config: ConfigRow, channels: BotChannels): HealthProblem[] {
  const problems: HealthProblem[] = [];
  const label = (id: string) => {
    const name = channels.name(id);
    return name ? `#${name}` : `the deleted channel ${id}`;
  };
  /** why the bot cannot post in `id` by what Discord reports of the channel, or null */
  const why = (id: string, what: string) => {
    const check = channels.check(id);
    if (check.ok) return null;
    if (check.reason === 'unknown_channel') return `${what} ${id} no longer exists in this server.`;
    if (check.reason === 'not_text') return `${what} ${label(id)} is not a text channel.`;
    return `${what} ${label(id)} no longer lets the bot's role View Channel or Send Messages.`;
  };
  if (config.logChannelId) {
    const message =
      why(config.logChannelId, 'The log channel') ??
      (config.logChannelError
        ? `Discord refused the last post to the log channel ${label(config.logChannelId)}: ${config.logChannelError}`
        : null);
    if (message)
      problems.push({
        code: 'log_channel_unpostable',
        message,
        fix: `Let the bot's role View Channel, Send Messages and Embed Links in ${label(config.logChannelId)}, or choose another log channel.`,
        reinvite_url: null,
      });
  }
  if (config.verifyChannelId) {
    const message = why(config.verifyChannelId, "The Verify message's channel");
    if (message)
      problems.push({
        code: 'verify_channel_unpostable',
        message,
        fix: `Let the bot's role View Channel and Send Messages in ${label(config.verifyChannelId)}, or post the Verify message in another channel.`,
        reinvite_url: null,
      });
  }
  return problems;
}
