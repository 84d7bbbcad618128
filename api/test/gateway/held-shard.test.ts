/**
 * A held shard's two sessions: the library's live one moves with every event, the stored one only
 * once an event was handed on (its job queued), in order, with a failed hand-off tried again; so a
 * successor resuming the stored session is replayed whatever had not been queued.
 */
import { REST } from '@discordjs/rest';
import type { SessionInfo } from '@discordjs/ws';
import { GatewayDispatchEvents, type GatewayDispatchPayload } from 'discord-api-types/v10';
import type { FastifyBaseLogger } from 'fastify';
import type { StoredSession } from '../../src/gateway/lease-store';
import { HeldShard } from '../../src/gateway/shard';
import { until } from '../support/until';

const silent = {
  child: () => silent,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
} as unknown as FastifyBaseLogger;

const event = (s: number) =>
  ({
    op: 0,
    s,
    t: GatewayDispatchEvents.GuildMemberRemove,
    d: {},
  }) as unknown as GatewayDispatchPayload;

/** A shard never connected: the test plays the library's part through its manager. */
function shardWith(
  onDispatch: (payload: GatewayDispatchPayload) => Promise<void>,
  session: StoredSession | null = null,
) {
  const changes: (StoredSession | null)[] = [];
  const fatal: [number, string][] = [];
  const shard = new HeldShard({
    shardId: 0,
    shardCount: 1,
    token: 'token',
    rest: new REST(),
    throttler: { waitForIdentify: async () => undefined },
    session,
    log: silent,
    onDispatch,
    onSessionChange: (s) => changes.push(s),
    onFatalClose: (code, why) => fatal.push([code, why]),
  });
  const manager = (shard as unknown as { manager: any }).manager;
  return {
    shard,
    changes,
    fatal,
    /** Discord closing the connection with `code` */
    closed: (code: number) => manager.emit('closed', code, 0),
    /** what the library does on a dispatch: the live sequence first, then the event */
    receive(s: number) {
      const live = manager.options.retrieveSessionInfo(0) as SessionInfo;
      manager.options.updateSessionInfo(0, { ...live, sequence: s });
      manager.emit('dispatch', event(s), 0);
    },
    ready(sessionId: string, s: number) {
      manager.options.updateSessionInfo(0, {
        shardId: 0,
        shardCount: 1,
        sessionId,
        resumeURL: 'ws://resume',
        sequence: s,
      });
    },
    live: () => manager.options.retrieveSessionInfo(0) as SessionInfo | null,
  };
}

it('stores a new session at READY, and moves its sequence only as events are handed on, in order', async () => {
  const handed: number[] = [];
  let failures = 2;
  const { shard, changes, receive, ready, live } = shardWith(async (payload) => {
    if (payload.s === 3 && failures-- > 0) throw new Error('database down');
    handed.push(payload.s);
  });
  ready('sess-1', 1);
  expect(changes).toEqual([
    { sessionId: 'sess-1', resumeUrl: 'ws://resume', sequence: 1, shardCount: 1 },
  ]);
  receive(2);
  receive(3);
  receive(4);
  // the library's session is ahead at once; the stored one waits for the hand-offs
  expect(live()!.sequence).toBe(4);
  expect(shard.sessionToStore()!.sequence).toBeLessThan(4);
  await until(
    'every event handed on',
    () => handed,
    (h) => h.length === 3,
    { timeoutMs: 5000 },
  );
  expect(handed).toEqual([2, 3, 4]);
  expect(shard.sessionToStore()).toEqual({
    sessionId: 'sess-1',
    resumeUrl: 'ws://resume',
    sequence: 4,
    shardCount: 1,
  });
});

it('starts from the session the last holder stored, and forgets a session the library ends', async () => {
  const stored = { sessionId: 'old', resumeUrl: 'ws://resume', sequence: 40, shardCount: 1 };
  const { shard, changes, live } = shardWith(async () => undefined, stored);
  expect(live()).toEqual({
    shardId: 0,
    shardCount: 1,
    sessionId: 'old',
    resumeURL: 'ws://resume',
    sequence: 40,
  });
  expect(shard.sessionToStore()).toEqual(stored);
  // Discord refused the resume: the library forgets the session and identifies afresh
  const manager = (shard as unknown as { manager: any }).manager;
  manager.options.updateSessionInfo(0, null);
  expect(shard.sessionToStore()).toBeNull();
  expect(changes).toEqual([null]);
});

it('keeps the stored session while stopping, though the library forgets it as it closes', async () => {
  const { shard, ready, receive, changes } = shardWith(async () => undefined);
  ready('sess-2', 1);
  receive(2);
  const session = await shard.stop(1000);
  expect(session).toEqual({
    sessionId: 'sess-2',
    resumeUrl: 'ws://resume',
    sequence: 2,
    shardCount: 1,
  });
  const manager = (shard as unknown as { manager: any }).manager;
  manager.options.updateSessionInfo(0, null);
  expect(shard.sessionToStore()).toEqual(session);
  expect(changes).toHaveLength(1);
});

it('says when Discord closed the connection for good, with what to do, and not for other closes', async () => {
  const { shard, fatal, closed } = shardWith(async () => undefined);
  closed(4000);
  closed(4014);
  expect(fatal).toEqual([
    [
      4014,
      'Discord refused the Server Members intent: turn it on in the Developer Portal (Bot › Privileged Gateway Intents).',
    ],
  ]);
  await shard.abandon();
  closed(4004);
  expect(fatal).toHaveLength(1);
});
