import { DiscordAPIError, HTTPError, RateLimitError } from '@discordjs/rest';
import { IntegrationError, type IntegrationErrorKind } from '../types';

export type BotOperation =
  | 'get_guild'
  | 'get_bot_user'
  | 'list_bot_guilds'
  | 'list_roles'
  | 'create_role'
  | 'get_member'
  | 'add_role'
  | 'remove_role'
  | 'set_nickname'
  | 'edit_member'
  | 'kick_member'
  | 'ban_member'
  | 'send_dm'
  | 'list_channels'
  | 'post_message'
  | 'edit_message'
  | 'delete_message'
  | 'get_ban';

const MISSING_PERMISSIONS: Record<BotOperation, string> = {
  add_role:
    "The bot's role is below the role it must give. In Server Settings → Roles, drag the bot's role above it, and make sure the bot has Manage Roles.",
  remove_role:
    "The bot's role is below the role it must remove. In Server Settings → Roles, drag the bot's role above it, and make sure the bot has Manage Roles.",
  set_nickname:
    "The bot cannot change this member's nickname. Discord never lets bots rename the server owner; for anyone else, drag the bot's role above the member's highest role in Server Settings → Roles and give it Manage Nicknames.",
  edit_member:
    "The bot cannot change this member's roles or nickname. In Server Settings → Roles, drag the bot's role above the roles it gives and the member's highest role, and give it Manage Roles and Manage Nicknames.",
  kick_member:
    "The bot cannot kick this member. Give the bot's role Kick Members and drag it above the member's highest role in Server Settings → Roles.",
  ban_member:
    "The bot cannot ban this member. Give the bot's role Ban Members and drag it above the member's highest role in Server Settings → Roles.",
  create_role:
    "The bot cannot create roles. In Server Settings → Roles, give the bot's role the Manage Roles permission.",
  get_guild:
    'The bot is missing a permission in this server. Add the bot again from the dashboard to restore its permissions.',
  list_bot_guilds: 'Discord did not let the bot list its servers. Check the bot token.',
  get_bot_user: 'Discord did not let the bot read its own user. Check the bot token.',
  list_roles:
    'The bot is missing a permission in this server. Add the bot again from the dashboard to restore its permissions.',
  get_member:
    'The bot is missing a permission in this server. Add the bot again from the dashboard to restore its permissions.',
  send_dm: 'Discord did not let the bot send a direct message to this member.',
  list_channels:
    'The bot cannot see the channels of this server. Add the bot again from the dashboard to restore its View Channels permission.',
  post_message:
    "The bot cannot post in that channel. In the channel's settings (Edit Channel → Permissions), let the bot's role View Channel, Send Messages and Embed Links.",
  edit_message:
    "The bot cannot edit its message in that channel. In the channel's settings (Edit Channel → Permissions), let the bot's role View Channel, Send Messages and Embed Links.",
  delete_message:
    "The bot cannot delete its message in that channel. In the channel's settings (Edit Channel → Permissions), let the bot's role View Channel.",
  get_ban:
    "The bot cannot read this server's bans. Give the bot's role Ban Members in Server Settings → Roles.",
};

/** 50001 on a channel means that channel is hidden from the bot, not that the bot left the server. */
const CHANNEL_MISSING_ACCESS =
  "The bot cannot see that channel. In the channel's settings (Edit Channel → Permissions), let the bot's role View Channel.";

const CHANNEL_OPERATIONS = new Set<BotOperation>([
  'post_message',
  'edit_message',
  'delete_message',
]);

const BY_CODE: Record<number, { kind: IntegrationErrorKind; message: string }> = {
  50001: {
    kind: 'missing_access',
    message:
      'The bot cannot see this server any more. Add the bot to the server again from the dashboard.',
  },
  10004: {
    kind: 'unknown_guild',
    message: 'The bot is not in this server. Add it from the dashboard, then try again.',
  },
  10007: { kind: 'unknown_member', message: 'That person is not a member of this server.' },
  10013: { kind: 'unknown_member', message: 'That Discord account does not exist.' },
  10011: {
    kind: 'unknown_role',
    message:
      "The role no longer exists in this server. Choose another role in the server's settings.",
  },
  50007: {
    kind: 'cannot_dm',
    message:
      'Discord would not deliver a direct message: the member does not accept DMs from this server.',
  },
  10026: { kind: 'unknown_ban', message: 'That user is not banned from this server.' },
  10008: {
    kind: 'unknown_message',
    message: 'That message no longer exists in Discord: someone deleted it.',
  },
  10003: {
    kind: 'unknown_channel',
    message: 'That channel no longer exists in this server. Choose another channel.',
  },
  40003: {
    kind: 'dm_rate_limited',
    message:
      'Discord would not open a direct message: the bot is opening direct messages too fast. The message was skipped.',
  },
  60003: {
    kind: 'owner_mfa_required',
    message:
      'This server requires 2FA for moderation, so Discord lets the bot manage roles only if the bot\'s owner has 2FA. The bot\'s owner must turn on two-factor authentication on the Discord account (or every admin of the team) that owns the application, in User Settings → My Account; or a server admin can turn off "Require 2FA for moderator actions" in Server Settings → Safety Setup.',
  },
  50278: {
    kind: 'cannot_dm',
    message:
      'Discord would not deliver a direct message: the member shares no server with the bot.',
  },
};

/** Turns whatever @discordjs/rest threw into an IntegrationError a server owner can act on. */
export function toIntegrationError(error: unknown, operation: BotOperation): IntegrationError {
  if (error instanceof IntegrationError) return error;
  if (error instanceof DiscordAPIError) {
    const code = typeof error.code === 'number' ? error.code : undefined;
    if (code === 50013)
      return new IntegrationError(
        'discord',
        'missing_permissions',
        MISSING_PERMISSIONS[operation],
        code,
        error.status,
      );
    if (code === 50001 && CHANNEL_OPERATIONS.has(operation))
      return new IntegrationError(
        'discord',
        'missing_access',
        CHANNEL_MISSING_ACCESS,
        code,
        error.status,
      );
    const known = code !== undefined ? BY_CODE[code] : undefined;
    if (known)
      return new IntegrationError('discord', known.kind, known.message, code, error.status);
    if (error.status === 401) {
      return new IntegrationError(
        'discord',
        'unavailable',
        'Discord rejected the bot token: check DISCORD_BOT_TOKEN.',
        code,
        401,
      );
    }
    if (code === 30005) {
      return new IntegrationError(
        'discord',
        'unavailable',
        "This server has reached Discord's limit of 250 roles. Delete unused roles, then try again.",
        code,
        error.status,
      );
    }
    return new IntegrationError(
      'discord',
      'unavailable',
      `Discord refused the request: ${error.message} (code ${String(error.code)}).`,
      code,
      error.status,
    );
  }
  if (error instanceof RateLimitError) {
    return new IntegrationError(
      'discord',
      'rate_limited',
      `Discord is limiting the bot right now. Try again in ${Math.ceil(error.retryAfter / 1000)} seconds.`,
      undefined,
      429,
    );
  }
  if (error instanceof HTTPError) {
    return new IntegrationError(
      'discord',
      'unavailable',
      `Discord is having trouble right now (HTTP ${error.status}). Try again in a few minutes.`,
      undefined,
      error.status,
    );
  }
  return new IntegrationError(
    'discord',
    'unavailable',
    'Discord could not be reached. Try again in a few minutes.',
  );
}
