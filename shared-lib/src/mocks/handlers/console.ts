import { http, HttpResponse } from 'msw';
import {
  AUDIT_ROUTES,
  BIND_ROUTES,
  SERVER_HEALTH_ROUTES,
  SERVER_ROUTES,
} from '../../contract/apiRoutes';
import type { User } from '../../contract/types';
import type { MockDb, MockServer } from '../db';
import {
  auditCsv,
  auditPage,
  bindsView,
  healthOf,
  planBinds,
  recordBindsChange,
  recordSettingChange,
} from '../console';
import { roleAboveBotMessage } from '../mutations';
import { badRequest, fail, guarded, ok, readJsonObject, requireCaller } from '../respond';
import { configView, requireManagedServer } from '../views';
import {
  NO_RESTRICTIONS,
  applyBypassBody,
  applyRestrictionsBody,
  describeBypass,
  describeRestrictions,
  isGroupBind,
  lookup,
  previewBinds,
} from '../rules';
import { route } from './route';

type IdParams = { id: string };

/** The owner's console: binds, the unverified role, the audit log, the bot's health. */
export function consoleHandlers(db: MockDb) {
  const onServer = (
    handle: (server: MockServer, request: Request, user: User) => Response | Promise<Response>,
  ) =>
    guarded<IdParams>(({ request, params }) => {
      const { user } = requireCaller(db, request);
      return handle(requireManagedServer(db, params.id, user.id), request, user);
    });

  return [
    http.get<IdParams>(
      route(BIND_ROUTES.list.path),
      onServer((server) => ok(bindsView(db, server))),
    ),
    http.put<IdParams>(
      route(BIND_ROUTES.replace.path),
      onServer(async (server, request, user) => {
        const { binds } = planBinds(db, server, await readJsonObject(request));
        const before = server.binds;
        server.binds = binds;
        // config.group_id names the first bound group (null: no group integration)
        server.group_id = binds.find(isGroupBind)?.group_id ?? null;
        if (!binds.length) server.group_roles = [];
        recordBindsChange(db, server, user, before);
        return ok(bindsView(db, server));
      }),
    ),
    http.post<IdParams>(
      route(BIND_ROUTES.preview.path),
      onServer(async (server, request) => {
        const { binds, newRoleNames } = planBinds(db, server, await readJsonObject(request), {
          dryRun: true,
        });
        return ok(previewBinds(db, server, binds, newRoleNames));
      }),
    ),
    http.get<IdParams>(
      route(BIND_ROUTES.lookup.path),
      onServer((_server, request) => ok(lookup(db, new URL(request.url)))),
    ),
    http.put<IdParams>(
      route(SERVER_ROUTES.editBypassRoles.path),
      onServer(async (server, request, user) => {
        const before = describeBypass(server);
        applyBypassBody(server, await readJsonObject(request));
        recordSettingChange(db, server, user, 'bypass_roles', before, describeBypass(server));
        return ok({ server_config: configView(server) });
      }),
    ),
    http.put<IdParams>(
      route(SERVER_ROUTES.editRestrictions.path),
      onServer(async (server, request, user) => {
        const before = describeRestrictions(server.restrictions ?? NO_RESTRICTIONS);
        applyRestrictionsBody(server, await readJsonObject(request));
        const after = describeRestrictions(server.restrictions ?? NO_RESTRICTIONS);
        recordSettingChange(db, server, user, 'restrictions', before, after);
        return ok({ server_config: configView(server) });
      }),
    ),
    http.put<IdParams>(
      route(SERVER_ROUTES.editUnverifiedRole.path),
      onServer(async (server, request, user) => {
        const id = (await readJsonObject(request)).unverified_role_id;
        if (id !== null) {
          if (typeof id !== 'string' || !server.roles.some((r) => r.id === id))
            return badRequest('unverified_role_id must be one of the server’s roles, or null.');
          if (id === server.server_id)
            return badRequest('The unverified role cannot be @everyone.');
          if (id === server.verified_role_id || server.binds.some((b) => b.role_id === id))
            return badRequest(
              'The unverified role cannot be the verified role or a bound role: verification takes it away.',
            );
          const refused = roleAboveBotMessage(server, { id });
          if (refused) return fail(409, 'role_above_bot', refused);
        }
        const name = (roleId: string | null) =>
          server.roles.find((r) => r.id === roleId)?.name ?? null;
        recordSettingChange(
          db,
          server,
          user,
          'unverified_role',
          name(server.unverified_role_id),
          name(id),
        );
        server.unverified_role_id = id;
        return ok({ server_config: configView(server) });
      }),
    ),
    http.get<IdParams>(
      route(AUDIT_ROUTES.page.path),
      onServer((server, request) => ok(auditPage(db, server, new URL(request.url)))),
    ),
    http.get<IdParams>(
      route(AUDIT_ROUTES.export.path),
      onServer(
        (server, request) =>
          new HttpResponse(auditCsv(db, server, new URL(request.url)), {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': `attachment; filename="roconnect-audit-${server.server_id}.csv"`,
            },
          }),
      ),
    ),
    http.get<IdParams>(
      route(SERVER_HEALTH_ROUTES.check.path),
      onServer((server, request) => ok(healthOf(server, new URL(request.url).origin))),
    ),
  ];
}
