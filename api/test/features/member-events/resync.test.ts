/**
 * The scheduled resync: in the quiet hours, a few servers at a time, each as often as its setting
 * says; its run is the member-updates feature's, which updates every member (taking turns by
 * owner and the runs' limit: resync-capacity.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { jobSchemaOf } from '../../../src/lib/job-engine';
import { guildConfigs, guildResyncs, guilds, memberUpdateRuns } from '../../../src/db/schema';
import {
  inQuietHours,
  resyncSweep,
  RESYNC_QUEUE,
  windowStart,
} from '../../../src/features/member-events/resync';
import { openTestDatabase, queryRows, type TestDatabase, useTestDatabase } from '../../support/db';
import { startStack, type Stack } from '../../support/emulator-flow';
import { until } from '../../support/until';
import {
  gatewaySeed,
  GUILD,
  linkAccount,
  memberOf,
  roleId,
  setUpServer,
} from '../../gateway/gateway-stack';

jest.setTimeout(60_000);

const at = (iso: string) => new Date(iso);

describe('the quiet hours', () => {
  const night = { hourUtc: 22, windowHours: 4 }; // 22:00–02:00 UTC, across midnight

  it('are the window from the first quiet hour, across midnight too', () => {
    expect(inQuietHours(at('2026-11-27T21:59:00Z'), night)).toBe(false);
    expect(inQuietHours(at('2026-11-27T22:00:00Z'), night)).toBe(true);
    expect(inQuietHours(at('2026-11-28T01:59:00Z'), night)).toBe(true);
    expect(inQuietHours(at('2026-11-28T02:00:00Z'), night)).toBe(false);
    expect(inQuietHours(at('2026-11-28T13:00:00Z'), { hourUtc: 0, windowHours: 24 })).toBe(true);
  });

  it('began at the first quiet hour before now', () => {
    expect(windowStart(at('2026-11-28T01:30:00Z'), night)).toEqual(at('2026-11-27T22:00:00Z'));
    expect(windowStart(at('2026-11-27T23:05:00Z'), night)).toEqual(at('2026-11-27T22:00:00Z'));
  });
});

describe('a sweep', () => {
  const tdb = useTestDatabase();

  const hours = { hourUtc: 3, windowHours: 4 };
  const db = () => tdb.database.db;
  async function server(
    id: string,
    resync: 'off' | 'daily' | 'weekly',
    { botPresent = true, setupCompleted = true } = {},
  ) {
    await db()
      .insert(guilds)
      .values({ id, name: `Server ${id}`, botPresent });
    await db().insert(guildConfigs).values({ guildId: id, resync, setupCompleted });
  }
  const finish = (guildId: string) =>
    db()
      .update(memberUpdateRuns)
      .set({ status: 'done', finishedAt: new Date() })
      .where(eq(memberUpdateRuns.guildId, guildId));

  const startedIds = (result: Awaited<ReturnType<typeof resyncSweep>>) =>
    result.started.map((s) => s.guildId);
  /** A sweep at `when` (a Date or an ISO time), the quiet hours being 03:00–07:00 UTC. */
  const sweep = (when: Date | string) =>
    resyncSweep(db(), hours, typeof when === 'string' ? at(when) : when);
  /** What a sweep answers when it starts nothing because no server is due. */
  const NONE_DUE = { started: [], reason: 'none_due' };

  it('starts the servers due in the quiet hours, each as often as it asks', async () => {
    await server('1001', 'daily');
    await server('1002', 'weekly');
    await server('1003', 'off');
    await server('1004', 'daily', { botPresent: false });
    await server('1005', 'daily', { setupCompleted: false });

    expect(await sweep('2026-11-27T12:00:00Z')).toEqual({
      started: [],
      reason: 'outside_quiet_hours',
    });
    const night1 = at('2026-11-27T03:10:00Z');
    const first = await sweep(night1);
    expect(first.started).toEqual([
      expect.objectContaining({ guildId: '1001', alreadyRunning: false }),
      expect.objectContaining({ guildId: '1002', alreadyRunning: false }),
    ]);
    const runs = await db().select().from(memberUpdateRuns);
    expect(runs.map((r) => [r.guildId, r.status, r.requestedBy]).sort()).toEqual([
      ['1001', 'queued', null],
      ['1002', 'queued', null],
    ]);
    // both started for this night: nothing more, running or done
    expect(await sweep(night1)).toEqual(NONE_DUE);
    await finish('1001');
    await finish('1002');
    expect(await sweep('2026-11-27T06:59:00Z')).toEqual(NONE_DUE);
    // the next night: the daily server again, the weekly one not for a week
    expect(startedIds(await sweep('2026-11-28T03:00:00Z'))).toEqual(['1001']);
    await finish('1001');
    expect(await sweep('2026-11-28T03:30:00Z')).toEqual(NONE_DUE);
    // a week on both are due: the one waiting longest first
    expect(startedIds(await sweep('2026-12-04T03:00:00Z'))).toEqual(['1002', '1001']);
  });

  it('counts a run the owner started as the night’s resync, and does not start it twice', async () => {
    await server('2001', 'daily');
    const ownersRun = randomUUID();
    await db()
      .insert(memberUpdateRuns)
      .values({ id: ownersRun, guildId: '2001', status: 'running' });
    const night = at('2026-11-27T04:00:00Z');
    expect((await sweep(night)).started).toEqual([
      { guildId: '2001', runId: ownersRun, alreadyRunning: true },
    ]);
    expect(await db().select().from(memberUpdateRuns)).toHaveLength(1);
    expect(await sweep(night)).toEqual(NONE_DUE);
    const [row] = await db().select().from(guildResyncs);
    expect(row).toMatchObject({ guildId: '2001', runId: ownersRun });
  });
});

