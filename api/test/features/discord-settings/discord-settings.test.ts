/**
 * A server's Discord settings through the emulator: the channels the bot can post in, the log
 * channel, join handling and resync, the Verify message and its button, and the health check's
 * word on a channel the bot can no longer post in.
 */
import { InteractionSigner } from '@roconnect/emulator';
import {
  emulatorChannel,
  emulatorMember,
  seedWithChannels,
  sendInteraction,
  setUpServerAs,
  useStack,
  type HttpSession,
} from '../../support/emulator-flow';
import { until } from '../../support/until';
import { GUILD_A as BOT_GUILD, MAX, NINA, OLIVIA as OWNER, PETE } from '../../support/world';
import { refusal } from '../../support/app';

jest.setTimeout(60_000);

const GENERAL = '130000000000000001';
const LOGS = '130000000000000002';
const VOICE = '130000000000000003';
const CATEGORY = '130000000000000004';
const NEWS = '130000000000000005';
const BASE = `/api/v1/server/${BOT_GUILD}`;
/** the log's posts gather for 2 s; the health check is limited per user, so ask it seldom */
const HEALTH_POLL = { timeoutMs: 15_000, everyMs: 500 };
const LOG_WAIT = { timeoutMs: 10_000, everyMs: 100 };

// Bot Guild's channels: two text, an announcement, a voice and a category
const { stack, signIn, linkRoblox } = useStack(() => ({
  seed: seedWithChannels(BOT_GUILD, [
    { id: CATEGORY, name: 'Text Channels', type: 4 },
    { id: GENERAL, name: 'general', type: 0 },
    { id: LOGS, name: 'logs', type: 0 },
    { id: VOICE, name: 'Lounge', type: 2 },
    { id: NEWS, name: 'announcements', type: 5 },
  ]),
}));
beforeEach(() => stack.emulator.app.emulator.setInteractionsUrl(`${stack.api}/api/interactions`));

async function setUpBotGuild(): Promise<HttpSession> {
  const olivia = await signIn(OWNER);
  await setUpServerAs(olivia, BOT_GUILD, { syncFirst: true, group: { group_url: '7001' } });
  return olivia;
}

const channel = (id: string) => emulatorChannel(stack, BOT_GUILD, id);

const member = (userId: string) => emulatorMember(stack, BOT_GUILD, userId);

/** a member presses the Verify message's button, as Discord sends it: signed, type 3 */
async function pressVerify(userId: string) {
  const { json, message } = await sendInteraction(stack, {
    guild_id: BOT_GUILD,
    user_id: userId,
    channel_id: GENERAL,
    custom_id: 'roconnect:verify',
  });
  expect(json.status).toBe(200);
  return message;
}

/** every embed title the log channel has received */
const logTitles = async () =>
  (await channel(LOGS)).messages.flatMap((m) => m.embeds.map((e: { title?: string }) => e.title));

