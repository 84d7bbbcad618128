import { sql } from 'drizzle-orm';
import {
  applyUnverifiedRole,
  unverifiedRoleChange,
} from '../../../src/domain/verification/unverified-role';
import type { DiscordRole } from '../../../src/integrations/types';
import { queryRows } from '../../support/db';
import { callAs, completeSetup, type Session } from '../../support/fake-login';
import {
  CONSOLE_ACCESS,
  EXTRA_ROLE,
  linkedAccountId,
  settingChanges,
  STAFF_ROLE,
  useConsole,
  verifyAs,
} from '../../support/console';
import { GROUP, GUILD_A, GUILD_B, MAX, PETE, ROLE_HIGH, ROLE_LOW } from '../../support/world';

const { t, cast } = useConsole();

const put = (s: Session, unverified_role_id: string | null, guildId = GUILD_A) =>
  callAs(t.app, s, 'PUT', `/api/v1/server/${guildId}/edit/unverified-role`, { unverified_role_id });
const guild = () => t.world.guilds.get(GUILD_A)!;

describe('PUT /api/v1/server/{id}/edit/unverified-role', () => {
  it.each(CONSOLE_ACCESS)('as the %s: %i', async (who, status) => {
    const res = await put(cast[who], EXTRA_ROLE);
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.json().data.server_config.unverified_role_id).toBe(EXTRA_ROLE);
    else expect(res.json().error).toBe('not_server_manager');
  });

  it('answers 401 without a sign-in', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/server/${GUILD_A}/edit/unverified-role`,
      payload: { unverified_role_id: null },
    });
    expect(res.statusCode).toBe(401);
  });

  it('sets, shows in the config, turns off with null, and records who changed it', async () => {
    expect((await put(cast.owner, ROLE_LOW)).statusCode).toBe(200);
    const config = await t.app.inject({
      method: 'GET',
      url: `/api/v1/server/${GUILD_A}/config`,
      headers: cast.owner.headers,
    });
    expect(config.json().data.server_config.unverified_role_id).toBe(ROLE_LOW);
    const off = await put(cast.manager, null);
    expect(off.json().data.server_config.unverified_role_id).toBeNull();
    expect(await settingChanges(t)).toEqual([
      {
        setting: 'unverified_role',
        before: null,
        after: `Low (${ROLE_LOW})`,
        actor_username: 'owner_olivia',
      },
      {
        setting: 'unverified_role',
        before: `Low (${ROLE_LOW})`,
        after: null,
        actor_username: 'mod_mo',
      },
    ]);
  });

  it.each([
    ['199999999999999999', 404, 'role_not_found'],
    [ROLE_HIGH, 409, 'role_above_bot'],
    [STAFF_ROLE, 409, 'role_too_powerful'],
  ])('refuses %s (%i %s)', async (roleId, status, code) => {
    const res = await put(cast.owner, roleId);
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(code);
  });

  it('refuses the verified role and a bound role, naming the field', async () => {
    await completeSetup(t.app, cast.owner, GUILD_A);
    const verifiedRoleId = guild().roles.find((r) => r.name === 'Verified')!.id;
    const same = await put(cast.owner, verifiedRoleId);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toMatch(/^body\.unverified_role_id is the verified role/);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/server/${GUILD_A}/binds`,
      headers: cast.owner.headers,
      payload: { binds: [{ group_id: GROUP, min_rank: 1, max_rank: 1, role_id: ROLE_LOW }] },
    });
    const bound = await put(cast.owner, ROLE_LOW);
    expect(bound.statusCode).toBe(400);
    expect(bound.json().message).toMatch(/^body\.unverified_role_id is bound/);
  });

  it('refuses a bad id with a clear message and needs the bot to set a role', async () => {
    const bad = await put(cast.owner, 'everyone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'body.unverified_role_id must be a Discord id (17 to 20 digits) or null',
    );
    const noBot = await put(cast.owner, ROLE_LOW, GUILD_B);
    expect(noBot.statusCode).toBe(409);
    expect(noBot.json().error).toBe('bot_not_in_server');
    expect((await put(cast.owner, null, GUILD_B)).statusCode).toBe(200);
  });

  it('binds refuse the unverified role', async () => {
    await put(cast.owner, ROLE_LOW);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/server/${GUILD_A}/binds`,
      headers: cast.owner.headers,
      payload: { binds: [{ group_id: GROUP, min_rank: 1, max_rank: 1, role_id: ROLE_LOW }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body\.binds\[0\]: "Low" is the unverified role/);
  });
});

describe('the unverified role on members', () => {
  it('is taken away when the member verifies, and the audit says so', async () => {
    await completeSetup(t.app, cast.owner, GUILD_A);
    await put(cast.owner, EXTRA_ROLE);
    guild().members.get(MAX)!.roles.push(EXTRA_ROLE);
    const account = await linkedAccountId(t.app, cast.member, PETE);
    const res = await verifyAs(t.app, cast.member, GUILD_A, account);
    expect(res.json().data).toMatchObject({ roles_added: ['Verified'], roles_removed: ['Extra'] });
    expect(guild().members.get(MAX)!.roles).not.toContain(EXTRA_ROLE);
    const [row] = await queryRows(t.tdb.database, sql`SELECT roles_removed FROM verifications`);
    expect(row).toEqual({ roles_removed: ['Extra'] });
  });

  /** applyUnverifiedRole for Max in GUILD_A, the unverified role being EXTRA_ROLE. */
  const unverifiedRoleForMax = ({
    holding,
    ...rest
  }: {
    holding: string[];
    isVerified: boolean;
    roles?: DiscordRole[];
  }) =>
    applyUnverifiedRole(t.app.ctx, {
      guildId: GUILD_A,
      config: { unverifiedRoleId: EXTRA_ROLE },
      member: { user_id: MAX, nick: null, roles: holding },
      ...rest,
    });

  it('is given to a member who is not verified by applyUnverifiedRole (the server-wide update)', async () => {
    const given = await unverifiedRoleForMax({ holding: [], isVerified: false });
    expect(given).toEqual({ added: [EXTRA_ROLE], removed: [], warnings: [] });
    expect(guild().members.get(MAX)!.roles).toEqual([EXTRA_ROLE]);
    const taken = await unverifiedRoleForMax({ holding: [EXTRA_ROLE], isVerified: true });
    expect(taken).toEqual({ added: [], removed: [EXTRA_ROLE], warnings: [] });
    expect(guild().members.get(MAX)!.roles).toEqual([]);
  });

  it('is not given once it gained a moderator permission (N7): a warning, and the member is left as they were', async () => {
    guild().roles.find((r) => r.id === EXTRA_ROLE)!.permissions = String(1n << 28n); // Manage Roles
    const out = await unverifiedRoleForMax({ holding: [], isVerified: false });
    expect(out.added).toEqual([]);
    expect(out.warnings).toEqual([expect.stringMatching(/now has the Manage Roles permission/)]);
    expect(guild().members.get(MAX)!.roles).toEqual([]);
    // a batch hands in the roles it read for the slice: the same check applies
    const fromBatch = await unverifiedRoleForMax({
      holding: [],
      isVerified: false,
      roles: guild().roles,
    });
    expect(fromBatch.added).toEqual([]);
    expect(guild().members.get(MAX)!.roles).toEqual([]);
  });

  it('a refusal by Discord is a warning, never a throw', async () => {
    const out = await applyUnverifiedRole(t.app.ctx, {
      guildId: GUILD_A,
      config: { unverifiedRoleId: ROLE_HIGH },
      member: { user_id: MAX, nick: null, roles: [] },
      isVerified: false,
    });
    expect(out.added).toEqual([]);
    expect(out.warnings).toEqual([
      expect.stringMatching(/^Discord refused to change the unverified role/),
    ]);
    const gone = await applyUnverifiedRole(t.app.ctx, {
      guildId: GUILD_A,
      config: { unverifiedRoleId: '199999999999999999' },
      member: { user_id: MAX, nick: null, roles: [] },
      isVerified: false,
    });
    expect(gone.warnings).toEqual([expect.stringMatching(/no longer exists/)]);
  });

  it.each([
    [null, [], false, { add: null, remove: null }],
    [EXTRA_ROLE, [], false, { add: EXTRA_ROLE, remove: null }],
    [EXTRA_ROLE, [EXTRA_ROLE], false, { add: null, remove: null }],
    [EXTRA_ROLE, [EXTRA_ROLE], true, { add: null, remove: EXTRA_ROLE }],
    [EXTRA_ROLE, [], true, { add: null, remove: null }],
  ])('unverifiedRoleChange(role %s, has %j, verified %s) → %j', (roleId, roles, verified, want) => {
    expect(unverifiedRoleChange({ unverifiedRoleId: roleId }, { roles }, verified)).toEqual(want);
  });
});
