import { http } from 'msw';
import { DASHBOARD_ROUTES, VERIFICATION_ROUTES } from '../../contract/apiRoutes';
import { API_PATHS } from '../../contract/paths';
import { BOT_PERMISSIONS } from '../../constants';
import type { MockDb } from '../db';
import { guarded, notFound, ok, readJsonObject, requireCaller } from '../respond';
import { requireSnowflake } from '../validation';
import { managedServers, serverView } from '../views';
import { unlinkCleanup, verifyInServer } from '../verify';
import { route } from './route';

export function dashboardHandlers(db: MockDb) {
  return [
    http.get(
      route(DASHBOARD_ROUTES.userServers.path),
      guarded(({ request }) => {
        const { user } = requireCaller(db, request);
        return ok(managedServers(db, user.id).map((s) => serverView(s, user.id)));
      }),
    ),

    http.post(
      route(DASHBOARD_ROUTES.syncServers.path),
      guarded(({ request }) => {
        const { user } = requireCaller(db, request);
        db.servers.forEach((s) => {
          if (s.members.some((m) => m.user_id === user.id)) s.listed = true;
        });
        return ok(managedServers(db, user.id).map((s) => serverView(s, user.id)));
      }),
    ),

    http.get(
      route(DASHBOARD_ROUTES.verificationServers.path),
      guarded(({ request }) => {
        const { user } = requireCaller(db, request);
        const eligible = db.servers.filter(
          (s) =>
            s.bot_added && s.setup.setup_completed && s.members.some((m) => m.user_id === user.id),
        );
        return ok(eligible.map((s) => serverView(s, user.id)));
      }),
    ),

    http.get(
      route(DASHBOARD_ROUTES.linkedAccounts.path),
      guarded(({ request }) => {
        const { user } = requireCaller(db, request);
        return ok(
          db.linkedAccounts
            .filter((a) => a.owner_id === user.id)
            .map(({ owner_id: _owner, ...account }) => account),
        );
      }),
    ),

    http.delete<{ id: string }>(
      route(DASHBOARD_ROUTES.unlink.path),
      guarded(({ request, params }) => {
        const { user } = requireCaller(db, request);
        const index = db.linkedAccounts.findIndex(
          (a) => a.id === params.id && a.owner_id === user.id,
        );
        if (index < 0) return notFound('Linked account not found.');
        const [account] = db.linkedAccounts.splice(index, 1);
        if (new URL(request.url).searchParams.get('remove_roles') !== 'true') return ok({});
        return ok({ cleanup: unlinkCleanup(db, user.id, account!) });
      }),
    ),

    http.post(
      route(DASHBOARD_ROUTES.manualSync.path),
      guarded(({ request }) => {
        const { user } = requireCaller(db, request);
        const servers = managedServers(db, user.id);
        return ok({
          checked: servers.length,
          bot_present: servers.filter((s) => s.bot_added).length,
        });
      }),
    ),

    http.get(
      route(DASHBOARD_ROUTES.inviteUrl.path),
      guarded(({ request }) => {
        requireCaller(db, request);
        const serverId = requireSnowflake(
          new URL(request.url).searchParams.get('server_id'),
          'server_id',
        );
        const query = new URLSearchParams({
          client_id: 'mock-client-id',
          permissions: BOT_PERMISSIONS,
          response_type: 'code',
          redirect_uri: `${new URL(request.url).origin}${API_PATHS.authCallback}`,
          integration_type: '0',
          scope: 'bot',
          guild_id: serverId,
          disable_guild_select: 'true',
          state: 'mock-invite-state',
        });
        return ok({ invite_url: `https://discord.com/oauth2/authorize?${query}` });
      }),
    ),

    http.post(
      route(VERIFICATION_ROUTES.verifyInServer.path),
      guarded(async ({ request }) => {
        const { user } = requireCaller(db, request);
        return ok(verifyInServer(db, user, await readJsonObject(request)));
      }),
    ),
  ];
}