describe('settings', () => {
  it('reads the defaults, and saves join handling, join DM and resync with an audit entry each', async () => {
    const olivia = await setUpBotGuild();
    const before = (await olivia.call('GET', `${BASE}/config`)).json.data.server_config;
    expect(before).toMatchObject({
      join_handling: 'verify',
      join_dm: false,
      log_channel_id: null,
      resync: 'off',
    });

    const saved = await olivia.call('PUT', `${BASE}/automation`, {
      join_handling: 'off',
      join_dm: true,
      resync: 'weekly',
    });
    expect(saved.status).toBe(200);
    expect(saved.json.data.server_config).toMatchObject({
      join_handling: 'off',
      join_dm: true,
      resync: 'weekly',
    });
    // a field left out keeps its value
    await olivia.call('PUT', `${BASE}/automation`, { resync: 'daily' });
    const edit = (await olivia.call('GET', `${BASE}/edit`)).json.data.server_config;
    expect(edit).toMatchObject({ join_handling: 'off', join_dm: true, resync: 'daily' });

    const audit = (await olivia.call('GET', `${BASE}/audit`)).json.data.entries;
    const changes = audit
      .filter((e: { kind: string }) => e.kind === 'setting_change')
      .map((e: { setting: string; before: string; after: string }) => [
        e.setting,
        e.before,
        e.after,
      ]);
    expect(changes).toEqual(
      expect.arrayContaining([
        ['join_handling', 'verify', 'off'],
        ['join_dm', 'off', 'on'],
        ['resync', 'off', 'weekly'],
        ['resync', 'weekly', 'daily'],
      ]),
    );
  });

  it.each([
    [{}, 'body must set at least one of join_handling, join_dm or resync.'],
    [{ join_handling: 'sometimes' }, 'body.join_handling must be one of verify, off'],
    [{ join_dm: 'yes' }, 'body.join_dm must be true or false'],
    [{ resync: 'hourly' }, 'body.resync must be one of off, daily, weekly'],
    [{ resync: 'daily', colour: 'red' }, 'body.colour is not allowed'],
  ])('PUT automation %j → 400 naming the field', async (body, message) => {
    const olivia = await setUpBotGuild();
    const res = await olivia.call('PUT', `${BASE}/automation`, body);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
  });

  it('sets the log channel to a text channel the bot can post in, and turns it off', async () => {
    const olivia = await setUpBotGuild();
    const set = await olivia.call('PUT', `${BASE}/log-channel`, { channel_id: LOGS });
    expect(set.status).toBe(200);
    expect(set.json.data.server_config.log_channel_id).toBe(LOGS);
    expect(
      (await olivia.call('GET', `${BASE}/config`)).json.data.server_config.log_channel_id,
    ).toBe(LOGS);
    // the change is itself logged, so the new channel's first message confirms it
    await until(
      'the log channel confirms itself',
      logTitles,
      (t) => t.includes('Log channel changed'),
      LOG_WAIT,
    );

    const off = await olivia.call('PUT', `${BASE}/log-channel`, { channel_id: null });
    expect(off.json.data.server_config.log_channel_id).toBeNull();
    const audit = (await olivia.call('GET', `${BASE}/audit`)).json.data.entries;
    expect(
      audit
        .filter((e: { setting?: string }) => e.setting === 'log_channel')
        .map((e: { before: string; after: string }) => [e.before, e.after]),
    ).toEqual([
      [`#logs (${LOGS})`, null],
      [null, `#logs (${LOGS})`],
    ]);
  });

  it.each([
    [{ channel_id: 'logs' }, 400, 'body.channel_id must be a Discord id (17 to 20 digits) or null'],
    [{}, 400, 'body.channel_id is required'],
    [{ channel_id: VOICE }, 422, '#Lounge is not a text channel. Choose a text channel.'],
    [
      { channel_id: '139999999999999999' },
      422,
      'That channel does not exist in this server (any more). Choose another channel.',
    ],
  ])('PUT log-channel %j → %i with a clear message', async (body, status, message) => {
    const olivia = await setUpBotGuild();
    const res = await olivia.call('PUT', `${BASE}/log-channel`, body);
    expect(res.status).toBe(status);
    expect(res.json.message).toBe(message);
    expect(
      (await olivia.call('GET', `${BASE}/config`)).json.data.server_config.log_channel_id,
    ).toBe(null);
  });

  it('refuses every new route to a member who does not manage the server', async () => {
    await setUpBotGuild();
    const max = await signIn(MAX);
    await max.call('POST', '/api/v1/dashboard/user/sync-servers');
    const calls: [string, string, unknown][] = [
      ['GET', `${BASE}/channels`, undefined],
      ['PUT', `${BASE}/log-channel`, { channel_id: LOGS }],
      ['PUT', `${BASE}/automation`, { join_handling: 'off' }],
      ['POST', `${BASE}/verify-message`, { channel_id: GENERAL }],
    ];
    for (const [method, path, body] of calls) {
      const res = await max.call(method, path, body);
      expect([path, res.status]).toEqual([path, 403]);
    }
    expect((await channel(GENERAL)).messages).toEqual([]);
  });
});

describe('channels', () => {
  it('lists the text and announcement channels in the server order, not voice or categories', async () => {
    const olivia = await setUpBotGuild();
    const res = await olivia.call('GET', `${BASE}/channels`);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      { id: GENERAL, name: 'general' },
      { id: LOGS, name: 'logs' },
      { id: NEWS, name: 'announcements' },
    ]);
  });
});

