/**
 * Updating every member of a server: 500 members, 300 linked, against the emulator with rate
 * limits on; the API is stopped mid-run and another instance finishes the same job.
 */
import { sql } from 'drizzle-orm';
import { generateLoadSeed } from '@roconnect/emulator';
import { metricsRegistry } from '../../../src/lib/metrics';
import { queryRows } from '../../support/db';
import { insertLoadLinks } from '../../support/load-links';
import { addFaults, emulatorState, setUpServerAs, useStack } from '../../support/emulator-flow';
import { allDone, untilRunEnds } from '../../support/update-runs';
import { until } from '../../support/until';

jest.setTimeout(240_000);

const load = generateLoadSeed({ members: 500, linked: 300 });
const GUILD = load.guild_id;
/** a run of 300 members, through the emulator's rate limits, with a restart on the way */
const LONG_WAIT = { timeoutMs: 180_000, everyMs: 200 };
/** 429s the emulator gives member writes on top of its rate limits' own */
const INJECTED_429S = 3;

const { tdb, stack, signIn } = useStack(
  {
    seed: load.seed,
    env: { MEMBER_UPDATE_LEASE_SECONDS: '2', MEMBER_UPDATE_SLICE_SECONDS: '2' },
    jobs: true,
    policies: { http: { retries: 1 }, bot: { retries: 1 } },
  },
  'file',
);

it('updates every linked member once, within the rate limits, across a restart of the API', async () => {
  const owner = await signIn(load.owner_id);
  await setUpServerAs(owner, GUILD, {
    syncFirst: true,
    group: { group_id: String(load.group_id) },
  });
  await insertLoadLinks(tdb.database, load.links);
  const edit = (await owner.call('GET', `/api/v1/server/${GUILD}/edit`)).json.data;
  const verifiedRole = (await emulatorState(stack)).discord.guilds[0].roles.find(
    (r: { name: string }) => r.name === 'Verified',
  ).id;
  const rankRole = new Map<number, string>(
    edit.group.ranks.map((r: { rank: number; discord_role_id: string }) => [
      r.rank,
      r.discord_role_id,
    ]),
  );
  // Discord's 50/s global cap is what @discordjs/rest keeps to; the emulator allows a little
  // less, so real 429s happen and must be waited out
  await fetch(`${stack.emulator.url}/__emulator/rate-limits`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      per_route_limit: 20,
      per_route_reset_after: 0.5,
      global_per_second: 40,
    }),
  });
  await fetch(`${stack.emulator.url}/__emulator/calls`, { method: 'DELETE' });
  // and three 429s for sure: a slow machine may stay under the limits above and get none
  await addFaults(stack, [
    {
      method: 'PATCH',
      path: `^/api/v10/guilds/${GUILD}/members/`,
      status: 429,
      retry_after: 0.5,
      count: INJECTED_429S,
    },
  ]);

  const started = await owner.call('POST', `/api/v1/server/${GUILD}/members/update`);
  expect(started.status).toBe(202);
  const jobId: string = started.json.data.job_id;
  // a second press follows the same run
  expect(
    (await owner.call('POST', `/api/v1/server/${GUILD}/members/update`)).json.data.job_id,
  ).toBe(jobId);
  const job = async () =>
    (await owner.call('GET', `/api/v1/server/${GUILD}/members/update/${jobId}`)).json.data;

  const midway = await until('a third of the members', job, (j) => j.done >= 100, LONG_WAIT);
  expect(midway).toMatchObject({ status: 'running', total: 300 });

  // leave the run as a crash would: a worker that never comes back, a member half done
  let stoppedAt = midway;
  await stack.restart({
    whileDown: async () => {
      await tdb.database.db.execute(
        sql`UPDATE member_update_runs SET worker = 'dead-worker', heartbeat_at = now() WHERE id = ${jobId}`,
      );
      await tdb.database.db.execute(
        sql`UPDATE member_update_items SET state = 'working' WHERE run_id = ${jobId} AND discord_id = (
            SELECT discord_id FROM member_update_items WHERE run_id = ${jobId} AND state = 'pending' ORDER BY discord_id LIMIT 1)`,
      );
      stoppedAt = (await job().catch(() => null)) ?? midway;
    },
  });
  expect(await untilRunEnds(job, LONG_WAIT)).toMatchObject(allDone(jobId, 300));
  expect(stoppedAt.done).toBeLessThan(300);
  expect((await owner.call('GET', `/api/v1/server/${GUILD}/members/update`)).json.data.job_id).toBe(
    jobId,
  );

  // every linked member has the Verified role and their rank's role; none verified himself in this
  // server, so none gets a nickname from his Roblox account (docs/product.md › Privacy and data)
  const members = new Map<string, { roles: string[]; nick: string | null }>(
    (await emulatorState(stack)).discord.guilds[0].members.map((m: any) => [m.user_id, m]),
  );
  const wrong = load.links.filter((link) => {
    const m = members.get(link.discord_id)!;
    const expected = [verifiedRole, ...(link.rank ? [rankRole.get(link.rank)!] : [])].sort();
    return JSON.stringify([...m.roles].sort()) !== JSON.stringify(expected) || m.nick !== null;
  });
  expect(wrong).toEqual([]);
  // the unlinked were left alone
  expect(members.get('180000000000000400')).toMatchObject({ roles: [], nick: null });

  const calls = (await (await fetch(`${stack.emulator.url}/__emulator/calls`)).json()) as any;
  expect(calls.member_writes.repeated).toEqual([]);
  // one PATCH per member, roles and nickname together
  expect(calls.member_writes.total).toBe(300);
  expect(calls.bot.routes['PATCH /api/v10/guilds/:guildId/members/:userId']).toBe(300);
  const limits = (await (
    await fetch(`${stack.emulator.url}/__emulator/rate-limits`)
  ).json()) as any;

  // the API's metrics registry, which its metrics server (METRICS_PORT) serves
  const metrics = await metricsRegistry.metrics();
  expect(metrics).toMatch(/member_update_members_total\{outcome="updated"\} \d+/);
  // every 429 the emulator gave (its rate limits' and the injected ones) was seen, and waited out:
  // all 300 writes above went through once
  const seen429 = [...metrics.matchAll(/^discord_429_responses_total\{[^}]*\} (\d+)$/gm)]
    .map((m) => Number(m[1]))
    .reduce((a, b) => a + b, 0);
  expect(seen429).toBe(limits.counters.limited + INJECTED_429S);
  const items = await queryRows<{ state: string; n: number }>(
    tdb.database,
    sql`SELECT state, count(*)::int AS n FROM member_update_items WHERE run_id = ${jobId} GROUP BY state`,
  );
  expect(items).toEqual([{ state: 'done', n: 300 }]);
});
