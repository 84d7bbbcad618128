/** Cancelling a running member update stops the work: no member is changed after it settles. */
import { sql } from 'drizzle-orm';
import { jobSchemaOf } from '../../../src/lib/job-engine';
import { MEMBER_UPDATE_QUEUE } from '../../../src/features/member-updates/jobs/member-update-job';
import { queryRows } from '../../support/db';
import { until } from '../../support/until';
import { useUpdateRunStack } from '../../support/update-runs';

jest.setTimeout(120_000);

const { tdb, stack, ownerWithLinks, runs, runEnded } = useUpdateRunStack({
  members: 60,
  linked: 40,
});

const writes = async () =>
  ((await (await fetch(`${stack.emulator.url}/__emulator/calls`)).json()) as any).member_writes
    .total;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Member-update jobs a worker is working on now (pg-boss's own table). */
const activeJobs = async () => {
  const schema = jobSchemaOf(tdb.database);
  const rows = await queryRows<{ n: number }>(
    tdb.database,
    sql.raw(
      `SELECT count(*)::int AS n FROM ${schema}.job WHERE name = '${MEMBER_UPDATE_QUEUE}' AND state = 'active'`,
    ),
  );
  return rows[0]!.n;
};

it('DELETE stops a running update; members already done stay done', async () => {
  const owner = await ownerWithLinks();
  // slow enough to catch it running: a few bot requests a second
  await fetch(`${stack.emulator.url}/__emulator/rate-limits`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ per_route_limit: 2, per_route_reset_after: 1, global_per_second: 50 }),
  });

  const jobId = (await owner.call('POST', runs)).json.data.job_id;
  const job = async () => (await owner.call('GET', `${runs}/${jobId}`)).json.data;
  await until('two members done', job, (now) => now.done >= 2, { timeoutMs: 60_000, everyMs: 100 });
  const cancelled = await owner.call('DELETE', `${runs}/${jobId}`);
  expect(cancelled.status).toBe(200);
  expect(cancelled.json.data.status).toBe('cancelled');
  // no more waiting on the rate limits: were the worker to go on, it would now finish the run
  await fetch(`${stack.emulator.url}/__emulator/rate-limits`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ preset: 'off' }),
  });

  // the batch in flight may finish, and then its job ends (a later one claims nothing); after
  // that nothing more is written
  await until('the worker to stop', activeJobs, (n) => n === 0, {
    timeoutMs: 30_000,
    everyMs: 100,
  });
  const settled = await writes();
  await sleep(1500);
  expect(await writes()).toBe(settled);
  const stopped = await job();
  expect(stopped.status).toBe('cancelled');
  expect(stopped.done).toBeLessThan(40);
  // and a new run may start, and finishes what the cancelled one left
  const again = (await owner.call('POST', runs)).json.data.job_id;
  expect(again).not.toBe(jobId);
  const next = await runEnded(owner, again);
  expect(next).toMatchObject({ status: 'done', total: 40, done: 40, failed: 0 });
});
