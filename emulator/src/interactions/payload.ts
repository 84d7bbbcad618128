import { randomBytes } from 'node:crypto';
import type { EmulatorContext } from '../context';
import { memberJson, userJson } from '../discord/views';

export interface InteractionRequest {
  guild_id: string;
  user_id: string;
  command: string;
  /** option name → value; user options name a user id */
  options?: Record<string, string | number | boolean>;
}

/** Discord's option types by what the emulator knows of the commands it serves. */
const USER_OPTIONS = new Set(['member', 'user']);

export class InteractionInputError extends Error {}

/**
 * A real APPLICATION_COMMAND payload, as Discord would send it from `user_id` in `guild_id`:
 * the member with their permissions, the options, and the resolved users and members.
 */
export function buildCommandInteraction(ctx: EmulatorContext, input: InteractionRequest) {
  const { discord } = ctx.store;
  const guild = discord.guilds.get(input.guild_id);
  if (!guild) throw new InteractionInputError(`There is no guild ${input.guild_id} in the seed.`);
  const member = guild.members.get(input.user_id);
  if (!member)
    throw new InteractionInputError(`User ${input.user_id} is not a member of guild ${guild.id}.`);
  if (!/^[a-z0-9_-]{1,32}$/.test(input.command))
    throw new InteractionInputError('command must be a slash command name such as "verify".');

  const options = Object.entries(input.options ?? {}).map(([name, value]) => ({
    name,
    type: USER_OPTIONS.has(name)
      ? 6
      : typeof value === 'number'
        ? 4
        : typeof value === 'boolean'
          ? 5
          : 3,
    value,
  }));
  const resolvedUsers: Record<string, unknown> = {};
  const resolvedMembers: Record<string, unknown> = {};
  for (const o of options) {
    if (o.type !== 6) continue;
    const user = discord.users.get(String(o.value));
    if (!user)
      throw new InteractionInputError(`Option ${o.name} names no known user (${o.value}).`);
    resolvedUsers[user.id] = userJson(user);
    const m = guild.members.get(user.id);
    if (m) {
      const { user: _user, ...partial } = memberJson(ctx, m);
      resolvedMembers[user.id] = {
        ...partial,
        permissions: discord.memberPermissions(guild, user.id),
      };
    }
  }
  const command = ctx.commands.find((c) => c.name === input.command);
  const token = `emulated-${randomBytes(24).toString('base64url')}`;
  return {
    id: discord.newId(),
    application_id: ctx.config.discordClientId,
    type: 2,
    token,
    version: 1,
    guild_id: guild.id,
    guild: { id: guild.id, locale: 'en-US', features: [] },
    channel_id: guild.id,
    locale: 'en-US',
    guild_locale: 'en-US',
    app_permissions: '402720768',
    entitlements: [],
    authorizing_integration_owners: { '0': guild.id },
    context: 0,
    member: {
      ...memberJson(ctx, member),
      permissions: discord.memberPermissions(guild, member.user_id),
    },
    data: {
      id: command?.id ?? discord.newId(),
      name: input.command,
      type: 1,
      ...(options.length ? { options } : {}),
      ...(options.some((o) => o.type === 6)
        ? { resolved: { users: resolvedUsers, members: resolvedMembers } }
        : {}),
    },
  };
}
