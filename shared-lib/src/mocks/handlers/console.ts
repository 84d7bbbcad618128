import { HttpResponse } from 'msw';
import {
  AUDIT_ROUTES,
  BIND_ROUTES,
  SERVER_HEALTH_ROUTES,
  SERVER_ROUTES,
} from '../../contract/apiRoutes';
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
import {
  NO_RESTRICTIONS,
  type EditBypassRolesRequest,
  type EditRestrictionsRequest,
} from '../../contract/console';
import { badRequest, fail, ok, readContractBody, readJsonObject } from '../respond';
import { configView } from '../views';
import {
  applyBypassBody,
  applyRestrictionsBody,
  isGroupBind,
  lookup,
  previewBinds,
} from '../rules';
import { handle, onManagedServer } from './route';

/**
 * A setting's before and after in the log, as the contract shapes the setting (the API words
 * them for people; the mock's log only needs to show that they changed).
 */
const settingText = (value: object) => JSON.stringify(value);
const bypassOf = (server: MockServer): EditBypassRolesRequest => ({
  nickname_bypass_role_ids: server.nickname_bypass_role_ids ?? [],
  role_bypass_role_ids: server.role_bypass_role_ids ?? [],
});

/** The owner's console: binds, the unverified role, the audit log, the bot's health. */
export function consoleHandlers(db: MockDb) {
  const onServer = onManagedServer(db);

  return [
    handle(
      BIND_ROUTES.list,
      onServer((server) => ok(bindsView(db, server))),
    ),
    handle(
      BIND_ROUTES.replace,
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
    handle(
      BIND_ROUTES.preview,
      onServer(async (server, request) => {
        const { binds, newRoleNames } = planBinds(db, server, await readJsonObject(request), {
          dryRun: true,
        });
        return ok(previewBinds(db, server, binds, newRoleNames));
      }),
    ),
    handle(
      BIND_ROUTES.lookup,
      onServer((_server, request) => ok(lookup(db, new URL(request.url)))),
    ),
    handle(
      SERVER_ROUTES.editBypassRoles,
      onServer(async (server, request, user) => {
        const before = settingText(bypassOf(server));
        applyBypassBody(server, await readContractBody<EditBypassRolesRequest>(request));
        const after = settingText(bypassOf(server));
        recordSettingChange(db, server, user, 'bypass_roles', before, after);
        return ok({ server_config: configView(server) });
      }),
    ),
    handle(
      SERVER_ROUTES.editRestrictions,
      onServer(async (server, request, user) => {
        const before = settingText(server.restrictions ?? NO_RESTRICTIONS);
        applyRestrictionsBody(server, await readContractBody<EditRestrictionsRequest>(request));
        const after = settingText(server.restrictions ?? NO_RESTRICTIONS);
        recordSettingChange(db, server, user, 'restrictions', before, after);
        return ok({ server_config: configView(server) });
      }),
    ),
    handle(
      SERVER_ROUTES.editUnverifiedRole,
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
    handle(
      AUDIT_ROUTES.page,
      onServer((server, request) => ok(auditPage(db, server, new URL(request.url)))),
    ),
    handle(
      AUDIT_ROUTES.export,
      onServer(
        (server, request) =>
          new HttpResponse<string>(auditCsv(db, server, new URL(request.url)), {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': `attachment; filename="roconnect-audit-${server.server_id}.csv"`,
            },
          }),
      ),
    ),
    handle(
      SERVER_HEALTH_ROUTES.check,
      onServer((server, request) => ok(healthOf(server, new URL(request.url).origin))),
    ),
  ];
}
