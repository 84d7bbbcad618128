/**
 * The resume URL kept with a shard's lease is handed to the library, which connects there with
 * the bot token: one that is not Discord's (or the configured API's host) is not resumed, the
 * shard identifies anew, and nothing connects to that address (docs/security.md › T17).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gatewayShardLeases } from '../../src/db/schema';
import { trustedResumeUrl } from '../../src/gateway/resume-url';
import type { GatewayWorker } from '../../src/gateway/worker';
import { openTestDatabase, type TestDatabase } from '../support/db';
import { startStack, type Stack } from '../support/emulator-flow';
import { until } from '../support/until';
import { gatewaySeed, gatewaySessions, setUpServer, startWorker } from './gateway-stack';

jest.setTimeout(60_000);

describe('trustedResumeUrl', () => {
  const DISCORD_API = 'https://discord.com/api';
  it.each([
    'wss://gateway-us-east1-b.discord.gg',
    'wss://gateway.discord.gg/?v=10&encoding=json',
    'wss://discord.gg',
  ])("trusts Discord's gateway %s", (url) => {
    expect(trustedResumeUrl(url, DISCORD_API)).toBe(true);
  });

  it.each([
    ['another host', 'wss://evil.test'],
    ['a look-alike host', 'wss://gateway.discord.gg.evil.test'],
    ['a host ending like it', 'wss://evildiscord.gg'],
    ['plain ws to Discord', 'ws://gateway.discord.gg'],
    ['user info', 'wss://token@gateway.discord.gg'],
    ['another scheme', 'https://gateway.discord.gg'],
    ['no URL at all', 'not a url'],
  ])('refuses %s', (_what, url) => {
    expect(trustedResumeUrl(url, DISCORD_API)).toBe(false);
  });

  it("trusts the configured API's host (the emulator), over as safe a scheme", () => {
    expect(trustedResumeUrl('ws://127.0.0.1:3100/gateway/resume', 'http://127.0.0.1:3100')).toBe(
      true,
    );
    expect(trustedResumeUrl('ws://127.0.0.1:3101/gateway/resume', 'http://127.0.0.1:3100')).toBe(
      false,
    );
    expect(trustedResumeUrl('ws://localhost:3100/gateway/resume', 'http://127.0.0.1:3100')).toBe(
      false,
    );
    expect(trustedResumeUrl('ws://proxy.test/gateway', 'https://proxy.test/api')).toBe(false);
    expect(trustedResumeUrl('wss://proxy.test/gateway', 'https://proxy.test/api')).toBe(true);
  });
});

describe('a stored session with a foreign resume URL', () => {
  let tdb: TestDatabase;
  let stack: Stack;
  let worker: GatewayWorker | undefined;
  let foreign: Server;
  const upgrades: { url: string | undefined }[] = [];

  beforeAll(async () => {
    tdb = await openTestDatabase();
    stack = await startStack(tdb.database, { seed: gatewaySeed(), jobs: true });
    await setUpServer(stack);
    // someone else's WebSocket endpoint: it notes every connection and closes it
    foreign = createServer();
    foreign.on('upgrade', (request, socket) => {
      upgrades.push({ url: request.url });
      socket.destroy();
    });
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await worker?.stop();
    await stack?.close();
    await new Promise((resolve) => foreign?.close(resolve));
    await tdb?.cleanup();
  });

  it('is not resumed: the shard identifies with Discord, and the address gets no connection', async () => {
    const { port } = foreign.address() as AddressInfo;
    // a lease that ran out, its session pointing elsewhere (localhost, not the emulator's 127.0.0.1)
    await tdb.database.db.insert(gatewayShardLeases).values({
      shardId: 0,
      holder: 'gone',
      expiresAt: new Date(Date.now() - 60_000),
      shardCount: 1,
      sessionId: 'a-session-id',
      resumeUrl: `ws://localhost:${port}/`,
      sequence: 5,
    });
    worker = await startWorker(stack, tdb.database, 'after');
    const seen = await until(
      'the shard to be ready, or a connection to the foreign address',
      () => ({ ready: worker!.readyShards(), upgrades: upgrades.length }),
      (s) => s.ready.length === 1 || s.upgrades > 0,
      { timeoutMs: 20_000, everyMs: 50 },
    );
    expect(seen).toEqual({ ready: [0], upgrades: 0 });
    const sessions = await gatewaySessions(stack);
    expect(sessions).toEqual([expect.objectContaining({ connected: true })]);
    expect(sessions[0]?.session_id).not.toBe('a-session-id');
  });
});
