/**
 * Resuming: when the emulator drops the gateway connection, the worker resumes the same session
 * and Discord replays what was dispatched meanwhile; a worker that stops hands its stored session
 * to the next one, which resumes it too. No join is lost either way.
 */
import type { GatewayWorker } from '../../src/gateway/worker';
import { openTestDatabase, type TestDatabase } from '../support/db';
import { startStack, type Stack } from '../support/emulator-flow';
import { until } from '../support/until';
import {
  dropConnections,
  gatewaySeed,
  gatewaySessions,
  join,
  LOW_ROLE,
  memberOf,
  NEWCOMERS,
  setUpServer,
  startWorker,
} from './gateway-stack';

jest.setTimeout(60_000);
const JOB_RUN = { timeoutMs: 15_000, everyMs: 50 };

let tdb: TestDatabase;
let stack: Stack;
let worker: GatewayWorker;

beforeAll(async () => {
  tdb = await openTestDatabase();
  stack = await startStack(tdb.database, { seed: gatewaySeed(), jobs: true });
  await setUpServer(stack);
  worker = await startWorker(stack, tdb.database, 'first');
  await until(
    'the shard to be ready',
    () => worker.readyShards(),
    (s) => s.length === 1,
  );
});
afterAll(async () => {
  await worker?.stop();
  await stack?.close();
  await tdb?.cleanup();
});

const identifiesLeft = async () =>
  (
    (await (await fetch(`${stack.emulator.url}/__emulator/gateway`)).json()) as {
      session_start_limit: { remaining: number };
    }
  ).session_start_limit.remaining;
const unverified = (userId: string) =>
  until(
    `${userId} to get the unverified role`,
    () => memberOf(stack, userId),
    (m) => m !== null && m.roles.includes(LOW_ROLE),
    JOB_RUN,
  );

it.each([
  [4000, NEWCOMERS[0]!],
  // no close frame at all: a cut network
  [1006, NEWCOMERS[1]!],
])(
  'after the emulator drops the connection (%i), the same session resumes and a join dispatched meanwhile is handled',
  async (code, newcomer) => {
    const [session] = await gatewaySessions(stack);
    const identifies = await identifiesLeft();
    expect((await dropConnections(stack, code)).disconnected).toBe(1);
    // dispatched while the socket is down: kept by the session for its replay
    await join(stack, newcomer);
    await unverified(newcomer);
    const [after] = await gatewaySessions(stack);
    expect(after).toMatchObject({ session_id: session!.session_id, connected: true });
    expect(await identifiesLeft()).toBe(identifies);
  },
);

it('a worker that stops leaves its session to the next, which resumes it: a join in between is not lost', async () => {
  const [session] = await gatewaySessions(stack);
  const identifies = await identifiesLeft();
  await worker.stop();
  const newcomer = NEWCOMERS[2]!;
  await join(stack, newcomer);
  worker = await startWorker(stack, tdb.database, 'second');
  await unverified(newcomer);
  expect(worker.readyShards()).toEqual([0]);
  expect(await gatewaySessions(stack)).toEqual([
    expect.objectContaining({ session_id: session!.session_id, connected: true }),
  ]);
  expect(await identifiesLeft()).toBe(identifies);
});
