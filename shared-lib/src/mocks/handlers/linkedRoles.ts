import { LINKED_ROLES_ROUTES } from '../../contract/apiRoutes';
import { LINKED_ROLES_METADATA } from '../../contract/linkedRolesMetadata';
import type { LinkedRolesData } from '../../contract/linkedRoles';
import { API_PATHS } from '../../contract/paths';
import type { MockDb } from '../db';
import { fail, ok, requireCaller } from '../respond';
import { handle } from './route';

const DISCORD_AUTHORIZE = 'https://discord.com/oauth2/authorize';
const LONG_AGO = '2015-01-01T00:00:00.000Z';

/**
 * As the API: connected unless the member disconnected; what is shared is their verified
 * account's, as verification writes it (verified, and the account's creation date).
 */
function statusOf(db: MockDb, userId: string): LinkedRolesData {
  if (db.linkedRolesOff?.includes(userId))
    return {
      connected: false,
      reason: 'disconnected',
      account: null,
      shared: [],
      written_at: null,
    };
  const account = db.linkedAccounts.find((a) => a.owner_id === userId && a.verified);
  if (!account)
    return { connected: true, reason: null, account: null, shared: [], written_at: null };
  const values: Record<string, string> = {
    verified: '1',
    account_age_days: db.robloxUsers?.[account.roblox_id]?.created ?? LONG_AGO,
  };
  return {
    connected: true,
    reason: null,
    account: { roblox_id: account.roblox_id, username: account.roblox_username },
    shared: LINKED_ROLES_METADATA.map((r) => ({
      key: r.key,
      name: r.name,
      kind: r.type === 7 ? ('boolean' as const) : ('date' as const),
      value: values[r.key]!,
    })),
    written_at: account.linked_at,
  };
}

export function linkedRolesHandlers(db: MockDb) {
  return [
    handle(LINKED_ROLES_ROUTES.linkedRoles, ({ request }) =>
      ok(statusOf(db, requireCaller(db, request).user.id)),
    ),

    // Discord's consent is elsewhere: connecting here is immediate, as coming back would be
    handle(LINKED_ROLES_ROUTES.connect, ({ request }) => {
      const { user } = requireCaller(db, request);
      db.linkedRolesOff = (db.linkedRolesOff ?? []).filter((id) => id !== user.id);
      const query = new URLSearchParams({
        client_id: 'mock-client-id',
        response_type: 'code',
        scope: 'identify guilds role_connections.write',
        state: 'mock-state',
        redirect_uri: `http://localhost:3000${API_PATHS.authCallback}`,
      });
      return ok({ auth_url: `${DISCORD_AUTHORIZE}?${query}` });
    }),

    handle(LINKED_ROLES_ROUTES.disconnect, ({ request }) => {
      const { user } = requireCaller(db, request);
      if (!statusOf(db, user.id).connected)
        return fail(
          409,
          'not_connected',
          'Linked Roles is not connected: there is nothing to disconnect.',
        );
      db.linkedRolesOff = [...(db.linkedRolesOff ?? []), user.id];
      return ok(statusOf(db, user.id));
    }),
  ];
}
