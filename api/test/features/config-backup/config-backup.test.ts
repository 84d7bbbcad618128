/**
 * Backup and import (docs/product.md › Backup and import): GET …/config/export and
 * POST …/config/import?dry_run=, roles and channels matched by id, then by name.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../support/db';
import { EXTRA_ROLE, useConsole } from '../../support/console';
import type { Session } from '../../support/fake-login';
import { GROUP, GUILD_A, GUILD_C, ROLE_LOW } from '../../support/world';

const { t, cast } = useConsole({ setUp: GUILD_A });
const A = `/api/v1/server/${GUILD_A}`;
const C = `/api/v1/server/${GUILD_C}`;
const OWN_WORDS = {
  verified_dm: 'Welcome aboard, {roblox-name}!',
  welcome_dm: null,
  verify_message: {
    title: 'Verify for {server-name}',
    body: 'Press the button.',
    button_label: 'Go',
  },
};

const call = (s: Session, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: s.headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const exportOf = async (s: Session, base: string) => {
  const res = await call(s, 'GET', `${base}/config/export`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
/** The backup with every Discord id left out: two servers' backups compare by names. */
const idsAside = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (key, v) => (key === 'id' ? undefined : v));

/** Guild C's roles with the names of A's (other ids), all below the bot's highest role there. */
function rolesInC(names: string[]) {
  const c = t.world.guilds.get(GUILD_C)!;
  names.forEach((name, i) =>
    c.roles.push({
      id: `13000000000000090${i}`,
      name,
      position: i + 1,
      managed: false,
      permissions: '0',
    }),
  );
}

beforeEach(async () => {
  // A's configuration beyond its setup: binds, bypass roles, restrictions, staff roles
  const steps = [
    await call(cast.owner, 'PUT', `${A}/binds`, {
      binds: [{ group_id: GROUP, min_rank: 1, max_rank: 1, role_id: ROLE_LOW, priority: 2 }],
    }),
    await call(cast.owner, 'PUT', `${A}/edit/bypass-roles`, {
      nickname_bypass_role_ids: [EXTRA_ROLE],
      role_bypass_role_ids: [],
    }),
    await call(cast.owner, 'PUT', `${A}/edit/restrictions`, {
      min_account_age_days: 30,
      blocked_roblox_user_ids: ['999'],
      blocked_group_ids: [],
      action: 'deny',
    }),
    await call(cast.owner, 'PUT', `${A}/edit/staff-roles`, {
      manager_role_ids: [EXTRA_ROLE],
      updater_role_ids: [ROLE_LOW],
    }),
    await call(cast.owner, 'PUT', `${A}/edit/messages`, OWN_WORDS),
  ];
  for (const s of steps) expect(s.statusCode).toBe(200);
});

describe('GET …/config/export', () => {
  it('answers the whole configuration, versioned, with roles by id and name and no secrets', async () => {
    const backup = await exportOf(cast.owner, A);
    expect(Object.keys(backup).sort()).toEqual(
      ['binds', 'messages', 'restrictions', 'settings', 'staff_roles', 'version'].sort(),
    );
    expect(backup.version).toBe(1);
    expect(backup.settings.verified_role).toEqual({ id: expect.any(String), name: 'Verified' });
    expect(backup.settings.nickname_bypass_roles).toEqual([{ id: EXTRA_ROLE, name: 'Extra' }]);
    expect(backup.binds).toEqual([
      expect.objectContaining({
        kind: 'group',
        group_id: GROUP,
        min_rank: 1,
        priority: 2,
        role: { id: ROLE_LOW, name: 'Low' },
      }),
    ]);
    expect(backup.staff_roles).toEqual({
      manager_roles: [{ id: EXTRA_ROLE, name: 'Extra' }],
      updater_roles: [{ id: ROLE_LOW, name: 'Low' }],
    });
    expect(backup.messages).toEqual(OWN_WORDS);
    expect(JSON.stringify(backup)).not.toMatch(/secret|token|api_key|webhook/i);
  });

  it('is refused to members and strangers (403)', async () => {
    for (const s of [cast.member, cast.stranger])
      expect((await call(s, 'GET', `${A}/config/export`)).statusCode).toBe(403);
  });
});

