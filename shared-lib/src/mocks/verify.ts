import type { UnlinkCleanup } from '../contract/console';
import type { LinkedAccount, User, VerifyResult } from '../contract/types';
import type { MockDb } from './db';
import { bindsFor, recordAudit } from './console';
import { nicknameOf, restrictionOf } from './rules';
import { badRequest, fail, forbidden, MockHttpError, notFound } from './respond';
import { requireSnowflake } from './validation';

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
  const restricted = restrictionOf(server, account.roblox_id);
  const evaluated = bindsFor(db, server, account.roblox_id);
  const binds = restricted
    ? {
        add: [],
        remove: server.binds.map((b) => b.role_id),
        notGiven: [...new Set(server.binds.map((b) => b.role_id))].map((role_id) => ({
          role_id,
          role_name: server.roles.find((r) => r.id === role_id)?.name ?? 'Deleted role',
          reason: restricted,
        })),
        nicknameTemplate: null,
      }
    : evaluated;
  const held = server.member_roles[user.id] ?? [];
  const keepsNickname = held.some((id) => server.nickname_bypass_role_ids?.includes(id));
  const keepsRoles = held.some((id) => server.role_bypass_role_ids?.includes(id));
  const nickname =
    restricted || keepsNickname ? null : nicknameOf(server, user, account, binds.nicknameTemplate);
  const warnings: string[] = restricted ? [`You cannot verify in this server: ${restricted}.`] : [];
  // Discord never lets a bot rename the server owner
  const canRename = nickname !== null && !member.owner;
  if (nickname !== null && member.owner)
    warnings.push("Discord doesn't let bots change the server owner's nickname.");

  // the verified role and every bind the account qualifies for; bound roles it no longer
  // qualifies for and the unverified role go
  const had = new Set(held);
  const bound = keepsRoles ? { add: [], remove: [] } : binds;
  const verifiedRole = role && !restricted ? [role.id] : [];
  const give = [...new Set([...verifiedRole, ...bound.add])];
  const take = [
    ...bound.remove,
    ...(restricted && role ? [role.id] : []),
    ...(server.unverified_role_id && !restricted ? [server.unverified_role_id] : []),
  ];
  const nameOf = (id: string) => server.roles.find((r) => r.id === id)?.name ?? id;
  const added = give.filter((id) => !had.has(id));
  const removed = take.filter((id) => had.has(id) && !give.includes(id));
  server.member_roles[user.id] = [...[...had].filter((id) => !removed.includes(id)), ...added];

  const at = new Date().toISOString();
  account.verified_in = [
    { server_id: server.server_id, server_name: server.server_name, verified_at: at },
    ...account.verified_in.filter((v) => v.server_id !== server.server_id),
  ];
  const who = { user_id: user.id, discord_id: user.discord_id, username: user.username };
  recordAudit(db, server, {
    kind: 'verification',
    at,
    actor: who,
    source: 'website',
    member: who,
    roblox_account: { roblox_id: account.roblox_id, username: account.roblox_username },
    roles_added: added.map(nameOf),
    roles_removed: removed.map(nameOf),
    nickname_before: null,
    nickname_after: canRename ? nickname : null,
    dm_sent: true,
    warnings,
  });
  return {
    roles_updated: added.length > 0 || removed.length > 0 || (Boolean(role) && !restricted),
    nickname_updated: canRename,
    dm_sent: true,
    roles_added:
      role && !restricted && !added.includes(role.id)
        ? [role.name, ...added.map(nameOf)]
        : added.map(nameOf),
    roles_removed: removed.map(nameOf),
    nickname: canRename ? nickname : null,
    warnings,
    not_given: keepsRoles ? [] : binds.notGiven,
    restricted,
    // as the API answers when Discord accepts the kick or ban
    restriction_action: restricted ? (server.restrictions?.action ?? 'deny') : null,
  };
}

/** Unlinking with remove_roles: in each server the account verified in, the bot takes back the
 * verified and bound roles it gave and resets the nickname. */
export function unlinkCleanup(db: MockDb, userId: string, account: LinkedAccount): UnlinkCleanup[] {
  return account.verified_in.flatMap(({ server_id, server_name }) => {
    const server = db.servers.find((s) => s.server_id === server_id);
    if (!server) return [];
    const given = new Set([
      ...(server.verified_role_id ? [server.verified_role_id] : []),
      ...server.binds.map((b) => b.role_id),
    ]);
    const had = server.member_roles[userId] ?? [];
    const removed = had.filter((id) => given.has(id));
    server.member_roles[userId] = had.filter((id) => !given.has(id));
    const member = server.members.find((m) => m.user_id === userId);
    return [
      {
        server_id,
        server_name,
        roles_removed: removed.map((id) => server.roles.find((r) => r.id === id)?.name ?? id),
        nickname_reset: !member?.owner,
        warnings: member?.owner
          ? ["Discord doesn't let bots change the server owner's nickname."]
          : [],
      },
    ];
  });
}
