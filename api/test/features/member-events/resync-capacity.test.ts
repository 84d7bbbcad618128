/**
 * The scheduled resync's capacity (docs/security.md, "one owner's servers crowd the resync"):
 * a sweep starts as many servers as RESYNC_PARALLEL_RUNS allows, not one, and servers take turns
 * by owner, so an owner with many daily servers cannot push another owner's server out of the
 * quiet hours.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { guildConfigs, guilds, memberUpdateRuns, userGuilds, users } from '../../../src/db/schema';
import { RESYNC_PARALLEL_RUNS, resyncSweep } from '../../../src/features/member-events/resync';
import { useTestDatabase } from '../../support/db';

const HOURS = { hourUtc: 3, windowHours: 4 };
const NIGHT = new Date('2026-11-27T03:00:00Z');
const FIVE_MINUTES = 5 * 60_000;

const tdb = useTestDatabase();
const db = () => tdb.database.db;

/** A signed-in owner and their daily servers, ids `<prefix>01`, `<prefix>02`, … */
async function owner(discordId: string, prefix: string, count: number): Promise<string[]> {
  const userId = randomUUID();
  await db()
    .insert(users)
    .values({ id: userId, discordId, username: `owner_${prefix}` });
  const ids = Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);
  for (const id of ids) {
    await db()
      .insert(guilds)
      .values({ id, name: `Server ${id}`, botPresent: true });
    await db().insert(guildConfigs).values({ guildId: id, resync: 'daily', setupCompleted: true });
    await db()
      .insert(userGuilds)
      .values({ userId, guildId: id, owner: true, permissions: '8', canManage: true });
  }
  return ids;
}
const finish = (guildIds: string[]) =>
  db()
    .update(memberUpdateRuns)
    .set({ status: 'done', finishedAt: new Date() })
    .where(inArray(memberUpdateRuns.guildId, guildIds));
const sweep = async (at: Date) =>
  (await resyncSweep(db(), HOURS, at)).started.map((s) => s.guildId);

it('starts RESYNC_PARALLEL_RUNS servers in one sweep, and more as runs end', async () => {
  expect(RESYNC_PARALLEL_RUNS).toBe(4);
  const servers = await owner('110000000000000101', '30', 6);
  const first = await sweep(NIGHT);
  expect(first).toEqual(['3001', '3002', '3003', '3004']);
  expect(await resyncSweep(db(), HOURS, NIGHT)).toEqual({ started: [], reason: 'all_runs_busy' });
  await finish(first.slice(0, 1));
  expect(await sweep(new Date(NIGHT.getTime() + FIVE_MINUTES))).toEqual(['3005']);
  await finish(servers);
  expect(await sweep(new Date(NIGHT.getTime() + 2 * FIVE_MINUTES))).toEqual(['3006']);
});

it("takes turns by owner: one owner's twenty servers do not keep another's out", async () => {
  const many = await owner('110000000000000102', '40', 20);
  const [single] = await owner('110000000000000103', '50', 1);
  // all 21 never resynced, the other owner's ids sorting last: still started in the first round
  const first = await sweep(NIGHT);
  expect(first).toEqual([many[0], single, many[1], many[2]]);
});

it('counts runs going as turns taken: a free run goes to the owner without one', async () => {
  await owner('110000000000000104', '60', 10);
  const [b] = await owner('110000000000000105', '70', 1);
  const [c] = await owner('110000000000000106', '80', 1);
  // four of the first owner's are going; B and C become due only now (set up during the night)
  await db()
    .update(guildConfigs)
    .set({ resync: 'off' })
    .where(inArray(guildConfigs.guildId, [b!, c!]));
  expect(await sweep(NIGHT)).toEqual(['6001', '6002', '6003', '6004']);
  await db()
    .update(guildConfigs)
    .set({ resync: 'daily' })
    .where(inArray(guildConfigs.guildId, [b!, c!]));
  await finish(['6001']);
  // one run free: B's, not the first owner's fifth
  expect(await sweep(new Date(NIGHT.getTime() + FIVE_MINUTES))).toEqual([b]);
  await finish([b!]);
  expect(await sweep(new Date(NIGHT.getTime() + 2 * FIVE_MINUTES))).toEqual([c]);
});

it('treats a server whose owner never signed in as an owner of its own', async () => {
  await owner('110000000000000107', '90', 5);
  await db().insert(guilds).values({ id: '9901', name: 'Unowned', botPresent: true });
  await db()
    .insert(guildConfigs)
    .values({ guildId: '9901', resync: 'daily', setupCompleted: true });
  const started = await sweep(NIGHT);
  expect(started).toContain('9901');
  expect(
    (await db().select().from(memberUpdateRuns).where(eq(memberUpdateRuns.guildId, '9901'))).length,
  ).toBe(1);
});
