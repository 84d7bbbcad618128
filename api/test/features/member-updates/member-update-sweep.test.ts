/**
 * The sweeper re-queues runs whose worker went quiet. A queued run has no heartbeat yet: it counts
 * as orphaned only once it has waited a lease, or each sweep queued every waiting run again
 * (duplicate jobs in a backlog); only a starting replica takes them all.
 */
import { eq, sql } from 'drizzle-orm';
import { memberUpdateRuns, users } from '../../../src/db/schema';
import { createRun, orphanedRuns } from '../../../src/features/member-updates/store';
import { loginAs } from '../../support/fake-login';
import { useFakeApp } from '../../support/harness';
import { GUILD_A, GUILD_B, OLIVIA } from '../../support/world';

const t = useFakeApp();
const LEASE = 20;

it('leaves a run queued a moment ago alone, and takes back one queued or running past its lease', async () => {
  await loginAs(t.app, OLIVIA);
  const db = t.tdb.database.db;
  const [user] = await db.select().from(users).where(eq(users.discordId, OLIVIA));
  const fresh = (await createRun(db, GUILD_A, user!.id)).run.id;
  const waiting = (await createRun(db, GUILD_B, user!.id)).run.id;
  expect(await orphanedRuns(db, LEASE)).toEqual([]);
  // a starting replica takes every waiting run: its job may have died with the last process
  expect((await orphanedRuns(db, LEASE, { waitingToo: true })).sort()).toEqual(
    [fresh, waiting].sort(),
  );

  // its job was lost: it has waited longer than a lease with no worker
  await db
    .update(memberUpdateRuns)
    .set({ createdAt: sql`now() - interval '30 seconds'` })
    .where(eq(memberUpdateRuns.id, waiting));
  expect(await orphanedRuns(db, LEASE)).toEqual([waiting]);

  // a worker took the fresh one, then went quiet past the lease
  await db
    .update(memberUpdateRuns)
    .set({ status: 'running', heartbeatAt: sql`now() - interval '30 seconds'` })
    .where(eq(memberUpdateRuns.id, fresh));
  expect((await orphanedRuns(db, LEASE)).sort()).toEqual([fresh, waiting].sort());
});
