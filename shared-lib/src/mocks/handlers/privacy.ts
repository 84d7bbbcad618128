import { HttpResponse } from 'msw';
import { PRIVACY_ROUTES } from '../../contract/apiRoutes';
import type { AccountExport, PrivacySettingsData } from '../../contract/privacy';
import type { User } from '../../contract/types';
import type { MockDb } from '../db';
import type { MockPrivacy } from '../dbTypes';
import { MockHttpError, badRequest, fail, ok, readJsonObject, requireCaller } from '../respond';
import { requireSnowflake } from '../validation';
import { unlinkCleanup } from '../verify';
import { handle } from './route';

const privacyOf = (db: MockDb): MockPrivacy => (db.privacy ??= { choices: {}, lookups: [] });

/** As the API: the member's choice there, else their default where they verified, else hidden. */
function settingsOf(db: MockDb, userId: string): PrivacySettingsData {
  const choice = privacyOf(db).choices[userId] ?? { default_visible: true, servers: {} };
  const verified = new Set(
    db.linkedAccounts
      .filter((a) => a.owner_id === userId)
      .flatMap((a) => a.verified_in.map((v) => v.server_id)),
  );
  const ids = [...new Set([...verified, ...Object.keys(choice.servers)])].sort();
  return {
    default_visible: choice.default_visible,
    servers: ids.map((id) => ({
      server_id: id,
      server_name: db.servers.find((s) => s.server_id === id)?.server_name ?? 'Unknown Server',
      visible: choice.servers[id] ?? (verified.has(id) ? choice.default_visible : false),
      verified: verified.has(id),
    })),
  };
}

const refuse = (message: string) => new MockHttpError(badRequest(message));

/** The PUT body as the API's schema reads it, or a 400 naming what is wrong. */
function readChoice(body: Record<string, unknown>) {
  if (typeof body.default_visible !== 'boolean')
    throw refuse('default_visible must be true or false.');
  if (!Array.isArray(body.servers)) throw refuse('servers must be a list.');
  const servers = body.servers.map((entry: unknown, i) => {
    const s = (entry ?? {}) as Record<string, unknown>;
    if (typeof s.visible !== 'boolean')
      throw refuse(`servers[${i}].visible must be true or false.`);
    return {
      server_id: requireSnowflake(s.server_id, `servers[${i}].server_id`),
      visible: s.visible,
    };
  });
  return { default_visible: body.default_visible, servers };
}

export function privacyHandlers(db: MockDb) {
  return [
    handle(PRIVACY_ROUTES.privacy, ({ request }) =>
      ok(settingsOf(db, requireCaller(db, request).user.id)),
    ),

    handle(PRIVACY_ROUTES.savePrivacy, async ({ request }) => {
      const { user } = requireCaller(db, request);
      const choice = readChoice(await readJsonObject(request));
      const known = new Set([
        ...settingsOf(db, user.id).servers.map((s) => s.server_id),
        ...db.servers
          .filter((s) => s.members.some((m) => m.user_id === user.id))
          .map((s) => s.server_id),
      ]);
      const unknown = choice.servers.map((s) => s.server_id).filter((id) => !known.has(id));
      if (unknown.length)
        return fail(
          400,
          'unknown_server',
          `servers: ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not a server you are in or verified in.`,
        );
      const mine = (privacyOf(db).choices[user.id] ??= { default_visible: true, servers: {} });
      mine.default_visible = choice.default_visible;
      for (const s of choice.servers) mine.servers[s.server_id] = s.visible;
      return ok(settingsOf(db, user.id));
    }),

    handle(PRIVACY_ROUTES.lookups, ({ request }) => {
      const { user } = requireCaller(db, request);
      return ok(
        privacyOf(db)
          .lookups.filter((l) => l.subject_user_id === user.id)
          .sort((a, b) => b.at.localeCompare(a.at))
          .map(({ subject_user_id: _subject, ...lookup }) => lookup),
      );
    }),

    handle(PRIVACY_ROUTES.exportAccount, ({ request }) => {
      const { user } = requireCaller(db, request);
      const exportedAt = new Date().toISOString();
      const linked = db.linkedAccounts
        .filter((a) => a.owner_id === user.id)
        .map(({ owner_id: _owner, ...account }) => account);
      const lookups = privacyOf(db)
        .lookups.filter((l) => l.subject_user_id === user.id)
        .map(({ subject_user_id: _subject, ...lookup }) => lookup);
      // sessions without their tokens, as the API exports them
      const sessions = db.sessions
        .filter((s) => s.user_id === user.id)
        .map((s, i) => ({ id: String(i + 1), user_id: s.user_id, revoked: Boolean(s.revoked) }));
      const body: AccountExport = {
        format: 'roconnect-export-1',
        exported_at: exportedAt,
        profile: user,
        linked_accounts: linked,
        privacy: settingsOf(db, user.id),
        lookups,
        sessions,
        records: { users: [user], roblox_accounts: linked, sessions },
      };
      return HttpResponse.json<AccountExport>(body, {
        headers: {
          'content-disposition': `attachment; filename="roconnect-export-${exportedAt.slice(0, 10)}.json"`,
        },
      });
    }),

    handle(PRIVACY_ROUTES.deleteAccount, ({ request }) => {
      const { user } = requireCaller(db, request);
      const accounts = db.linkedAccounts.filter((a) => a.owner_id === user.id);
      const cleanup = accounts.flatMap((a) => unlinkCleanup(db, user.id, a));
      forget(db, user);
      return ok({ deleted: true, cleanup });
    }),
  ];
}

/** The user, their links, sessions, memberships, choices and lookups go; the audit stays. */
function forget(db: MockDb, user: User) {
  db.users = db.users.filter((u) => u.id !== user.id);
  db.linkedAccounts = db.linkedAccounts.filter((a) => a.owner_id !== user.id);
  db.sessions = db.sessions.filter((s) => s.user_id !== user.id);
  for (const server of db.servers)
    server.members = server.members.filter((m) => m.user_id !== user.id);
  const privacy = privacyOf(db);
  delete privacy.choices[user.id];
  privacy.lookups = privacy.lookups.filter((l) => l.subject_user_id !== user.id);
}
