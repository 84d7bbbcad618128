import { createDiscordBotClient } from '../../src/integrations/discord/botClient';
import { IntegrationError, type DiscordBotClient } from '../../src/integrations/types';
import type { Seed } from '@roconnect/emulator';
import { startEmulator } from '@roconnect/emulator';
import testSeed from '@roconnect/emulator/seeds/test.json';
import { addFaults, failure, IDS, settingsFor, useTestEmulator } from './helpers';

let bot: DiscordBotClient;
const emulator = useTestEmulator((settings) => {
  bot = createDiscordBotClient(settings, { retries: 2, maxRateLimitWaitMs: 2000 });
});

const member = (guildId: string, userId: string) =>
  emulator.app.emulator
    .state()
    .discord.guilds.find((g) => g.id === guildId)
    ?.members.find((m) => m.user_id === userId);

describe('Discord bot client: reads', () => {
  it('reads its own user id from Discord, once', async () => {
    expect(await bot.getBotUserId()).toBe(IDS.botUser);
    expect(await bot.getBotUserId()).toBe(IDS.botUser);
    const calls = (await (await fetch(`${emulator.url}/__emulator/calls`)).json()) as {
      bot: { routes: Record<string, number> };
    };
    expect(calls.bot.routes['GET /api/v10/users/@me']).toBe(1);
  });

  it('reads a guild the bot is in, with its member count', async () => {
    expect(await bot.getGuild(IDS.guildWithBot)).toEqual({
      id: IDS.guildWithBot,
      name: 'Bot Guild',
      icon: null,
      owner_id: IDS.owner,
      approximate_member_count: 5,
    });
  });

  it('answers null for a guild without the bot (10004) and for an unknown guild', async () => {
    expect(await bot.getGuild(IDS.guildNoBot)).toBeNull();
    expect(await bot.getGuild('999999999999999999')).toBeNull();
  });

  it('answers null when Discord says 50001 Missing Access for the guild', async () => {
    await addFaults(emulator, [
      {
        method: 'GET',
        path: `/api/v10/guilds/${IDS.guildWithBot}`,
        status: 403,
        code: 50001,
        count: 1,
      },
    ]);
    expect(await bot.getGuild(IDS.guildWithBot)).toBeNull();
  });

  it('lists roles and finds the bot’s highest position', async () => {
    const roles = await bot.listRoles(IDS.guildWithBot);
    expect(roles.map((r) => [r.name, r.position, r.managed])).toEqual([
      ['@everyone', 0, false],
      ['Low', 2, false],
      ['RoConnect', 5, true],
      ['High', 7, false],
    ]);
    expect(await bot.getBotHighestRolePosition(IDS.guildWithBot)).toBe(5);
  });

  it('reads a member, and answers null for a non-member (10007)', async () => {
    expect(await bot.getMember(IDS.guildWithBot, IDS.mod)).toEqual({
      user_id: IDS.mod,
      nick: null,
      roles: [IDS.highRole],
    });
    expect(await bot.getMember(IDS.guildWithBot, '123456789012345678')).toBeNull();
  });
});

describe('Discord bot client: writes', () => {
  it('creates a role just above @everyone, below the bot', async () => {
    const role = await bot.createRole(IDS.guildWithBot, 'Verified');
    expect(role).toMatchObject({ name: 'Verified', position: 1, managed: false });
    expect(await bot.getBotHighestRolePosition(IDS.guildWithBot)).toBe(6);
  });

  it('adds and removes a role below the bot', async () => {
    await bot.addMemberRole(IDS.guildWithBot, IDS.member, IDS.lowRole);
    expect(member(IDS.guildWithBot, IDS.member)?.roles).toEqual([IDS.lowRole]);
    await bot.removeMemberRole(IDS.guildWithBot, IDS.member, IDS.lowRole);
    expect(member(IDS.guildWithBot, IDS.member)?.roles).toEqual([]);
  });

  it('sets and clears a nickname', async () => {
    await bot.setMemberNickname(IDS.guildWithBot, IDS.member, 'RankedRuby');
    expect(member(IDS.guildWithBot, IDS.member)?.nick).toBe('RankedRuby');
    await bot.setMemberNickname(IDS.guildWithBot, IDS.member, null);
    expect(member(IDS.guildWithBot, IDS.member)?.nick).toBeNull();
  });

  it('sends a DM that the emulator records', async () => {
    await bot.sendDirectMessage(IDS.member, 'You are verified in Bot Guild!');
    expect(emulator.app.emulator.state().discord.dms).toEqual([
      expect.objectContaining({
        recipient_id: IDS.member,
        content: 'You are verified in Bot Guild!',
        sent_at: expect.any(String),
      }),
    ]);
  });
});