describe('the Verify message', () => {
  it('is posted with the default text and one Verify button, and shows in the channel', async () => {
    const olivia = await setUpBotGuild();
    const res = await olivia.call('POST', `${BASE}/verify-message`, { channel_id: GENERAL });
    expect(res.status).toBe(201);
    const posted = (await channel(GENERAL)).messages;
    expect(posted).toHaveLength(1);
    expect(res.json.data).toEqual({ message_id: posted[0].id, channel_id: GENERAL });
    expect(posted[0].content).toBe(
      'Press Verify to get your roles in this server from your linked Roblox account.',
    );
    expect(posted[0].components).toEqual([
      {
        type: 1,
        components: [{ type: 2, style: 1, label: 'Verify', custom_id: 'roconnect:verify' }],
      },
    ]);
  });

  it('takes a custom text, trimmed, and refuses a blank or too long one', async () => {
    const olivia = await setUpBotGuild();
    const custom = await olivia.call('POST', `${BASE}/verify-message`, {
      channel_id: NEWS,
      text: '  Welcome! Verify below.  ',
    });
    expect(custom.status).toBe(201);
    expect((await channel(NEWS)).messages[0].content).toBe('Welcome! Verify below.');

    const blank = await olivia.call('POST', `${BASE}/verify-message`, {
      channel_id: NEWS,
      text: '   ',
    });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe(
      'body.text must not be blank: leave it out for the default text.',
    );
    const long = await olivia.call('POST', `${BASE}/verify-message`, {
      channel_id: NEWS,
      text: 'x'.repeat(1501),
    });
    expect(long.status).toBe(400);
    expect(long.json.message).toBe('body.text must be at most 1500 characters');
    expect((await channel(NEWS)).messages).toHaveLength(1);
  });

  it('answers 422 naming the fix when Discord refuses the bot in that channel (50013)', async () => {
    const olivia = await setUpBotGuild();
    await fetch(`${stack.emulator.url}/__emulator/guilds/${BOT_GUILD}/channels/${GENERAL}/deny`, {
      method: 'POST',
    });
    const res = await olivia.call('POST', `${BASE}/verify-message`, { channel_id: GENERAL });
    expect(res.status).toBe(422);
    expect(res.json).toEqual(
      refusal(
        'channel_not_postable',
        "The bot cannot post in that channel. In the channel's settings (Edit Channel → Permissions), let the bot's role View Channel, Send Messages and Embed Links.",
      ),
    );
  });

  it('is refused until the setup is complete', async () => {
    const olivia = await signIn(OWNER);
    await olivia.call('POST', '/api/v1/dashboard/user/sync-servers');
    const res = await olivia.call('POST', `${BASE}/verify-message`, { channel_id: GENERAL });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe('setup_incomplete');
    expect((await channel(GENERAL)).messages).toEqual([]);
  });

  it('verifies a linked member who presses it, ephemerally, and logs the verification', async () => {
    const olivia = await setUpBotGuild();
    await olivia.call('PUT', `${BASE}/log-channel`, { channel_id: LOGS });
    await olivia.call('POST', `${BASE}/verify-message`, { channel_id: GENERAL });
    const max = await signIn(MAX);
    await linkRoblox(max, PETE);

    const answer = await pressVerify(MAX);
    expect(answer.flags).toBe(64);
    expect(answer.content).toBe(
      [
        'You are verified as PlainPete on Roblox.',
        'Roles given: Verified, Member.',
        'Nickname set to PlainPete.',
        // the answer names each bound role not given, with why
        'Not given: Officer: rank 1 in Test Group; this role needs 50.',
        'Not given: Owner: rank 1 in Test Group; this role needs 255.',
      ].join('\n'),
    );
    const after = await member(MAX);
    expect(after.role_names.sort()).toEqual(['Member', 'Verified']);
    expect(after.nick).toBe('PlainPete');

    const logged = await until(
      'the verification in the log channel',
      async () => (await channel(LOGS)).messages.flatMap((m) => m.embeds),
      (embeds) => embeds.some((e) => e.title === 'Member verified'),
      LOG_WAIT,
    );
    expect(logged.find((e) => e.title === 'Member verified')).toMatchObject({
      description: `<@${MAX}> (member_max) as PlainPete on Roblox, in Discord.`,
      fields: [
        { name: 'Roles given', value: 'Verified, Member' },
        { name: 'Nickname', value: 'PlainPete' },
      ].map((f) => expect.objectContaining(f)),
    });
  });

  it('logs the clean-up when a verified member unlinks with their roles removed', async () => {
    const olivia = await setUpBotGuild();
    await olivia.call('PUT', `${BASE}/log-channel`, { channel_id: LOGS });
    const max = await signIn(MAX);
    await linkRoblox(max, PETE);
    await pressVerify(MAX);
    const [account] = (await max.call('GET', '/api/v1/dashboard/user/linked-accounts')).json.data;
    const unlinked = await max.call(
      'DELETE',
      `/api/v1/dashboard/user/linked-account/${account.id}?remove_roles=true`,
    );
    expect(unlinked.status).toBe(200);
    expect((await member(MAX)).roles).toEqual([]);

    const embeds = await until(
      'the clean-up in the log channel',
      async () => (await channel(LOGS)).messages.flatMap((m) => m.embeds),
      (all) => all.some((e) => e.title === 'Account unlinked'),
      LOG_WAIT,
    );
    const cleanup = embeds.find((e) => e.title === 'Account unlinked');
    expect(cleanup.description).toBe(`<@${MAX}> (member_max) unlinked PlainPete on Roblox.`);
    expect(cleanup.fields.map((f: { name: string }) => f.name)).toEqual([
      'Roles removed',
      'Nickname',
    ]);
    expect(cleanup.fields[0].value.split(', ').sort()).toEqual(['Member', 'Verified']);
  });

  it('answers a member without a linked account with the verify page for this server', async () => {
    await setUpBotGuild();
    const answer = await pressVerify(NINA);
    expect(answer.flags).toBe(64);
    expect(answer.content).toBe(
      'You have not linked a Roblox account to RoConnect yet. Link one on the website, then press Verify again.',
    );
    expect(answer.components[0].components[0]).toEqual({
      type: 2,
      style: 5,
      label: 'Link your Roblox account',
      url: `http://app.test/verify?server_id=${BOT_GUILD}`,
    });
    expect((await member(NINA)).roles).toEqual([]);
  });

  it('refuses a button press that is unsigned or signed with another key with 401', async () => {
    await setUpBotGuild();
    const press = JSON.stringify({
      id: '1',
      application_id: '100000000000000001',
      type: 3,
      token: 't',
      version: 1,
      guild_id: BOT_GUILD,
      channel_id: GENERAL,
      member: { user: { id: MAX, username: 'member_max' }, roles: [], permissions: '0' },
      data: { custom_id: 'roconnect:verify', component_type: 2 },
      message: { id: '2', channel_id: GENERAL },
    });
    const send = (headers: Record<string, string>) =>
      fetch(`${stack.api}/api/interactions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: press,
      });
    const unsigned = await send({});
    expect(unsigned.status).toBe(401);
    const forged = await send(new InteractionSigner('not the emulator').sign(press));
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({
      error: 'invalid_signature',
      message: 'Invalid request signature.',
    });
    expect((await member(MAX)).roles).toEqual([]);
  });
});

describe('the health check', () => {
  it('names the log channel once Discord refuses the bot there, and clears it after a post goes through', async () => {
    const olivia = await setUpBotGuild();
    await olivia.call('PUT', `${BASE}/log-channel`, { channel_id: LOGS });
    await until(
      'the first log post',
      logTitles,
      (t) => t.includes('Log channel changed'),
      LOG_WAIT,
    );
    expect((await olivia.call('GET', `${BASE}/health`)).json.data.problems).toEqual([]);

    await fetch(`${stack.emulator.url}/__emulator/guilds/${BOT_GUILD}/channels/${LOGS}/deny`, {
      method: 'POST',
    });
    // a setting change is logged: its post fails, and the action does not
    expect((await olivia.call('PUT', `${BASE}/automation`, { resync: 'daily' })).status).toBe(200);
    const health = await until(
      'the health check names the log channel',
      async () => (await olivia.call('GET', `${BASE}/health`)).json.data,
      (h) => h.problems.length > 0,
      HEALTH_POLL,
    );
    expect(health.ok).toBe(false);
    expect(health.problems).toEqual([
      {
        code: 'log_channel_unpostable',
        message: expect.stringMatching(
          /^Discord refused the last post to the log channel #logs: The bot cannot post in that channel\./,
        ),
        fix: "Let the bot's role View Channel, Send Messages and Embed Links in #logs, or choose another log channel.",
        reinvite_url: null,
      },
    ]);

    await fetch(`${stack.emulator.url}/__emulator/guilds/${BOT_GUILD}/channels/${LOGS}/allow`, {
      method: 'POST',
    });
    await olivia.call('PUT', `${BASE}/automation`, { resync: 'weekly' });
    await until(
      'the health check is clear again',
      async () => (await olivia.call('GET', `${BASE}/health`)).json.data,
      (h) => h.ok === true,
      HEALTH_POLL,
    );
  });
});
