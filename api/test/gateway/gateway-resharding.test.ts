/**
 * A bot that outgrew its shard count: Discord closes an IDENTIFY whose shard would hold more than
 * 2,500 guilds with 4011 (Sharding required). With GATEWAY_SHARD_COUNT=auto the worker reads the
 * recommended count from GET /gateway/bot again and starts over with it (docs/production.md),
 * where it once read the count only at start and refused the shard until a restart.
 */
import { sql } from 'drizzle-orm';
import type { Seed } from '@roconnect/emulator';
import type { GatewayWorker } from '../../src/gateway/worker';
import { openTestDatabase, type TestDatabase } from '../support/db';
import { startStack, type Stack } from '../support/emulator-flow';
import { until } from '../support/until';
import {
  fatalCloses,
  gatewaySeed,
  gatewaySessions,
  OWNER,
  setGatewayShards,
  startWorker,
} from './gateway-stack';

jest.setTimeout(120_000);

/** Discord's most guilds on one shard: one more makes an unsharded IDENTIFY fail with 4011 */
const GUILDS_PAST_ONE_SHARD = 2_501;
const WAIT = { timeoutMs: 60_000, everyMs: 100 };

/** The test seed, plus 2,501 guilds with the bot that alternate between two shards. */
function outgrownSeed(): Seed {
  const seed = gatewaySeed();
  for (let i = 0; i < GUILDS_PAST_ONE_SHARD; i++) {
    // a snowflake's shard is (id >> 22) % count: consecutive timestamps alternate on two shards
    const id = ((30_000_000_000n + BigInt(i)) << 22n).toString();
    seed.discord.guilds.push({
      id,
      name: `Guild ${i}`,
      icon: null,
      owner_id: OWNER,
      bot_present: true,
      bot_role_position: 1,
      roles: [],
      members: [],
    });
  }
  return seed;
}

let tdb: TestDatabase;
let stack: Stack;
let worker: GatewayWorker | undefined;

beforeAll(async () => {
  tdb = await openTestDatabase();
  stack = await startStack(tdb.database, { seed: outgrownSeed(), jobs: true });
});
afterAll(async () => {
  await worker?.stop();
  await stack?.close();
  await tdb?.cleanup();
});

it('on 4011 reads the recommended shard count again and runs every shard with it', async () => {
  expect(stack.app.ctx.settings.gateway.shardCount).toBeNull(); // GATEWAY_SHARD_COUNT=auto
  await setGatewayShards(stack, 1);
  // the first IDENTIFY waits 3 s for its slot: time for Discord to start recommending 2 shards
  // after the worker read 1, as when a bot grows past 2,500 servers while it runs
  await tdb.database.db.execute(sql`
    INSERT INTO gateway_identify_slots (rate_key, next_at) VALUES (0, now() + interval '3 seconds')
    ON CONFLICT (rate_key) DO UPDATE SET next_at = excluded.next_at`);
  const closesBefore = await fatalCloses(4011);
  worker = await startWorker(stack, tdb.database, 'worker-growing');
  await setGatewayShards(stack, 2);

  await until(
    'Discord to refuse the single shard',
    () => fatalCloses(4011),
    (n) => n === closesBefore + 1,
    WAIT,
  );
  await until(
    'both shards of the new count ready',
    () => worker!.readyShards(),
    (shards) => shards.join() === '0,1',
    WAIT,
  );
  const live = (await gatewaySessions(stack)).filter((s) => s.connected);
  expect(live.map((s) => s.shard).sort()).toEqual([
    [0, 2],
    [1, 2],
  ]);
  expect(await fatalCloses(4011)).toBe(closesBefore + 1);
});
