/**
 * docs/security.md › Threats and defences (N12): the purge deletes what is past its retention (AUDIT_RETENTION_DAYS,
 * JOB_RETENTION_DAYS, Discord tokens of users with no live session) and keeps what the product
 * still shows.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  discordTokens,
  memberUpdateItems,
  memberUpdateRuns,
  settingChanges,
  users,
  verifications,
} from '../../../src/db/schema';
import { purgePastRetention } from '../../../src/domain/maintenance/purge';
import { ConfigError, loadSettings } from '../../../src/config';
import { buildApp } from '../../../src/app';
import { testSettings } from '../../support/app';
import { linkedAccountId, useConsole, verifyAs } from '../../support/console';
import { createFakeIntegrations } from '../../support/fake-integrations';
import { callAs, completeSetup, loginAs, type Session } from '../../support/fake-login';
import { until } from '../../support/until';
import { GROUP, GUILD_A, GUILD_B, GUILD_C, MAX, OLIVIA, PETE, ROLE_LOW } from '../../support/world';

const { t, cast } = useConsole();
const db = () => t.tdb.database.db;

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
const RETENTION = { auditRetentionDays: 365, jobRetentionDays: 30, robloxGroupCacheSeconds: 600 };
const A = `/api/v1/server/${GUILD_A}`;
const call = (s: Session, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: s.headers, ...(payload ? { payload } : {}) });

describe('the audit log past AUDIT_RETENTION_DAYS', () => {
  it('goes, but each member’s newest verification stays, with every role the bot gave', async () => {
    await completeSetup(t.app, cast.owner, GUILD_A);
    await call(cast.owner, 'PUT', `${A}/binds`, {
      binds: [{ group_id: GROUP, min_rank: 1, max_rank: 1, role_id: ROLE_LOW }],
    });
    const account = await linkedAccountId(t.app, cast.member, PETE);
    expect((await verifyAs(t.app, cast.member, GUILD_A, account)).statusCode).toBe(200); // gives Verified and Low
    expect((await verifyAs(t.app, cast.member, GUILD_A, account)).statusCode).toBe(200); // gives nothing new
    const [max] = await db().select().from(users).where(eq(users.discordId, MAX));
    // an old entry of an account unlinked since
    await db().insert(verifications).values({
      id: randomUUID(),
      guildId: GUILD_A,
      userId: max!.id,
      rolesAdded: [],
      rolesRemoved: [],
      dmSent: false,
      warnings: [],
    });
    // all of the above happened 400 days ago; then one recent change
    await db()
      .update(verifications)
      .set({ createdAt: ago(400 * DAY) });
    await db()
      .update(settingChanges)
      .set({ createdAt: ago(400 * DAY) });
    const oldChanges = (await db().select().from(settingChanges)).length;
    expect(
      (await call(cast.owner, 'PUT', `${A}/edit/nickname`, { nickname_format: 'none' })).statusCode,
    ).toBe(200);
    const before = await db().select().from(verifications).orderBy(verifications.createdAt);
    const given = before.flatMap((v) => v.roleIdsAdded);
    expect(new Set(given).size).toBe(2);

    const counts = await purgePastRetention(db(), RETENTION);
    expect(counts).toMatchObject({ verifications: 2, settingChanges: oldChanges });
    const left = await db().select().from(verifications);
    expect(left).toHaveLength(1);
    expect(left[0]!.robloxAccountId).toBe(account);
    expect(new Set(left[0]!.roleIdsAdded)).toEqual(new Set(given));
    const changes = await db().select().from(settingChanges);
    expect(changes.map((c) => c.setting)).toEqual(['nickname_format']);
    // the log shows what is left; the accounts page still says where the account verified
    const log = (await call(cast.owner, 'GET', `${A}/audit`)).json().data.entries;
    expect(log.map((e: { kind: string }) => e.kind)).toEqual(['setting_change', 'verification']);
    const linked = (await call(cast.member, 'GET', '/api/v1/dashboard/user/linked-accounts')).json()
      .data;
    expect(linked[0].verified_in.map((s: { server_id: string }) => s.server_id)).toEqual([GUILD_A]);
    // and unlinking takes back both roles the bot gave, as before the purge
    const unlinked = await call(
      cast.member,
      'DELETE',
      `/api/v1/dashboard/user/linked-account/${account}?remove_roles=true`,
    );
    expect(unlinked.json().data.cleanup[0].roles_removed.sort()).toEqual(['Low', 'Verified']);
  });

  it('keeps entries inside the retention untouched', async () => {
    await completeSetup(t.app, cast.owner, GUILD_A);
    await db()
      .update(settingChanges)
      .set({ createdAt: ago(364 * DAY) });
    const before = await db().select().from(settingChanges);
    expect(await purgePastRetention(db(), RETENTION)).toMatchObject({
      verifications: 0,
      settingChanges: 0,
    });
    expect(await db().select().from(settingChanges)).toEqual(before);
  });
});

describe('member updates past JOB_RETENTION_DAYS', () => {
  async function run(guildId: string, status: 'done' | 'cancelled' | 'running', age: number) {
    const id = randomUUID();
    await db()
      .insert(memberUpdateRuns)
      .values({
        id,
        guildId,
        status,
        createdAt: ago(age + 60_000),
        finishedAt: status === 'running' ? null : ago(age),
      });
    await db()
      .insert(memberUpdateItems)
      .values(
        ['1', '2'].map((n) => ({
          runId: id,
          discordId: `11000000000000009${n}`,
          state: 'done' as const,
          listedRoles: ['130000000000000001'],
          listedNick: null,
        })),
      );
    return id;
  }
  const itemsOf = async (id: string) =>
    (await db().select().from(memberUpdateItems).where(eq(memberUpdateItems.runId, id))).length;

  it('go, except each server’s latest; items go an hour after their run ends', async () => {
    const old = await run(GUILD_A, 'done', 40 * DAY);
    const latestButOld = await run(GUILD_A, 'done', 35 * DAY);
    const endedHoursAgo = await run(GUILD_B, 'cancelled', 3 * 60 * 60 * 1000);
    const justEnded = await run(GUILD_B, 'done', 10 * 60 * 1000);
    const running = await run(GUILD_C, 'running', 40 * DAY);

    const counts = await purgePastRetention(db(), RETENTION);
    expect(counts).toMatchObject({ memberUpdateRuns: 1, memberUpdateItems: 6 });
    const runs = await db().select({ id: memberUpdateRuns.id }).from(memberUpdateRuns);
    expect(runs.map((r) => r.id).sort()).toEqual(
      [latestButOld, endedHoursAgo, justEnded, running].sort(),
    );
    expect(await itemsOf(old)).toBe(0);
    expect(await itemsOf(latestButOld)).toBe(0);
    expect(await itemsOf(endedHoursAgo)).toBe(0);
    expect(await itemsOf(justEnded)).toBe(2);
    expect(await itemsOf(running)).toBe(2);
    // the page still shows the server's latest run
    const latest = await call(cast.owner, 'GET', `${A}/members/update`);
    expect(latest.json().data).toMatchObject({ job_id: latestButOld, status: 'done' });
  });
});

describe('Discord tokens', () => {
  const tokenOwners = async () =>
    (
      await db()
        .select({ discordId: users.discordId })
        .from(discordTokens)
        .innerJoin(users, eq(users.id, discordTokens.userId))
    )
      .map((r) => r.discordId)
      .sort();
  const ageTokens = async (discordIds: string[], ms: number) => {
    const ids = (
      await db().select({ id: users.id }).from(users).where(inArray(users.discordId, discordIds))
    ).map((u) => u.id);
    await db()
      .update(discordTokens)
      .set({ updatedAt: ago(ms) })
      .where(inArray(discordTokens.userId, ids));
  };

  it('of a user with no live session go; a signed-in user’s stay, and so do a moment-old sign-in’s', async () => {
    const logout = (s: Session) =>
      t.app.inject({ method: 'POST', url: '/auth/logout', headers: s.headers });
    expect((await logout(cast.owner)).statusCode).toBeLessThan(300);
    expect((await logout(cast.stranger)).statusCode).toBeLessThan(300);
    await ageTokens([OLIVIA, MAX], 2 * 60 * 60 * 1000); // the stranger's were saved a moment ago
    const everyone = await tokenOwners();

    expect((await purgePastRetention(db(), RETENTION)).discordTokens).toBe(1);
    expect(await tokenOwners()).toEqual(everyone.filter((id) => id !== OLIVIA));
    // the signed-in member works on; the owner signs in again and works too
    expect((await call(cast.member, 'GET', '/api/v1/dashboard/user/servers')).statusCode).toBe(200);
    const again = await loginAs(t.app, OLIVIA);
    const synced = await callAs(t.app, again, 'POST', '/api/v1/dashboard/user/sync-servers');
    expect(synced.statusCode).toBe(200);
  });
});

describe('Roblox groups in the shared cache', () => {
  it('read over a day past their cache time go; fresher ones stay, a stale one for when Roblox is down', async () => {
    const row = (groupId: string, secondsAgo: number) =>
      sql`(${groupId}, ${'Group ' + groupId}, '[]'::jsonb, now() - make_interval(secs => ${secondsAgo}))`;
    await db().execute(
      sql`INSERT INTO roblox_group_cache (group_id, name, ranks, fetched_at) VALUES ${sql.join(
        [row('1', 60), row('2', 600 + 3600), row('3', 600 + 86400 + 60)],
        sql`, `,
      )}`,
    );
    expect((await purgePastRetention(db(), RETENTION)).robloxGroups).toBe(1);
    const left = await db().execute(sql`SELECT group_id FROM roblox_group_cache ORDER BY group_id`);
    expect(
      (left as unknown as { rows: { group_id: string }[] }).rows.map((r) => r.group_id),
    ).toEqual(['1', '2']);
  });
});

describe('the settings and the job', () => {
  it('default to 365 and 30 days, and a bad value is refused by name', () => {
    const defaults = testSettings();
    expect([defaults.auditRetentionDays, defaults.jobRetentionDays]).toEqual([365, 30]);
    const load = (env: Record<string, string>) => () =>
      loadSettings({ ...env, DATA_DIR: defaults.dataDir });
    expect(load({ AUDIT_RETENTION_DAYS: '0' })).toThrow(
      new ConfigError('AUDIT_RETENTION_DAYS must be between 1 and 36500, got 0'),
    );
    expect(load({ JOB_RETENTION_DAYS: '1.5' })).toThrow(
      new ConfigError('JOB_RETENTION_DAYS must be a whole number, got "1.5"'),
    );
  });

  it('the purge job applies AUDIT_RETENTION_DAYS', async () => {
    await t.app.close();
    const change = (days: number) => ({
      id: randomUUID(),
      guildId: GUILD_A,
      setting: 'nickname_format',
      after: `${days} days old`,
      createdAt: ago(days * DAY),
    });
    await db()
      .insert(settingChanges)
      .values([change(31), change(29)]);
    const app = await buildApp({
      settings: testSettings({ AUDIT_RETENTION_DAYS: '30' }),
      integrations: createFakeIntegrations(t.world),
      database: t.tdb.database,
      logger: false,
    });
    try {
      await app.ready();
      const left = await until(
        'the purge job at start deleted the 31-day-old change',
        async () => (await db().select().from(settingChanges)).map((c) => c.after),
        (afters) => afters.length === 1,
        { timeoutMs: 15_000, everyMs: 200 },
      );
      expect(left).toEqual(['29 days old']);
    } finally {
      await app.close();
    }
  }, 30_000);
});
