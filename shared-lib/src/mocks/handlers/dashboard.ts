import { DASHBOARD_ROUTES, VERIFICATION_ROUTES } from '../../contract/apiRoutes';
import { API_PATHS } from '../../contract/paths';
import { BOT_PERMISSIONS } from '../../constants';
import type { MockDb } from '../db';
import { notFound, ok, readJsonObject, requireCaller } from '../respond';
import { requireSnowflake } from '../validation';
import { managedServers, serverView } from '../views';
import { unlinkCleanup, verifyInServer } from '../verify';
import { handle } from './route';

export function dashboardHandlers(db: MockDb) {
  return [
    handle(DASHBOARD_ROUTES.userServers, ({ request }) => {
      const { user } = requireCaller(db, request);
      return ok(managedServers(db, user.id).map((s) => serverView(s, user.id)));
    }),

    handle(DASHBOARD_ROUTES.syncServers, ({ request }) => {
      const { user } = requireCaller(db, request);
      db.servers.forEach((s) => {
        if (s.members.some((m) => m.user_id === user.id)) s.listed = true;
      });
      return ok(managedServers(db, user.id).map((s) => serverView(s, user.id)));
    }),

    handle(DASHBOARD_ROUTES.verificationServers, ({ request }) => {
      const { user } = requireCaller(db, request);
      const eligible = db.servers.filter(
        (s) =>
          s.bot_added && s.setup.setup_completed && s.members.some((m) => m.user_id === user.id),
      );
      return ok(eligible.map((s) => serverView(s, user.id)));
    }),

    handle(DASHBOARD_ROUTES.linkedAccounts, ({ request }) => {
      const { user } = requireCaller(db, request);
      return ok(
        db.linkedAccounts
          .filter((a) => a.owner_id === user.id)
          .map(({ owner_id: _owner, ...account }) => account),
      );
    }),

    handle(DASHBOARD_ROUTES.unlink, ({ request, params }) => {
      const { user } = requireCaller(db, request);
      const index = db.linkedAccounts.findIndex(
        (a) => a.id === params.id && a.owner_id === user.id,
      );
      if (index < 0) return notFound('Linked account not found.');
      const [account] = db.linkedAccounts.splice(index, 1);
      if (new URL(request.url).searchParams.get('remove_roles') !== 'true') return ok({});
      return ok({ cleanup: unlinkCleanup(db, user.id, account!) });
    }),

    handle(DASHBOARD_ROUTES.manualSync, ({ request }) => {
      const { user } = requireCaller(db, request);
      const servers = managedServers(db, user.id);
      return ok({
        checked: servers.length,
        bot_present: servers.filter((s) => s.bot_added).length,
      });
    }),

    handle(DASHBOARD_ROUTES.inviteUrl, ({ request }) => {
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

    handle(VERIFICATION_ROUTES.verifyInServer, async ({ request }) => {
      const { user } = requireCaller(db, request);
      return ok(verifyInServer(db, user, await readJsonObject(request)));
    }),
  ];
}
