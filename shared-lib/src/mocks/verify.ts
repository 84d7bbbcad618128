import type { LinkedAccount, NicknameFormat, User, VerifyResult } from '../contract/types';
import type { MockDb } from './db';
import { badRequest, fail, forbidden, MockHttpError, notFound } from './respond';
import { requireSnowflake } from './validation';

const DISCORD_NICKNAME_MAX = 32;

export function nicknameFor(
  format: NicknameFormat,
  user: User,
  account: LinkedAccount,
): string | null {
  const discordDisplay = user.global_name ?? user.username;
  const byFormat: Record<NicknameFormat, string | null> = {
    roblox_username: account.roblox_username,
    roblox_display: account.roblox_display_name,
    discord_display: discordDisplay,
    discord_username: user.username,
    discord_display_with_roblox: `${discordDisplay} (${account.roblox_username})`,
    none: null,
  };
  return byFormat[format]?.slice(0, DISCORD_NICKNAME_MAX) ?? null;
}

/** POST verify-in-server: gives the verified role, sets the nickname, marks the account verified. */
export function verifyInServer(
  db: MockDb,
  user: User,
  body: Record<string, unknown>,
): VerifyResult {
  const serverId = requireSnowflake(body.server_id, 'server_id');
  if (typeof body.account_id !== 'string' || !body.account_id) {
    throw new MockHttpError(badRequest('account_id is required.'));
  }
  const account = db.linkedAccounts.find((a) => a.id === body.account_id);
  if (!account) throw new MockHttpError(notFound('Linked account not found.'));
  if (account.owner_id !== user.id)
    throw new MockHttpError(
      forbidden('This Roblox account is not linked to you.', 'not_your_account'),
    );
  const server = db.servers.find((s) => s.server_id === serverId);
  if (!server) throw new MockHttpError(notFound('Server not found.'));
  const member = server.members.find((m) => m.user_id === user.id);
  if (!member)
    throw new MockHttpError(forbidden('You are not a member of this server.', 'not_a_member'));
  if (!server.bot_added || !server.setup.setup_completed) {
    throw new MockHttpError(fail(409, 'not_ready', 'The bot is not set up in this server yet.'));
  }
  const role = server.roles.find((r) => r.id === server.verified_role_id);
  if (role && role.position >= server.bot_role_position) {
    throw new MockHttpError(
      fail(
        502,
        'discord_refused',
        `Move the bot's role above "${role.name}" in Server Settings → Roles.`,
      ),
    );
  }

  account.verified = true;
  const nickname = nicknameFor(server.nickname_format, user, account);
  const warnings: string[] = [];
  // Discord never lets a bot rename the server owner
  const canRename = nickname !== null && !member.owner;
  if (nickname !== null && member.owner)
    warnings.push("Discord doesn't let bots change the server owner's nickname.");
  return {
    roles_updated: Boolean(role),
    nickname_updated: canRename,
    dm_sent: true,
    roles_added: role ? [role.name] : [],
    roles_removed: [],
    nickname: canRename ? nickname : null,
    warnings,
  };
}
