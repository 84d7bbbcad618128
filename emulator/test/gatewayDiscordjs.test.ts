import { REST } from '@discordjs/rest';
import { WebSocketManager, WebSocketShardEvents } from '@discordjs/ws';
import { GatewayIntentBits } from 'discord-api-types/v10';
import { startEmulator, type RunningEmulator } from '../src';
import { GUILDS, testSeed, USERS } from './helpers';

/**
 * The client the API's gateway worker uses (@discordjs/ws 2, hoisted at the repository root)
 * against the emulator: it finds the gateway through GET /gateway/bot, identifies, and after a
 * dropped connection resumes on resume_gateway_url and gets what it missed.
 */

const TOKEN = 'emulator-bot-token';
const DEADLINE_MS = 10_000;

let emu: RunningEmulator;
let manager: WebSocketManager | undefined;

afterEach(async () => {
  await manager?.destroy();
  manager = undefined;
  await emu?.close();
});

/** resolves with the first value `take` returns for an event, or rejects at the deadline */
function waitFor<T>(
  register: (listener: (...args: any[]) => void) => () => void,
  take: (...args: any[]) => T | undefined,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('the event did not come in time'));
    }, DEADLINE_MS);
    const off = register((...args) => {
      const value = take(...args);
      if (value === undefined) return;
      clearTimeout(timer);
      off();
      resolve(value);
    });
  });
}

const on =
  (m: WebSocketManager, event: WebSocketShardEvents) => (listener: (...args: any[]) => void) => {
    m.on(event as never, listener as never);
    return () => void m.off(event as never, listener as never);
  };

it('connects, receives member events and resumes after a dropped connection without identifying again', async () => {
  emu = await startEmulator({ seed: testSeed(), gatewayHeartbeatIntervalMs: 1000 });
  const rest = new REST({ version: '10', api: `${emu.url}/api` }).setToken(TOKEN);
  manager = new WebSocketManager({
    token: TOKEN,
    intents: GatewayIntentBits.Guilds | GatewayIntentBits.GuildMembers,
    rest,
  });
  const m = manager;

  const guildCreate = waitFor(on(m, WebSocketShardEvents.Dispatch), (p) =>
    p.t === 'GUILD_CREATE' ? p.d.id : undefined,
  );
  await m.connect();
  expect(await guildCreate).toBe(GUILDS.withBot);

  const removed = waitFor(on(m, WebSocketShardEvents.Dispatch), (p) =>
    p.t === 'GUILD_MEMBER_REMOVE' ? p.d.user.id : undefined,
  );
  const replayed = waitFor(on(m, WebSocketShardEvents.Debug), (message: string) => {
    const match = /Resumed and replayed (\d+) events/.exec(message);
    return match ? Number(match[1]) : undefined;
  });
  const dropped = await fetch(`${emu.url}/__emulator/gateway/disconnect`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(await dropped.json()).toEqual({ disconnected: 1, code: 4000 });
  // the library waits before reconnecting: this leave happens while it is away
  await fetch(`${emu.url}/__emulator/guilds/${GUILDS.withBot}/members/${USERS.noDms}`, {
    method: 'DELETE',
  });

  expect(await removed).toBe(USERS.noDms);
  // the library counts every dispatch while resuming: the missed GUILD_MEMBER_REMOVE and RESUMED
  expect(await replayed).toBe(2);
  const state = (await (await fetch(`${emu.url}/__emulator/state`)).json()) as any;
  expect(state.gateway.sessions).toEqual([expect.objectContaining({ connected: true })]);
  // one IDENTIFY only: the reconnect was a RESUME
  expect(state.gateway.session_start_limit.remaining).toBe(999);
});
