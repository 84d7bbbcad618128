/**
 * Delegated staff (docs/product.md › Staff): PUT …/edit/staff-roles, members holding a manager
 * role using the console without Manage Server, members holding an updater role starting member
 * updates and using /update; each read live through the bot, never from the client.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../support/db';
import { useConsole } from '../../support/console';
import type { Session } from '../../support/fake-login';
import { GUILD_A, MAX, ROLE_HIGH, ROLE_LOW } from '../../support/world';

const { t, cast } = useConsole({ setUp: GUILD_A });
const A = `/api/v1/server/${GUILD_A}`;
const HELPERS = '130000000000000040'; // no permissions: Max's only way in
const UPDATERS = '130000000000000041';

beforeEach(() => {
  const guild = t.world.guilds.get(GUILD_A)!;
  guild.roles.push(
    { id: HELPERS, name: 'Helpers', position: 1, managed: false, permissions: '0' },
    { id: UPDATERS, name: 'Updaters', position: 1, managed: false, permissions: '0' },
  );
});

const call = (s: Session, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: s.headers, ...(payload ? { payload } : {}) });
const setStaff = (s: Session, managers: string[], updaters: string[] = []) =>
  call(s, 'PUT', `${A}/edit/staff-roles`, {
    manager_role_ids: managers,
    updater_role_ids: updaters,
  });
const giveMax = (...roles: string[]) =>
  (t.world.guilds.get(GUILD_A)!.members.get(MAX)!.roles = [...roles]);
const renameTo = (s: Session, template: string) =>
  call(s, 'PUT', `${A}/edit/nickname`, { nickname_template: template });
const auditOf = (setting: string) =>
  queryRows<{ before: string | null; after: string | null; actor_discord_id: string }>(
    t.tdb.database,
    sql`SELECT before, after, actor_discord_id FROM setting_changes WHERE setting = ${setting}`,
  );

describe('PUT …/edit/staff-roles', () => {
  it('saves both lists, answers them in the config, and writes the audit entry', async () => {
    const res = await setStaff(cast.owner, [HELPERS], [UPDATERS]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.server_config.staff_roles).toEqual({
      manager_role_ids: [HELPERS],
      updater_role_ids: [UPDATERS],
    });
    const config = await call(cast.owner, 'GET', `${A}/config`);
    expect(config.json().data.server_config.staff_roles.manager_role_ids).toEqual([HELPERS]);
    expect(await auditOf('staff_roles')).toEqual([
      {
        before: null,
        after: 'managers: Helpers; updaters: Updaters',
        actor_discord_id: expect.any(String),
      },
    ]);
  });

  it.each([
    [
      'an unknown role',
      { manager_role_ids: ['130000000000000099'], updater_role_ids: [] },
      'role_not_found',
      'body.manager_role_ids[0]: the role 130000000000000099 does not exist in this server.',
    ],
    [
      '@everyone',
      { manager_role_ids: [], updater_role_ids: [GUILD_A] },
      'role_not_allowed',
      'body.updater_role_ids[0]: @everyone cannot be a staff role: everyone would have it.',
    ],
  ])(
    'refuses %s with 400 naming it, and changes nothing',
    async (_what, payload, code, message) => {
      const res = await call(cast.owner, 'PUT', `${A}/edit/staff-roles`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, error: code, message });
      expect(await auditOf('staff_roles')).toEqual([]);
    },
  );

  it('refuses more than 10 roles, duplicates and a field left out (400)', async () => {
    const eleven = Array.from(
      { length: 11 },
      (_, i) => `1300000000000001${String(i).padStart(2, '0')}`,
    );
    for (const payload of [
      { manager_role_ids: eleven, updater_role_ids: [] },
      { manager_role_ids: [HELPERS, HELPERS], updater_role_ids: [] },
      { manager_role_ids: [HELPERS] },
    ]) {
      const res = await call(cast.owner, 'PUT', `${A}/edit/staff-roles`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('refuses members and strangers (403)', async () => {
    for (const s of [cast.member, cast.stranger])
      expect((await setStaff(s, [HELPERS])).json().error).toBe('not_server_manager');
  });
});

describe('a member holding a manager role', () => {
  beforeEach(async () => {
    expect((await setStaff(cast.owner, [HELPERS])).statusCode).toBe(200);
  });

  it('uses the console without Manage Server, and sees the server in their list with staff', async () => {
    expect((await renameTo(cast.member, '{roblox-name}')).statusCode).toBe(403);
    giveMax(HELPERS);
    expect((await call(cast.member, 'GET', `${A}/edit`)).statusCode).toBe(200);
    const saved = await renameTo(cast.member, '{roblox-name} (staff)');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.server_config.nickname_template).toBe('{roblox-name} (staff)');
    const list = await call(cast.member, 'POST', '/api/v1/dashboard/user/sync-servers');
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ server_id: GUILD_A, can_manage: false, staff: true }),
    );
  });

  it('may not widen the staff roles (403 manage_server_only), nor through an import', async () => {
    giveMax(HELPERS);
    const res = await setStaff(cast.member, [HELPERS, ROLE_LOW]);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('manage_server_only');
    const backup = (await call(cast.owner, 'GET', `${A}/config/export`)).json().data;
    backup.staff_roles.manager_roles.push({ id: ROLE_LOW, name: 'Low' });
    const imported = await call(cast.member, 'POST', `${A}/config/import?dry_run=false`, backup);
    expect(imported.statusCode).toBe(403);
    expect(imported.json().error).toBe('manage_server_only');
    const config = (await call(cast.owner, 'GET', `${A}/config`)).json().data.server_config;
    expect(config.staff_roles.manager_role_ids).toEqual([HELPERS]);
  });

  it('may not make what outlives their role: an API key or a webhook (403 manage_server_only)', async () => {
    giveMax(HELPERS);
    const key = await call(cast.member, 'POST', `${A}/api-keys`, { name: 'Mine' });
    expect(key.statusCode).toBe(403);
    expect(key.json().error).toBe('manage_server_only');
    const hook = await call(cast.member, 'PUT', `${A}/webhook`, {
      url: 'https://example.com/hook',
    });
    expect(hook.statusCode).toBe(403);
    expect(hook.json().error).toBe('manage_server_only');
    expect((await call(cast.owner, 'POST', `${A}/api-keys`, { name: 'Owner' })).statusCode).toBe(
      201,
    );
  });

  it('may not have the bot give a role at or above their own', async () => {
    giveMax(HELPERS);
    const res = await call(cast.member, 'PUT', `${A}/edit/verified-role`, {
      verified_role_name: 'High',
      verified_role_id: ROLE_HIGH,
    });
    expect(res.statusCode).toBe(409);
  });

  it('may not turn on kick without Kick Members of their own', async () => {
    giveMax(HELPERS);
    const res = await call(cast.member, 'PUT', `${A}/edit/restrictions`, {
      min_account_age_days: 30,
      blocked_roblox_user_ids: [],
      blocked_group_ids: [],
      action: 'kick',
    });
    expect(res.statusCode).toBe(403);
  });

  it('loses access at once when the role is taken away in Discord', async () => {
    giveMax(HELPERS);
    expect((await renameTo(cast.member, '{roblox-name} A')).statusCode).toBe(200);
    giveMax();
    const res = await renameTo(cast.member, '{roblox-name} B');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('not_server_manager');
    // and the cheap reads and the server list follow the last live read
    expect((await call(cast.member, 'GET', `${A}/config`)).statusCode).toBe(403);
    const list = await call(cast.member, 'GET', '/api/v1/dashboard/user/servers');
    expect(list.json().data.map((s: { server_id: string }) => s.server_id)).not.toContain(GUILD_A);
  });

  it('loses access at once when the owner takes the role off the staff roles', async () => {
    giveMax(HELPERS);
    expect((await setStaff(cast.owner, [])).statusCode).toBe(200);
    expect((await renameTo(cast.member, '{roblox-name} C')).statusCode).toBe(403);
  });
});

describe('a member holding an updater role', () => {
  beforeEach(async () => {
    expect((await setStaff(cast.owner, [], [UPDATERS])).statusCode).toBe(200);
    giveMax(UPDATERS);
  });

  it('starts a member update and follows it', async () => {
    const started = await call(cast.member, 'POST', `${A}/members/update`);
    expect(started.statusCode).toBe(202);
    const job = await call(cast.member, 'GET', `${A}/members/update/${started.json().data.job_id}`);
    expect(job.statusCode).toBe(200);
  });

  it('is refused every console write and read (403)', async () => {
    expect((await renameTo(cast.member, '{roblox-name} D')).json().error).toBe(
      'not_server_manager',
    );
    expect((await call(cast.member, 'GET', `${A}/edit`)).statusCode).toBe(403);
    expect((await setStaff(cast.member, [UPDATERS])).statusCode).toBe(403);
    expect((await call(cast.member, 'GET', `${A}/config/export`)).statusCode).toBe(403);
  });

  it('may not start a run once the role is gone', async () => {
    giveMax();
    const res = await call(cast.member, 'POST', `${A}/members/update`);
    expect(res.statusCode).toBe(403);
  });
});

it('a Manage Server member (not the owner) may change the staff roles', async () => {
  expect((await setStaff(cast.manager, [HELPERS])).statusCode).toBe(200);
});
