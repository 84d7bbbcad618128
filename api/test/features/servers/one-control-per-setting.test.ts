import { sql } from 'drizzle-orm';
import { effectiveNicknameTemplate } from '@roconnect/shared-lib/contract';
import { useFakeApp } from '../../support/harness';
import { callAs, completeSetup, type Session } from '../../support/fake-login';
import { consoleWorld, EXTRA_ROLE, GROUP2, signInCast, type Cast } from '../../support/console';
import { GROUP, GUILD_A, ROLE_LOW } from '../../support/world';

const t = useFakeApp(consoleWorld);
let cast: Cast;
const BADGE = '2124000002';
const PASS = '50000002';
beforeEach(async () => {
  cast = await signInCast(t.app);
  t.world.robloxItems.set(`badge:${BADGE}`, 'Obby Champion');
  t.world.robloxItems.set(`gamepass:${PASS}`, 'VIP Pass');
});

const A = `/api/v1/server/${GUILD_A}`;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  s: Session = cast.owner,
) => callAs(t.app, s, method, url, payload);
const config = async () => (await call('GET', `${A}/config`)).json().data.server_config;
/** The stored binds as `rule → role name`, in order. */
const bindsNow = async () =>
  ((await call('GET', `${A}/binds`)).json().data.binds as Record<string, unknown>[]).map((b) =>
    b.kind === 'group'
      ? `group ${b.group_id} ${b.min_rank}–${b.max_rank} → ${b.role_name}`
      : `${b.kind} ${b.badge_id ?? b.gamepass_id} → ${b.role_name}`,
  );

/** Group 7001 linked by the wizard (one bind per rank), then a list with every other kind of bind. */
async function serverWithEveryKindOfBind() {
  await completeSetup(t.app, cast.owner, GUILD_A, { group_id: GROUP });
  const saved = (await call('GET', `${A}/binds`)).json().data.binds as Record<string, unknown>[];
  const keep = saved.map(({ group_id, min_rank, max_rank, role_id }) => ({
    group_id,
    min_rank,
    max_rank,
    role_id,
  }));
  const put = await call('PUT', `${A}/binds`, {
    binds: [
      ...keep,
      { group_id: GROUP, min_rank: 100, max_rank: 255, role_id: EXTRA_ROLE },
      { group_id: GROUP2, min_rank: 10, max_rank: 255, role_id: ROLE_LOW },
      { kind: 'badge', badge_id: BADGE, role_id: ROLE_LOW },
      { kind: 'gamepass', gamepass_id: PASS, role_id: EXTRA_ROLE },
    ],
  });
  expect(put.statusCode).toBe(200);
  expect(await bindsNow()).toEqual([
    `group ${GROUP} 1–1 → Member`,
    `group ${GROUP} 50–50 → Officer`,
    `group ${GROUP} 255–255 → Owner`,
    `group ${GROUP} 100–255 → Extra`,
    `group ${GROUP2} 10–255 → Low`,
    `badge ${BADGE} → Low`,
    `gamepass ${PASS} → Extra`,
  ]);
}

const OTHER_BINDS = [
  `group ${GROUP2} 10–255 → Low`,
  `badge ${BADGE} → Low`,
  `gamepass ${PASS} → Extra`,
];