describe('Discord bot client: errors become IntegrationErrors a server owner can act on', () => {
  it('50013 giving a role above the bot → missing_permissions, telling them to drag the bot role', async () => {
    const error = await failure(bot.addMemberRole(IDS.guildWithBot, IDS.member, IDS.highRole));
    expect(error).toBeInstanceOf(IntegrationError);
    expect(error).toMatchObject({
      provider: 'discord',
      kind: 'missing_permissions',
      providerCode: 50013,
      status: 403,
    });
    expect(error.message).toContain("drag the bot's role above it");
  });

  it('50013 renaming the owner → missing_permissions explaining the owner rule', async () => {
    const error = await failure(bot.setMemberNickname(IDS.guildWithBot, IDS.owner, 'Boss'));
    expect(error).toMatchObject({ kind: 'missing_permissions', providerCode: 50013 });
    expect(error.message).toContain('server owner');
  });

  it('50013 renaming a member above the bot → missing_permissions', async () => {
    expect(await failure(bot.setMemberNickname(IDS.guildWithBot, IDS.mod, 'Mo'))).toMatchObject({
      kind: 'missing_permissions',
    });
  });

  it('50001 in a guild without the bot → missing_access', async () => {
    const error = await failure(bot.listRoles(IDS.guildNoBot));
    expect(error).toMatchObject({ kind: 'missing_access', providerCode: 50001, status: 403 });
    expect(error.message).toMatch(/add the bot/i);
  });

  it('10007 changing a non-member → unknown_member', async () => {
    expect(
      await failure(bot.addMemberRole(IDS.guildWithBot, '123456789012345678', IDS.lowRole)),
    ).toMatchObject({
      kind: 'unknown_member',
      providerCode: 10007,
      status: 404,
    });
  });

  it('10004 from Discord on a write → unknown_guild', async () => {
    expect(
      await failure(bot.addMemberRole('999999999999999999', IDS.member, IDS.lowRole)),
    ).toMatchObject({
      kind: 'unknown_guild',
      providerCode: 10004,
    });
  });

  it('10011 for a deleted role → unknown_role', async () => {
    const error = await failure(
      bot.addMemberRole(IDS.guildWithBot, IDS.member, '999999999999999999'),
    );
    expect(error).toMatchObject({ kind: 'unknown_role', providerCode: 10011 });
    expect(error.message).toContain('Choose another role');
  });

  it('50007 for a member who refuses DMs → cannot_dm', async () => {
    expect(await failure(bot.sendDirectMessage(IDS.noDms, 'hi'))).toMatchObject({
      kind: 'cannot_dm',
      providerCode: 50007,
      status: 403,
    });
    expect(emulator.app.emulator.state().discord.dms).toEqual([]);
  });

  it('a bad bot token → unavailable naming DISCORD_BOT_TOKEN, and the client recovers afterwards', async () => {
    const wrong = createDiscordBotClient(settingsFor(emulator.url, { discordBotToken: 'nope' }), {
      retries: 0,
    });
    const error = await failure(wrong.listRoles(IDS.guildWithBot));
    expect(error).toMatchObject({ kind: 'unavailable', status: 401 });
    expect(error.message).toContain('DISCORD_BOT_TOKEN');
    await addFaults(emulator, [
      { method: 'GET', path: `/api/v10/guilds/${IDS.guildWithBot}/roles`, status: 401, count: 1 },
    ]);
    await failure(bot.listRoles(IDS.guildWithBot));
    await expect(bot.listRoles(IDS.guildWithBot)).resolves.toHaveLength(4);
  });
});

