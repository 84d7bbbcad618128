/**
 * What Discord refuses an application that is not set up for it, or that identifies too often:
 * the Server Members intent (REST 403 50001, gateway 4014) and the session start limit (past it
 * every session ends and the bot token is reset). emulator/README.md › Application and › Gateway.
 */
import { startEmulator, type RunningEmulator } from '../src';
import { BOT, GUILDS, httpJson, testSeed } from './helpers';
import { TestGatewayClient } from './gatewayClient';

const TOKEN = 'emulator-bot-token';
const GUILDS_INTENT = 1 << 0;
const MEMBERS_INTENT = 1 << 1;

let emu: RunningEmulator;
const clients: TestGatewayClient[] = [];

beforeEach(async () => {
  emu = await startEmulator({ seed: testSeed(), gatewayHeartbeatIntervalMs: 500 });
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await emu?.close();
});

function connect(): TestGatewayClient {
  const client = new TestGatewayClient(
    `${emu.url.replace('http://', 'ws://')}/gateway?v=10&encoding=json`,
  );
  clients.push(client);
  return client;
}

const http = (method: string, path: string, body?: unknown, headers = {}) =>
  httpJson(emu.url, method, path, body, headers);

const remaining = async () =>
  (await http('GET', '/__emulator/gateway')).body.session_start_limit.remaining as number;

/** HELLO, then an IDENTIFY; answers how the connection ended (or 'READY') */
async function identifyOutcome(d: Record<string, unknown>): Promise<number | 'READY'> {
  const client = connect();
  await client.next((m) => m.op === 10);
  client.send(2, { properties: { os: 'linux', browser: 'test', device: 'test' }, ...d });
  // a closed socket ends the wait for READY: then the close code is the answer
  return client
    .next((m) => m.t === 'READY')
    .then(() => 'READY' as const)
    .catch(async () => (await client.closed).code);
}

describe('the Server Members intent', () => {
  it('turned off: the member list answers 403 50001 and an IDENTIFY asking for GUILD_MEMBERS is closed 4014', async () => {
    const members = `/api/v10/guilds/${GUILDS.withBot}/members?limit=1000`;
    expect((await http('GET', members, undefined, BOT)).status).toBe(200);
    await http('PATCH', '/__emulator/application', { guild_members_intent: false });

    expect(await http('GET', members, undefined, BOT)).toEqual({
      status: 403,
      body: { message: 'Missing Access', code: 50001 },
    });
    const refused = connect();
    await refused.next((m) => m.op === 10);
    refused.send(2, { token: TOKEN, intents: GUILDS_INTENT | MEMBERS_INTENT, properties: {} });
    const closed = await refused.closed;
    expect(closed).toEqual({ code: 4014, reason: 'Disallowed intent(s).' });
    expect((await http('GET', '/__emulator/gateway')).body.sessions).toEqual([]);
    // intents that are not privileged still work
    expect(await identifyOutcome({ token: TOKEN, intents: GUILDS_INTENT })).toBe('READY');
  });

  it('turned on again: both work, without a restart', async () => {
    await http('PATCH', '/__emulator/application', { guild_members_intent: false });
    expect(await identifyOutcome({ token: TOKEN, intents: GUILDS_INTENT | MEMBERS_INTENT })).toBe(
      4014,
    );
    await http('PATCH', '/__emulator/application', { guild_members_intent: true });
    expect(await identifyOutcome({ token: TOKEN, intents: GUILDS_INTENT | MEMBERS_INTENT })).toBe(
      'READY',
    );
    const list = await http(
      'GET',
      `/api/v10/guilds/${GUILDS.withBot}/members?limit=5`,
      undefined,
      BOT,
    );
    expect(list.status).toBe(200);
  });
});

describe('the session start limit', () => {
  it('counts every IDENTIFY with the bot token, refused ones too, but not a wrong token', async () => {
    expect(await remaining()).toBe(1000);
    expect(await identifyOutcome({ token: TOKEN, intents: GUILDS_INTENT })).toBe('READY');
    expect(await identifyOutcome({ token: TOKEN, intents: -1 })).toBe(4013);
    expect(await identifyOutcome({ token: 'nope', intents: GUILDS_INTENT })).toBe(4004);
    expect(await remaining()).toBe(998);
    const info = await http('GET', '/api/v10/gateway/bot', undefined, BOT);
    expect(info.body.session_start_limit).toMatchObject({ total: 1000, remaining: 998 });
  });

  it('past the limit: the IDENTIFY is closed 4004, live sessions end, and the bot token is refused everywhere until a reset', async () => {
    const put = await http('PUT', '/__emulator/gateway', { session_start_remaining: 1 });
    expect(put.body.session_start_limit.remaining).toBe(1);
    const live = connect();
    await live.identify({ token: TOKEN, intents: GUILDS_INTENT });
    expect(
      (await http('GET', '/api/v10/gateway/bot', undefined, BOT)).body.session_start_limit,
    ).toMatchObject({ remaining: 0 });

    expect(await identifyOutcome({ token: TOKEN, intents: GUILDS_INTENT })).toBe(4004);
    expect(await live.closeCode()).toBe(4004);
    const state = (await http('GET', '/__emulator/gateway')).body;
    expect(state).toMatchObject({ bot_token_reset: true, sessions: [] });
    expect((await http('GET', '/api/v10/gateway/bot', undefined, BOT)).status).toBe(401);
    expect(
      (await http('GET', `/api/v10/guilds/${GUILDS.withBot}/members?limit=1`, undefined, BOT))
        .status,
    ).toBe(401);
    expect(await identifyOutcome({ token: TOKEN, intents: GUILDS_INTENT })).toBe(4004);

    await http('POST', '/__emulator/reset', {});
    const restored = await http('GET', '/api/v10/gateway/bot', undefined, BOT);
    expect(restored.status).toBe(200);
    expect(restored.body.session_start_limit.remaining).toBe(1000);
    expect(await identifyOutcome({ token: TOKEN, intents: GUILDS_INTENT })).toBe('READY');
  });

  it('refuses a bad session_start_remaining, naming it', async () => {
    for (const value of [-1, 1001, 2.5, '3'])
      expect(await http('PUT', '/__emulator/gateway', { session_start_remaining: value })).toEqual({
        status: 400,
        body: {
          error: 'invalid_gateway',
          message: 'session_start_remaining must be a whole number from 0 to 1000',
        },
      });
  });
});