describe('Save Group (PUT …/edit/group)', () => {
  it("replaces only that group's rank binds: badge, game pass and other groups' binds stay", async () => {
    await serverWithEveryKindOfBind();
    const res = await call('PUT', `${A}/edit/group`, { group_id: GROUP });
    expect(res.statusCode).toBe(200);
    expect(await bindsNow()).toEqual([
      `group ${GROUP} 1–1 → Member`,
      `group ${GROUP} 50–50 → Officer`,
      `group ${GROUP} 255–255 → Owner`,
      ...OTHER_BINDS,
    ]);
  });

  it('a group not bound yet is added first and becomes the server’s group; the old one’s binds stay', async () => {
    await serverWithEveryKindOfBind();
    const res = await call('PUT', `${A}/edit/group`, { group_id: GROUP2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.server_config.group_id).toBe(GROUP2);
    expect(await bindsNow()).toEqual([
      `group ${GROUP2} 10–10 → Recruit`,
      `group ${GROUP2} 100–100 → Ranger`,
      `group ${GROUP2} 255–255 → Chief`,
      `group ${GROUP} 1–1 → Member`,
      `group ${GROUP} 50–50 → Officer`,
      `group ${GROUP} 255–255 → Owner`,
      `group ${GROUP} 100–255 → Extra`,
      `badge ${BADGE} → Low`,
      `gamepass ${PASS} → Extra`,
    ]);
  });
});

describe('removing the group integration (DELETE …/edit/group)', () => {
  it("removes the server's group's binds only, and the next bound group becomes its group", async () => {
    await serverWithEveryKindOfBind();
    const res = await call('DELETE', `${A}/edit/group`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.server_config.group_id).toBe(GROUP2);
    expect(await bindsNow()).toEqual(OTHER_BINDS);
    expect((await call('GET', `${A}/edit`)).json().data.group).toMatchObject({ id: GROUP2 });

    // the audit log says what went, and what stayed
    const audit = (await call('GET', `${A}/audit`)).json().data.entries as {
      setting?: string;
      before: string | null;
      after: string | null;
    }[];
    const change = audit.find((e) => e.setting === 'binds')!;
    expect(change.before).toContain(`group ${GROUP} rank 1 → Member`);
    expect(change.after).not.toContain(`group ${GROUP} `);
    expect(change.after).toContain(`badge ${BADGE} → Low`);

    // again: the second group goes, the badge and game pass binds stay; then nothing is left to remove
    expect((await call('DELETE', `${A}/edit/group`)).json().data.server_config.group_id).toBeNull();
    expect(await bindsNow()).toEqual(OTHER_BINDS.slice(1));
    const none = await call('DELETE', `${A}/edit/group`);
    expect(none.statusCode).toBe(200);
    expect(await bindsNow()).toEqual(OTHER_BINDS.slice(1));
  });

  it('only a manager may remove it', async () => {
    await serverWithEveryKindOfBind();
    for (const who of ['member', 'stranger'] as const) {
      const res = await call('DELETE', `${A}/edit/group`, undefined, cast[who]);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('not_server_manager');
    }
    expect(await bindsNow()).toHaveLength(7);
    expect((await t.app.inject({ method: 'DELETE', url: `${A}/edit/group` })).statusCode).toBe(401);
    const manager = await call('DELETE', `${A}/edit/group`, undefined, cast.manager);
    expect(manager.statusCode).toBe(200);
    expect(await bindsNow()).toEqual(OTHER_BINDS);
  });
});

describe('the nickname: a format and a template never disagree', () => {
  /** The config's two fields say one template, and it is the one in force. */
  async function expectNickname(template: string) {
    const c = await config();
    expect(effectiveNicknameTemplate(c.nickname_format, c.nickname_template)).toBe(template);
    return c;
  }
  /** The nickname in force is `template`, stored as the format `format` and no template. */
  async function expectFormat(template: string, format: string) {
    expect(await expectNickname(template)).toMatchObject({
      nickname_format: format,
      nickname_template: null,
    });
  }

  beforeEach(async () => {
    await completeSetup(t.app, cast.owner, GUILD_A);
  });

  it('a template of its own leaves no earlier format behind', async () => {
    await call('PUT', `${A}/edit/nickname`, { nickname_format: 'discord_display' });
    const res = await call('PUT', `${A}/edit/nickname`, { nickname_template: 'VIP {roblox-name}' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.server_config).toMatchObject({
      nickname_format: 'roblox_username',
      nickname_template: 'VIP {roblox-name}',
    });
    await expectNickname('VIP {roblox-name}');
  });

  it('a template equal to a format is that format; a format replaces a template', async () => {
    await call('PUT', `${A}/edit/nickname`, { nickname_template: 'VIP {roblox-name}' });
    await call('PUT', `${A}/edit/nickname`, {
      nickname_template: '{discord-name} ({roblox-name})',
    });
    await expectFormat('{discord-name} ({roblox-name})', 'discord_display_with_roblox');
    await call('PUT', `${A}/edit/nickname`, { nickname_template: 'VIP {roblox-name}' });
    await call('PUT', `${A}/edit/nickname`, { nickname_format: 'none' });
    await expectFormat('', 'none');
  });

  it('the wizard’s format is the nickname, even after a template of its own', async () => {
    await call('PUT', `${A}/edit/nickname`, { nickname_template: 'VIP {roblox-name}' });
    await call('POST', `${A}/setup/nickname`, { nickname_format: 'roblox_display' });
    await expectFormat('{display-name}', 'roblox_display');
  });

  it('a row stored otherwise (an older replica) is read in the one form', async () => {
    const db = t.tdb.database.db;
    await db.execute(
      sql`UPDATE guild_configs SET nickname_format = 'none', nickname_template = '{display-name}' WHERE guild_id = ${GUILD_A}`,
    );
    await expectFormat('{display-name}', 'roblox_display');
    await db.execute(
      sql`UPDATE guild_configs SET nickname_format = 'discord_username', nickname_template = 'X {roblox-name}' WHERE guild_id = ${GUILD_A}`,
    );
    expect(await expectNickname('X {roblox-name}')).toMatchObject({
      nickname_format: 'roblox_username',
    });
  });
});