describe('Discord bot client: the bot user of an older application', () => {
  // apps made before 2019 have a bot user whose id is not the application id
  const OWN_ID = '100000000000000099';

  it('finds its highest role by its own id, not the application id', async () => {
    const older = await startEmulator({
      seed: structuredClone(testSeed) as Seed,
      botUserId: OWN_ID,
    });
    try {
      const client = createDiscordBotClient(settingsFor(older.url), { retries: 0 });
      expect(await client.getBotUserId()).toBe(OWN_ID);
      expect(await client.getBotMember(IDS.guildWithBot)).toMatchObject({ user_id: OWN_ID });
      // the bot's managed role sits at 5: the Low role (1) is below it and may be given
      expect(await client.getBotHighestRolePosition(IDS.guildWithBot)).toBe(5);
    } finally {
      await older.close();
    }
  });
});

describe('Discord bot client: refusals that need a person, not a retry', () => {
  const control = (path: string, body: object) =>
    fetch(`${emulator.url}${path}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it("60003 in a server with 2FA moderation → owner_mfa_required, telling the bot's owner to turn on 2FA", async () => {
    await control(`/__emulator/guilds/${IDS.guildWithBot}`, { mfa_level: 1 });
    await control('/__emulator/application', { owner_mfa_enabled: false });
    const error = await failure(bot.addMemberRole(IDS.guildWithBot, IDS.member, IDS.lowRole));
    expect(error).toMatchObject({ kind: 'owner_mfa_required', providerCode: 60003, status: 403 });
    expect(error.message).toContain("The bot's owner must turn on two-factor authentication");
    expect(member(IDS.guildWithBot, IDS.member)?.roles).toEqual([]);
  });

  it('40003 opening DMs too fast → dm_rate_limited, the message skipped', async () => {
    await fetch(`${emulator.url}/__emulator/rate-limits`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: false, dm_opens_per_window: 1, dm_open_window: 3600 }),
    });
    await bot.sendDirectMessage(IDS.member, 'first');
    const error = await failure(bot.sendDirectMessage(IDS.mod, 'second'));
    expect(error).toMatchObject({ kind: 'dm_rate_limited', providerCode: 40003 });
    expect(error.message).toContain('opening direct messages too fast');
  });
});

describe('Discord bot client: rate limits and outages', () => {
  it('waits out a 429 and then succeeds', async () => {
    const path = `/api/v10/guilds/${IDS.guildWithBot}/members/${IDS.member}/roles/${IDS.lowRole}`;
    await addFaults(emulator, [{ method: 'PUT', path, status: 429, retry_after: 0.5, count: 1 }]);
    const started = Date.now();
    await bot.addMemberRole(IDS.guildWithBot, IDS.member, IDS.lowRole);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(member(IDS.guildWithBot, IDS.member)?.roles).toEqual([IDS.lowRole]);
    expect(emulator.app.emulator.faults.list()).toEqual([]);
  });

  it('fails with rate_limited instead of waiting very long', async () => {
    await addFaults(emulator, [
      {
        method: 'GET',
        path: '^/api/v10/guilds/\\d+/roles$',
        status: 429,
        retry_after: 60,
        count: 1,
      },
    ]);
    const error = await failure(bot.listRoles(IDS.guildWithBot));
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
  });

  it('retries a 5xx and succeeds', async () => {
    await addFaults(emulator, [
      { method: 'GET', path: `/api/v10/guilds/${IDS.guildWithBot}/roles`, status: 502, count: 2 },
    ]);
    await expect(bot.listRoles(IDS.guildWithBot)).resolves.toHaveLength(4);
    expect(emulator.app.emulator.faults.list()).toEqual([]);
  });

  it('turns exhausted 5xx retries into unavailable', async () => {
    await addFaults(emulator, [
      { method: 'GET', path: `/api/v10/guilds/${IDS.guildWithBot}/roles`, status: 503, count: 3 },
    ]);
    const error = await failure(bot.listRoles(IDS.guildWithBot));
    expect(error).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(error.message).toMatch(/try again/i);
  });

  it('turns an unreachable Discord into unavailable', async () => {
    const offline = createDiscordBotClient(settingsFor('http://127.0.0.1:9'), {
      retries: 0,
      timeoutMs: 2000,
    });
    expect(await failure(offline.listRoles(IDS.guildWithBot))).toMatchObject({
      kind: 'unavailable',
    });
  });
});
