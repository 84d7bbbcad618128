/**
 * The shard leases: exactly one holder per shard, a lease that ran out goes to whoever looks
 * next (with the session its last holder stored), and a holder that lost one learns it at its
 * next renewal.
 */
import { sql } from 'drizzle-orm';
import {
  claimFreeShards,
  listLeases,
  releaseShards,
  renewShards,
  saveSession,
} from '../../src/gateway/lease-store';
import { useTestDatabase } from '../support/db';

const tdb = useTestDatabase();

const db = () => tdb.database.db;
const session = { sessionId: 's-1', resumeUrl: 'ws://resume', sequence: 42, shardCount: 3 };
/** as if `holder`'s leases ran out a moment ago (no waiting) */
const expire = (holder: string) =>
  db().execute(
    sql`UPDATE gateway_shard_leases SET expires_at = now() - interval '1 second' WHERE holder = ${holder}`,
  );

it('gives each free shard to one holder; the others get none of them', async () => {
  const a = await claimFreeShards(db(), 'a', [0, 1, 2], 20);
  expect(a.map((s) => s.shardId)).toEqual([0, 1, 2]);
  expect(a.every((s) => s.session === null)).toBe(true);
  expect(await claimFreeShards(db(), 'b', [0, 1, 2], 20)).toEqual([]);
  const leases = await listLeases(db());
  expect(leases.map((l) => [l.shardId, l.holder, l.live])).toEqual([
    [0, 'a', true],
    [1, 'a', true],
    [2, 'a', true],
  ]);
});

it('claims at once from two holders never give one shard to both', async () => {
  const [a, b] = await Promise.all([
    claimFreeShards(db(), 'a', [0, 1, 2, 3], 20),
    claimFreeShards(db(), 'b', [0, 1, 2, 3], 20),
  ]);
  const all = [...a, ...b].map((s) => s.shardId).sort();
  expect(all).toEqual([0, 1, 2, 3]);
});

it('hands a shard whose lease ran out to the next claimant, with the session stored beside it', async () => {
  await claimFreeShards(db(), 'a', [0, 1], 20);
  expect(await saveSession(db(), 'a', 1, session)).toBe(true);
  await expire('a');

  const taken = await claimFreeShards(db(), 'b', [0, 1], 20);
  expect(taken).toEqual([
    { shardId: 0, session: null },
    { shardId: 1, session },
  ]);
  // the old holder hears of it at its next renewal, and can no longer write the session
  expect(await renewShards(db(), 'a', [{ shardId: 0 }, { shardId: 1 }], 20)).toEqual(new Set());
  expect(await saveSession(db(), 'a', 1, null)).toBe(false);
  expect((await claimFreeShards(db(), 'b', [1], 20))[0]?.session ?? null).toBeNull();
});

it('renews only what the holder holds, and stores the sessions given with it', async () => {
  await claimFreeShards(db(), 'a', [0], 20);
  await claimFreeShards(db(), 'b', [1], 20);
  const held = await renewShards(
    db(),
    'a',
    [
      { shardId: 0, session },
      { shardId: 1, session },
    ],
    20,
  );
  expect(held).toEqual(new Set([0]));
  await expire('a');
  await expire('b');
  const [zero, one] = await claimFreeShards(db(), 'c', [0, 1], 20);
  expect(zero).toEqual({ shardId: 0, session });
  expect(one).toEqual({ shardId: 1, session: null });
});

it('a renewal keeps a lease alive past its first term', async () => {
  await claimFreeShards(db(), 'a', [0], 1);
  await db().execute(
    sql`UPDATE gateway_shard_leases SET expires_at = now() + interval '200 milliseconds'`,
  );
  expect(await renewShards(db(), 'a', [{ shardId: 0 }], 60)).toEqual(new Set([0]));
  const [lease] = await listLeases(db());
  expect(lease!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  expect(await claimFreeShards(db(), 'b', [0], 20)).toEqual([]);
});

it('a released shard is free at once and keeps its session for the next holder', async () => {
  await claimFreeShards(db(), 'a', [0, 1], 20);
  await saveSession(db(), 'a', 0, session);
  await releaseShards(db(), 'b', [0, 1]); // not b's: nothing happens
  expect(await claimFreeShards(db(), 'b', [0, 1], 20)).toEqual([]);
  await releaseShards(db(), 'a', [0, 1]);
  expect(await claimFreeShards(db(), 'b', [0, 1], 20)).toEqual([
    { shardId: 0, session },
    { shardId: 1, session: null },
  ]);
});
