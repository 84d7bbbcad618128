/**
 * Resuming: when the emulator drops the gateway connection, the worker resumes the same session
 * and Discord replays what was dispatched meanwhile; a worker that stops hands its stored session
 * to the next one, which resumes it too. No join is lost either way.
 */
import { until } from '../support/until';
import {
  dropConnections,
  gatewaySessions,
  gatewayState,
  join,
  LOW_ROLE,
  memberOf,
  NEWCOMERS,
  useGatewayStack,
} from './gateway-stack';

jest.setTimeout(60_000);
const JOB_RUN = { timeoutMs: 15_000, everyMs: 50 };

const gateway = useGatewayStack({ readyWorker: { holder: 'first' } });

const identifiesLeft = async () =>
  (await gatewayState(gateway.stack)).session_start_limit.remaining as number;
const unverified = (userId: string) =>
  until(
    `${userId} to get the unverified role`,
    () => memberOf(gateway.stack, userId),
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
    const [session] = await gatewaySessions(gateway.stack);
    const identifies = await identifiesLeft();
    expect((await dropConnections(gateway.stack, code)).disconnected).toBe(1);
    // dispatched while the socket is down: kept by the session for its replay
    await join(gateway.stack, newcomer);
    await unverified(newcomer);
    const [after] = await gatewaySessions(gateway.stack);
    expect(after).toMatchObject({ session_id: session!.session_id, connected: true });
    expect(await identifiesLeft()).toBe(identifies);
  },
);

it('a worker that stops leaves its session to the next, which resumes it: a join in between is not lost', async () => {
  const [session] = await gatewaySessions(gateway.stack);
  const identifies = await identifiesLeft();
  await gateway.worker.stop();
  const newcomer = NEWCOMERS[2]!;
  await join(gateway.stack, newcomer);
  await gateway.startWorker('second');
  await unverified(newcomer);
  expect(gateway.worker.readyShards()).toEqual([0]);
  expect(await gatewaySessions(gateway.stack)).toEqual([
    expect.objectContaining({ session_id: session!.session_id, connected: true }),
  ]);
  expect(await identifiesLeft()).toBe(identifies);
});
