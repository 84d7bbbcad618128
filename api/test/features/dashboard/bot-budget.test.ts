/**
 * One Discord budget for everyone: bot presence comes from the bot's own guild
 * list, so a user in 200 servers costs the bot a bounded number of calls, not one per server.
 */
import type { Seed } from '@roconnect/emulator';
import testSeed from '@roconnect/emulator/seeds/test.json';
import { truncateAll, useTestDatabase } from '../../support/db';
import { loginThroughEmulator, startStack, type Stack } from '../../support/emulator-flow';

const MEMBER = '110000000000000002';

function seedWithGuilds(count: number, botEvery: number): Seed {
  const seed = structuredClone(testSeed) as Seed;
  for (let i = 0; i < count; i++) {
    seed.discord.guilds.push({
      id: String(150000000000000000n + BigInt(i)),
      name: `Crowded ${i}`,
      icon: null,
      owner_id: '110000000000000004',
      bot_present: i % botEvery === 0,
      bot_role_position: 10,
      roles: [],
      members: [{ user_id: MEMBER, permissions: '32', nick: null, roles: [] }],
    });
  }
  return seed;
}

const tdb = useTestDatabase({ emptyEachTest: false });
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

async function botCallsFor(guildCount: number) {
  await truncateAll(tdb.database);
  stack = await startStack(tdb.database, { seed: seedWithGuilds(guildCount, 3) });
  // what the API does at its start (the Linked Roles metadata) is nobody's sign-in
  await fetch(`${stack.emulator.url}/__emulator/calls`, { method: 'DELETE' });
  const member = await loginThroughEmulator(stack, MEMBER);
  const synced = await member.call('POST', '/api/v1/dashboard/user/sync-servers');
  expect(synced.status).toBe(200);
  const manualSync = await member.call('POST', '/api/v1/dashboard/bot/manual-sync');
  expect(manualSync.status).toBe(200);
  const servers = synced.json.data as { server_name: string; bot_added: boolean }[];
  const calls = (
    (await (await fetch(`${stack.emulator.url}/__emulator/calls`)).json()) as {
      bot: { total: number; routes: Record<string, number> };
    }
  ).bot;
  await stack.close();
  stack = undefined;
  return { servers, calls };
}

it('a user in 200 guilds signs in and syncs with a bounded number of bot calls, whatever the count', async () => {
  const small = await botCallsFor(5);
  const large = await botCallsFor(200);
  // presence is right: the bot is in every third crowded guild
  const crowded = large.servers.filter((s) => s.server_name.startsWith('Crowded '));
  expect(crowded).toHaveLength(200);
  expect(crowded.filter((s) => s.bot_added)).toHaveLength(67);
  // one list of the bot's guilds, read at sign-in and reused by Sync Servers and the manual
  // re-check within SYNC_BOT_LIST_MAX_AGE_SECONDS (15 s); no per-guild probe
  expect(large.calls.routes['GET /api/v10/guilds/:guildId'] ?? 0).toBe(0);
  expect(large.calls.total).toBe(1);
  expect(large.calls.total).toBe(small.calls.total);
});
