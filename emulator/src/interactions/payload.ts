import { randomBytes } from 'node:crypto';
import type { EmulatorContext } from '../context';
import { channelJson, memberJson, userJson } from '../views';

export interface InteractionRequest {
  guild_id: string;
  user_id: string;
  command: string;
  /** option name → value; user options name a user id */
  options?: Record<string, string | number | boolean>;
  /** where the command was typed; default the guild's first text channel */
  channel_id?: string;
}

/** a button press on a message the bot posted */
export interface ComponentRequest {
  guild_id: string;
  user_id: string;
  channel_id: string;
  custom_id: string;
  /** the message holding the button; default the channel's latest message with that button */
  message_id?: string;
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
  const { guild, base } = interactionBase(ctx, input, input.channel_id);
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
  return {
    ...base,
    type: 2,
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

/** What every interaction from a member in a guild channel carries (Discord docs: Interactions, Interaction Object). */
function interactionBase(
  ctx: EmulatorContext,
  input: { guild_id: string; user_id: string },
  channelId: string | undefined,
) {
  const { discord } = ctx.store;
  const guild = discord.guilds.get(input.guild_id);
  if (!guild) throw new InteractionInputError(`There is no guild ${input.guild_id} in the seed.`);
  const member = guild.members.get(input.user_id);
  if (!member)
    throw new InteractionInputError(`User ${input.user_id} is not a member of guild ${guild.id}.`);
  const channel =
    channelId === undefined
      ? (guild.channels.find((c) => c.type === 0 || c.type === 5) ?? guild.channels[0])
      : guild.channels.find((c) => c.id === channelId);
  if (!channel)
    throw new InteractionInputError(`There is no channel ${channelId} in guild ${guild.id}.`);
  const token = `emulated-${randomBytes(24).toString('base64url')}`;
  const base = {
    id: discord.newId(),
    application_id: ctx.config.discordClientId,
    token,
    version: 1,
    guild_id: guild.id,
    guild: { id: guild.id, locale: 'en-US', features: [] },
    channel_id: channel.id,
    channel: channelJson(channel),
    locale: 'en-US',
    guild_locale: 'en-US',
    app_permissions: discord.memberPermissions(guild, ctx.config.botUserId),
    entitlements: [],
    authorizing_integration_owners: { '0': guild.id },
    context: 0,
    member: {
      ...memberJson(ctx, member),
      permissions: discord.memberPermissions(guild, member.user_id),
    },
  };
  return { guild, member, channel, base };
}

const hasButton = (components: unknown[], customId: string): boolean =>
  components.some((row) => {
    const inner = (row as { components?: unknown[] } | null)?.components;
    return (
      Array.isArray(inner) &&
      inner.some((c) => (c as { custom_id?: unknown } | null)?.custom_id === customId)
    );
  });

/**
 * A MESSAGE_COMPONENT interaction (type 3): `user_id` pressed the button `custom_id` on a message
 * in `channel_id`, as Discord would send it (`data: {custom_id, component_type: 2}`, the message).
 */
export function buildComponentInteraction(ctx: EmulatorContext, input: ComponentRequest) {
  const { base, channel } = interactionBase(ctx, input, input.channel_id);
  if (input.custom_id.length < 1 || input.custom_id.length > 100)
    throw new InteractionInputError('custom_id must be 1 to 100 characters.');
  let message;
  if (input.message_id !== undefined) {
    message = channel.messages.find((m) => m.id === input.message_id);
    if (!message)
      throw new InteractionInputError(
        `There is no message ${input.message_id} in channel ${channel.id}.`,
      );
  } else {
    message = [...channel.messages].reverse().find((m) => hasButton(m.components, input.custom_id));
  }
  return {
    ...base,
    type: 3,
    message: {
      id: message?.id ?? ctx.store.discord.newId(),
      channel_id: channel.id,
      type: 0,
      content: message?.content ?? '',
      embeds: message?.embeds ?? [],
      components: message?.components ?? [],
      timestamp: message?.sent_at ?? new Date().toISOString(),
      author: { id: ctx.config.botUserId, username: ctx.config.botUsername, bot: true },
      flags: 0,
    },
    data: { custom_id: input.custom_id, component_type: 2 },
  };
}