describe('against the emulator', () => {
  let tdb: TestDatabase;
  let stack: Stack;
  beforeAll(async () => {
    tdb = await openTestDatabase();
    stack = await startStack(tdb.database, {
      seed: gatewaySeed(),
      jobs: true,
      env: { MEMBER_UPDATE_LEASE_SECONDS: '2', RESYNC_HOUR_UTC: '0', RESYNC_WINDOW_HOURS: '24' },
    });
  });
  afterAll(async () => {
    await stack?.close();
    await tdb?.cleanup();
  });

  it('is on the job engine’s schedule, and its run updates every member of the server', async () => {
    const schedules = await queryRows<{ name: string; cron: string }>(
      tdb.database,
      sql.raw(`SELECT name, cron FROM ${jobSchemaOf(tdb.database)}.schedule`),
    );
    expect(schedules).toContainEqual(expect.objectContaining({ name: RESYNC_QUEUE }));

    await setUpServer(stack);
    // member_max is in the server and links PlainPete (the test group's Member) only now
    await linkAccount(tdb.database, {
      discordId: '110000000000000002',
      robloxId: '502',
      username: 'PlainPete',
    });
    await tdb.database.db
      .update(guildConfigs)
      .set({ resync: 'daily' })
      .where(eq(guildConfigs.guildId, GUILD));
    const verified = await roleId(stack, 'Verified');

    const sweep = await resyncSweep(tdb.database.db, stack.app.ctx.settings.resync);
    expect(sweep.started).toEqual([
      expect.objectContaining({ guildId: GUILD, alreadyRunning: false }),
    ]);
    const runId = sweep.started[0]!.runId;
    // nobody queued a job for it: the member-updates feature's sweep does, within a lease or two
    await until(
      'the resync run to finish',
      async () =>
        (
          await tdb.database.db
            .select()
            .from(memberUpdateRuns)
            .where(eq(memberUpdateRuns.id, runId))
        )[0]?.status,
      (status) => status === 'done',
      { timeoutMs: 30_000, everyMs: 200 },
    );
    // his roles; no Roblox nickname, since he never verified here himself (docs/security.md › Member privacy)
    expect(await memberOf(stack, '110000000000000002')).toMatchObject({
      nick: null,
      roles: expect.arrayContaining([verified]),
    });
  });
});