describe('POST …/config/import', () => {
  it('dry run on another server: lists what would change and the roles it cannot match, and changes nothing', async () => {
    rolesInC(['Verified']);
    const backup = await exportOf(cast.owner, A);
    const before = await exportOf(cast.manager, C);
    const res = await call(cast.manager, 'POST', `${C}/config/import?dry_run=true`, backup);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.dry_run).toBe(true);
    expect(data.applied).toBe(false);
    expect(data.unmatched_roles).toEqual(
      expect.arrayContaining([
        { id: EXTRA_ROLE, name: 'Extra', field: 'settings.nickname_bypass_roles[0]' },
        { id: ROLE_LOW, name: 'Low', field: 'binds[0].role' },
        { id: EXTRA_ROLE, name: 'Extra', field: 'staff_roles.manager_roles[0]' },
      ]),
    );
    expect(data.unmatched_roles.map((r: { name: string }) => r.name)).not.toContain('Verified');
    expect(data.changes).toContainEqual({
      field: 'settings.verified_role',
      before: 'none',
      after: 'Verified',
    });
    expect(data.changes).toContainEqual(expect.objectContaining({ field: 'restrictions' }));
    expect(await exportOf(cast.manager, C)).toEqual(before);
    const audit = await queryRows(
      t.tdb.database,
      sql`SELECT 1 FROM setting_changes WHERE guild_id = ${GUILD_C}`,
    );
    expect(audit).toEqual([]);
  });

  it('real run reproduces the configuration: export → import → export is the same, ids aside; audited', async () => {
    rolesInC(['Verified', 'Extra', 'Low']);
    const backup = await exportOf(cast.owner, A);
    const res = await call(cast.manager, 'POST', `${C}/config/import?dry_run=false`, backup);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ dry_run: false, applied: true, unmatched_roles: [] });
    expect(idsAside(await exportOf(cast.manager, C))).toEqual(idsAside(backup));
    const [entry] = await queryRows<{ setting: string; after: string }>(
      t.tdb.database,
      sql`SELECT setting, after FROM setting_changes WHERE guild_id = ${GUILD_C}`,
    );
    expect(entry!.setting).toBe('config_import');
    expect(entry!.after).toContain('staff_roles: manager_roles: Extra; updater_roles: Low');
    // the same file again changes nothing
    const again = await call(cast.manager, 'POST', `${C}/config/import?dry_run=true`, backup);
    expect(again.json().data.changes).toEqual([]);
  });

  it('a failure mid-import leaves nothing changed (one transaction)', async () => {
    rolesInC(['Verified', 'Extra', 'Low']);
    const backup = await exportOf(cast.owner, A);
    const before = await exportOf(cast.manager, C);
    // the binds are written after the settings: make that write fail
    await queryRows(
      t.tdb.database,
      sql`
      CREATE FUNCTION refuse_binds() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'binds refused by the test'; END $$`,
    );
    await queryRows(
      t.tdb.database,
      sql`CREATE TRIGGER refuse_binds BEFORE INSERT ON group_binds FOR EACH ROW EXECUTE FUNCTION refuse_binds()`,
    );
    try {
      const res = await call(cast.manager, 'POST', `${C}/config/import?dry_run=false`, backup);
      expect(res.statusCode).toBe(500);
      expect(await exportOf(cast.manager, C)).toEqual(before);
    } finally {
      await queryRows(t.tdb.database, sql`DROP TRIGGER refuse_binds ON group_binds`);
      await queryRows(t.tdb.database, sql`DROP FUNCTION refuse_binds()`);
    }
  });

  it.each([
    [
      'an unknown version',
      { version: 2 },
      'unsupported_version',
      /version 2; RoConnect reads version 1/,
    ],
    ['no version', { settings: {} }, 'unsupported_version', /body.version is missing/],
  ])('refuses %s (400, named)', async (_what, body, code, message) => {
    const res = await call(cast.owner, 'POST', `${A}/config/import?dry_run=true`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: code,
      message: expect.stringMatching(message),
    });
  });

  it('refuses a bad field with 400 naming it, a bad bind, and a missing dry_run', async () => {
    const backup = await exportOf(cast.owner, A);
    const badField = await call(cast.owner, 'POST', `${A}/config/import?dry_run=true`, {
      ...backup,
      settings: { ...backup.settings, join_handling: 'sometimes' },
    });
    expect(badField.statusCode).toBe(400);
    expect(badField.json().message).toContain('join_handling');
    const badWords = await call(cast.owner, 'POST', `${A}/config/import?dry_run=true`, {
      ...backup,
      messages: { ...backup.messages, verified_dm: 'Hello @everyone' },
    });
    expect(badWords.statusCode).toBe(400);
    expect(badWords.json().message).toMatch(/^body\.messages\.verified_dm/);
    const badBind = await call(cast.owner, 'POST', `${A}/config/import?dry_run=true`, {
      ...backup,
      binds: [{ ...backup.binds[0], min_rank: 200, max_rank: 1 }],
    });
    expect(badBind.statusCode).toBe(400);
    expect(badBind.json().message).toBe('body.binds[0].min_rank is above its max_rank.');
    const noMode = await call(cast.owner, 'POST', `${A}/config/import`, backup);
    expect(noMode.statusCode).toBe(400);
  });

  it('holds a kick to the importer’s own right: a manager without Kick Members is refused (403), nothing changes', async () => {
    const backup = await exportOf(cast.owner, A);
    const kick = { ...backup, restrictions: { ...backup.restrictions, action: 'kick' } };
    const res = await call(cast.manager, 'POST', `${A}/config/import?dry_run=false`, kick);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('missing_kick_members');
    expect((await exportOf(cast.owner, A)).restrictions.action).toBe('deny');
  });

  it('refuses a body over the limit (413)', async () => {
    const backup = await exportOf(cast.owner, A);
    const huge = { ...backup, padding: 'x'.repeat(300 * 1024) };
    const res = await call(cast.owner, 'POST', `${A}/config/import?dry_run=true`, huge);
    expect(res.statusCode).toBe(413);
  });

  it('is refused to members and strangers (403)', async () => {
    const backup = await exportOf(cast.owner, A);
    for (const s of [cast.member, cast.stranger])
      expect((await call(s, 'POST', `${A}/config/import?dry_run=true`, backup)).statusCode).toBe(
        403,
      );
  });
});
