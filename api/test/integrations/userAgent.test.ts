/**
 * Discord requires `User-Agent: DiscordBot ($url, $versionNumber)` on every HTTP API call: the
 * API's own calls (OAuth, role connections, interactions, the member list) and the bot client's.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import apiPackage from '../../package.json';
import { listMembersPage } from '../../src/features/member-updates/jobs/list-members';
import { createDiscordBotClient } from '../../src/integrations/discord/botClient';
import { DISCORD_USER_AGENT } from '../../src/integrations/discord/userAgent';
import { httpRequest } from '../../src/integrations/http';
import { settingsFor } from './helpers';

let server: Server;
let base: string;
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'application/json');
    res.end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

it('names the repository and the API version', () => {
  expect(DISCORD_USER_AGENT).toBe(
    `DiscordBot (https://github.com/roconnect/roconnect, ${apiPackage.version})`,
  );
});

it('is sent on the API’s own Discord calls, over any User-Agent the caller set', async () => {
  await httpRequest('discord', `${base}/api/v10/users/@me`, {
    headers: { authorization: 'Bearer x', 'user-agent': 'node' },
  });
  await listMembersPage(settingsFor(base), '120000000000000001', '0');
  expect(seen.map((r) => r.headers['user-agent'])).toEqual([
    DISCORD_USER_AGENT,
    DISCORD_USER_AGENT,
  ]);
  expect(seen[0]!.headers.authorization).toBe('Bearer x');
});

it('is not sent to Roblox', async () => {
  await httpRequest('roblox', `${base}/v1/groups/7001`, {});
  expect(seen[0]!.headers['user-agent']).not.toMatch(/^DiscordBot/);
});

it('the bot client sends its library’s DiscordBot User-Agent and names RoConnect after it', async () => {
  const bot = createDiscordBotClient(settingsFor(base), { retries: 0 });
  await bot.listRoles('120000000000000001');
  expect(seen[0]!.headers['user-agent']).toMatch(
    new RegExp(
      `^DiscordBot \\(https://discord\\.js\\.org, [\\d.]+\\) RoConnect/${apiPackage.version.replace(/\./g, '\\.')} \\(https://github\\.com/roconnect/roconnect\\)`,
    ),
  );
});
