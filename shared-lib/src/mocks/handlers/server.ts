import { SERVER_ROUTES } from '../../contract/apiRoutes';
import type { SetupStep } from '../../contract/types';
import type { MockDb, MockServer } from '../db';
import { ensureRole, linkGroup, roleAboveBotMessage, unlinkGroup } from '../mutations';
import { badRequest, fail, ok, readJsonObject } from '../respond';
import { requireGroup, requireNicknameFormat, requireRoleName } from '../validation';
import { configView, editView } from '../views';
import { recordBindsChange, recordSettingChange } from '../console';
import { applyNicknameBody } from '../rules';
import { handle, onManagedServer } from './route';

const STEP_ORDER: SetupStep[] = ['nickname', 'verified_role', 'group'];

/** Moves setup on to `next` unless it is already past it or complete. */
function advance(server: MockServer, next: SetupStep): void {
  if (server.setup.setup_completed) return;
  const current = STEP_ORDER.indexOf(server.setup.setup_step ?? 'nickname');
  if (STEP_ORDER.indexOf(next) > current) server.setup.setup_step = next;
}

export function serverHandlers(db: MockDb) {
  const onServer = onManagedServer(db);

  return [
    handle(
      SERVER_ROUTES.config,
      onServer((server) => ok({ server_config: configView(server) })),
    ),
    handle(
      SERVER_ROUTES.setupStatus,
      onServer((server) => ok(server.setup)),
    ),

    handle(
      SERVER_ROUTES.setupNickname,
      onServer(async (server, request) => {
        server.nickname_format = requireNicknameFormat(
          (await readJsonObject(request)).nickname_format,
        );
        server.nickname_template = null;
        advance(server, 'verified_role');
        return ok({ setup_step: server.setup.setup_step });
      }),
    ),
    handle(
      SERVER_ROUTES.setupVerifiedRole,
      onServer(async (server, request) => {
        const name = requireRoleName((await readJsonObject(request)).verified_role_name);
        const refused = roleAboveBotMessage(server, { name });
        if (refused) return fail(409, 'role_above_bot', refused);
        server.verified_role_name = name;
        server.verified_role_id = ensureRole(db, server, name);
        advance(server, 'group');
        return ok({
          verified_role_id: server.verified_role_id,
          setup_step: server.setup.setup_step,
        });
      }),
    ),
    handle(
      SERVER_ROUTES.setupGroup,
      onServer(async (server, request) => {
        const body = await readJsonObject(request);
        let rolesCreated: string[] = [];
        if (body.skip === true) {
          server.group_id = null;
          server.group_roles = [];
          server.binds = [];
        } else if (body.skip !== undefined) {
          return badRequest('skip must be true when sent.');
        } else {
          rolesCreated = linkGroup(db, server, requireGroup(db, body));
        }
        server.setup = { setup_completed: true, setup_step: null };
        const group = db.groups.find((g) => g.id === server.group_id);
        return ok({
          setup_completed: true,
          group_id: server.group_id,
          group_name: group?.name ?? null,
          roles_created: rolesCreated,
        });
      }),
    ),

    handle(
      SERVER_ROUTES.edit,
      onServer((server) => ok(editView(db, server))),
    ),
    handle(
      SERVER_ROUTES.editNickname,
      onServer(async (server, request, user) => {
        const before = server.nickname_template ?? server.nickname_format;
        applyNicknameBody(server, await readJsonObject(request));
        const after = server.nickname_template ?? server.nickname_format;
        recordSettingChange(db, server, user, 'nickname_format', before, after);
        return ok({ server_config: configView(server) });
      }),
    ),
    handle(
      SERVER_ROUTES.editVerifiedRole,
      onServer(async (server, request, user) => {
        const body = await readJsonObject(request);
        const name = requireRoleName(body.verified_role_name);
        const id = body.verified_role_id;
        if (id !== null && id !== undefined) {
          if (typeof id !== 'string' || !server.roles.some((r) => r.id === id)) {
            return badRequest('verified_role_id must be one of the server’s roles.');
          }
        }
        const refused = roleAboveBotMessage(server, typeof id === 'string' ? { id } : { name });
        if (refused) return fail(409, 'role_above_bot', refused);
        recordSettingChange(db, server, user, 'verified_role', server.verified_role_name, name);
        server.verified_role_name = name;
        server.verified_role_id = typeof id === 'string' ? id : ensureRole(db, server, name);
        return ok({ server_config: configView(server) });
      }),
    ),
    handle(
      SERVER_ROUTES.editGroup,
      onServer(async (server, request, user) => {
        const before = server.binds;
        linkGroup(db, server, requireGroup(db, await readJsonObject(request)));
        recordBindsChange(db, server, user, before);
        return ok({ server_config: configView(server) });
      }),
    ),
    handle(
      SERVER_ROUTES.removeGroup,
      onServer((server, _request, user) => {
        const before = server.binds;
        unlinkGroup(server);
        recordBindsChange(db, server, user, before);
        return ok({ server_config: configView(server) });
      }),
    ),
  ];
}
