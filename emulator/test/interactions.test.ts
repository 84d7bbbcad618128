import { createPublicKey, verify } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { createEmulator, type EmulatorApp } from '../src';
import { BOT, CLIENT_ID, GUILDS, testSeed, USERS, DISCORD_CLIENT } from './helpers';

/** A stand-in for the API: checks the signature with the published key and answers as told. */
async function startReceiver(publicKeyHex: string, answer: (body: any) => object) {
  const key = createPublicKey({
    key: Buffer.concat([
      Buffer.from('302a300506032b6570032100', 'hex'),
      Buffer.from(publicKeyHex, 'hex'),
    ]),
    format: 'der',
    type: 'spki',
  });
  const received: { body: any; valid: boolean }[] = [];
  const app: FastifyInstance = Fastify();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) =>
    done(null, body),
  );
  app.post('/api/interactions', async (request) => {
    const raw = request.body as string;
    const valid = verify(
      null,
      Buffer.from(String(request.headers['x-signature-timestamp']) + raw),
      key,
      Buffer.from(String(request.headers['x-signature-ed25519']), 'hex'),
    );
    const body = JSON.parse(raw);
    received.push({ body, valid });
    return answer(body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return { app, received, url: `http://127.0.0.1:${port}/api/interactions` };
}

let emulator: EmulatorApp;
afterEach(() => emulator?.close());

/**
 * The emulator's answer to an interaction the receiver answered at once with `content`: 200, no
 * edits or follow-ups. Returns the payload the receiver got, its signature checked.
 */
async function answeredAtOnce(
  res: Awaited<ReturnType<EmulatorApp['inject']>>,
  receiver: Awaited<ReturnType<typeof startReceiver>>,
  content: string,
): Promise<any> {
  await receiver.app.close();
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({
    status: 200,
    response: { type: 4, data: { content } },
    edits: [],
    followups: [],
  });
  const [{ body, valid }] = receiver.received as [{ body: any; valid: boolean }];
  expect(valid).toBe(true);
  return body;
}

/**
 * An interaction sent over real HTTP to an emulator whose receiver answers `reply` at once and,
 * `afterMs` later, sends `later`'s message to the emulator's webhook routes as the API would.
 * Returns the emulator's answer.
 */
async function interactDeferred(options: {
  seed: ReturnType<typeof testSeed>;
  interaction: object;
  reply: object;
  afterMs: number;
  later: (body: any) => { method: 'PATCH' | 'POST'; path: string; message: object };
}): Promise<unknown> {
  let port = 0;
  const receiver = await startReceiver(createEmulator().emulator.interactionsPublicKey, (body) => {
    const { method, path, message } = options.later(body);
    setTimeout(() => {
      void fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...DISCORD_CLIENT },
        body: JSON.stringify(message),
      });
    }, options.afterMs);
    return options.reply;
  });
  emulator = createEmulator({ seed: options.seed, interactionsUrl: receiver.url });
  await emulator.listen({ port: 0, host: '127.0.0.1' });
  port = (emulator.server.address() as { port: number }).port;
  const res = await fetch(`http://127.0.0.1:${port}/__emulator/interactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(options.interaction),
  });
  await receiver.app.close();
  return res.json();
}

describe('POST /__emulator/interactions', () => {
  it('signs a real command payload with the published key and returns the API answer', async () => {
    const probe = createEmulator({ seed: testSeed() });
    const publicKey = (
      await probe.inject({ method: 'GET', url: '/__emulator/interactions/public-key' })
    ).json().public_key;
    await probe.close();
    expect(publicKey).toMatch(/^[0-9a-f]{64}$/);
    const receiver = await startReceiver(publicKey, () => ({
      type: 4,
      data: { content: 'hi', flags: 64 },
    }));
    emulator = createEmulator({ seed: testSeed(), interactionsUrl: receiver.url });
    const res = await emulator.inject({
      method: 'POST',
      url: '/__emulator/interactions',
      payload: {
        guild_id: GUILDS.withBot,
        user_id: USERS.owner,
        command: 'whois',
        options: { member: USERS.member },
      },
    });
    const body = await answeredAtOnce(res, receiver, 'hi');
    expect(body).toMatchObject({
      type: 2,
      application_id: CLIENT_ID,
      guild_id: GUILDS.withBot,
      member: { user: { id: USERS.owner }, permissions: expect.any(String) },
      data: { name: 'whois', options: [{ name: 'member', type: 6, value: USERS.member }] },
    });
    expect(body.data.resolved.users[USERS.member].id).toBe(USERS.member);
    expect(body.token).toEqual(expect.any(String));
  });

  it('waits for the edit of a deferred reply and returns it', async () => {
    const res = await interactDeferred({
      seed: testSeed(),
      interaction: { guild_id: GUILDS.withBot, user_id: USERS.member, command: 'verify' },
      reply: { type: 5, data: { flags: 64 } },
      afterMs: 100,
      later: (body) => ({
        method: 'PATCH',
        path: `/api/v10/webhooks/${body.application_id}/${body.token}/messages/@original`,
        message: { content: 'done later' },
      }),
    });
    expect(res).toMatchObject({
      response: { type: 5 },
      edits: [{ content: 'done later' }],
    });
  });

  it('refuses a user who is not in the guild, a bad body, and an unknown webhook token', async () => {
    emulator = createEmulator({ seed: testSeed(), interactionsUrl: 'http://127.0.0.1:9/none' });
    const bad = await emulator.inject({
      method: 'POST',
      url: '/__emulator/interactions',
      payload: { guild_id: GUILDS.withBot, user_id: '999', command: 'verify' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(`User 999 is not a member of guild ${GUILDS.withBot}.`);
    const missing = await emulator.inject({
      method: 'POST',
      url: '/__emulator/interactions',
      payload: { guild_id: GUILDS.withBot },
    });
    expect(missing.json().message).toBe('user_id must be a non-empty string.');
    const edit = await emulator.inject({
      method: 'PATCH',
      url: `/api/v10/webhooks/${CLIENT_ID}/nope/messages/@original`,
      headers: DISCORD_CLIENT,
      payload: { content: 'x' },
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toEqual({ message: 'Unknown Webhook', code: 10015 });
  });
});

describe('POST /__emulator/interactions with custom_id (a button press)', () => {
  const CHANNEL = '150000000000000002';
  const seedWithChannel = () => {
    const seed = testSeed();
    seed.discord.guilds[0]!.channels = [{ id: CHANNEL, name: 'verify', type: 0 }];
    return seed;
  };

  it('sends a signed MESSAGE_COMPONENT interaction for the message holding the button', async () => {
    const receiver = await startReceiver(createEmulator().emulator.interactionsPublicKey, () => ({
      type: 4,
      data: { content: 'Check your DMs', flags: 64 },
    }));
    emulator = createEmulator({ seed: seedWithChannel(), interactionsUrl: receiver.url });
    const posted = await emulator.inject({
      method: 'POST',
      url: `/api/v10/channels/${CHANNEL}/messages`,
      headers: BOT,
      payload: {
        content: 'Verify here',
        components: [
          { type: 1, components: [{ type: 2, style: 1, label: 'Verify', custom_id: 'verify:go' }] },
        ],
      },
    });
    const res = await emulator.inject({
      method: 'POST',
      url: '/__emulator/interactions',
      payload: {
        guild_id: GUILDS.withBot,
        user_id: USERS.member,
        channel_id: CHANNEL,
        custom_id: 'verify:go',
      },
    });
    const body = await answeredAtOnce(res, receiver, 'Check your DMs');
    expect(body).toMatchObject({
      type: 3,
      application_id: CLIENT_ID,
      guild_id: GUILDS.withBot,
      channel_id: CHANNEL,
      member: { user: { id: USERS.member }, permissions: '0' },
      data: { custom_id: 'verify:go', component_type: 2 },
      message: { id: posted.json().id, channel_id: CHANNEL, content: 'Verify here' },
    });
    expect(body.token).toEqual(expect.any(String));
  });

  it('waits for the follow-up after a deferred update (type 6)', async () => {
    const res = await interactDeferred({
      seed: seedWithChannel(),
      interaction: {
        guild_id: GUILDS.withBot,
        user_id: USERS.member,
        channel_id: CHANNEL,
        custom_id: 'verify:go',
      },
      reply: { type: 6 },
      afterMs: 50,
      later: (body) => ({
        method: 'POST',
        path: `/api/v10/webhooks/${body.application_id}/${body.token}`,
        message: { content: 'You are verified', flags: 64 },
      }),
    });
    expect(res).toMatchObject({
      response: { type: 6 },
      followups: [{ content: 'You are verified' }],
    });
  });

  it('refuses a channel of another guild, an unknown message and a press without a channel', async () => {
    emulator = createEmulator({
      seed: seedWithChannel(),
      interactionsUrl: 'http://127.0.0.1:9/none',
    });
    const send = (payload: object) =>
      emulator.inject({
        method: 'POST',
        url: '/__emulator/interactions',
        payload: { guild_id: GUILDS.withBot, user_id: USERS.member, ...payload },
      });
    expect((await send({ channel_id: GUILDS.noBot, custom_id: 'x' })).json().message).toBe(
      `There is no channel ${GUILDS.noBot} in guild ${GUILDS.withBot}.`,
    );
    expect(
      (await send({ channel_id: CHANNEL, custom_id: 'x', message_id: '159999999999999999' })).json()
        .message,
    ).toBe(`There is no message 159999999999999999 in channel ${CHANNEL}.`);
    const noChannel = await send({ custom_id: 'x' });
    expect(noChannel.statusCode).toBe(400);
    expect(noChannel.json().message).toBe('channel_id must be a non-empty string.');
    expect(
      (await send({ command: 'verify', custom_id: 'x', channel_id: CHANNEL })).json().message,
    ).toBe('Send either command or custom_id, not both.');
  });
});

describe('application commands', () => {
  it('bulk overwrite replaces the set and keeps ids of commands that stay', async () => {
    emulator = createEmulator({ seed: testSeed() });
    const put = (body: object[]) =>
      emulator.inject({
        method: 'PUT',
        url: `/api/v10/applications/${CLIENT_ID}/commands`,
        headers: BOT,
        payload: body,
      });
    const first = (
      await put([
        { name: 'verify', description: 'v' },
        { name: 'whois', description: 'w' },
      ])
    ).json();
    const second = (await put([{ name: 'verify', description: 'v2' }])).json();
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ name: 'verify', description: 'v2', id: first[0].id });
    const unauth = await emulator.inject({
      method: 'PUT',
      url: `/api/v10/applications/${CLIENT_ID}/commands`,
      headers: DISCORD_CLIENT,
      payload: [],
    });
    expect(unauth.statusCode).toBe(401);
  });
});

describe('GET /guilds/{g}/members', () => {
  it('pages members in id order with limit and after', async () => {
    emulator = createEmulator({ seed: testSeed() });
    const page = (q: string) =>
      emulator.inject({
        method: 'GET',
        url: `/api/v10/guilds/${GUILDS.withBot}/members?${q}`,
        headers: BOT,
      });
    const first = (await page('limit=3')).json();
    // the bot is a member too (its id is the application's)
    expect(first.map((m: any) => m.user.id)).toEqual([CLIENT_ID, USERS.owner, USERS.member]);
    const next = (await page(`limit=2&after=${USERS.member}`)).json();
    expect(next[0].user.id).toBe(USERS.noDms);
    expect((await page('limit=5000')).statusCode).toBe(400);
  });
});

describe('rate limits', () => {
  it('answers a real 429 past the per-route bucket, then serves again after the reset', async () => {
    emulator = createEmulator({
      seed: testSeed(),
      rateLimits: {
        enabled: true,
        perRouteLimit: 2,
        perRouteResetAfter: 0.2,
        globalPerSecond: 100,
      },
    });
    const get = () =>
      emulator.inject({
        method: 'GET',
        url: `/api/v10/guilds/${GUILDS.withBot}/roles`,
        headers: BOT,
      });
    const [a, b, c] = [await get(), await get(), await get()];
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 429]);
    expect(b.headers['x-ratelimit-remaining']).toBe('0');
    expect(c.headers['x-ratelimit-limit']).toBe('2');
    expect(c.headers['retry-after']).toBe('1');
    expect(c.headers['x-ratelimit-scope']).toBe('user');
    expect(c.headers['x-ratelimit-bucket']).toBe(a.headers['x-ratelimit-bucket']);
    expect(c.json()).toMatchObject({ message: 'You are being rate limited.', global: false });
    expect(c.json().retry_after).toBeGreaterThan(0);
    expect(c.json().retry_after).toBeLessThanOrEqual(0.2);
    // another route has its own bucket
    expect(
      (
        await emulator.inject({
          method: 'GET',
          url: `/api/v10/guilds/${GUILDS.withBot}`,
          headers: BOT,
        })
      ).statusCode,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 250));
    expect((await get()).statusCode).toBe(200);
    const limits = (
      await emulator.inject({ method: 'GET', url: '/__emulator/rate-limits' })
    ).json();
    expect(limits.counters).toEqual({ served: 4, limited: 1, global_limited: 0 });
  });

  it('applies the global cap with X-RateLimit-Global, and is configured through the control route', async () => {
    emulator = createEmulator({ seed: testSeed() });
    const set = await emulator.inject({
      method: 'PUT',
      url: '/__emulator/rate-limits',
      payload: { per_route_limit: 100, per_route_reset_after: 1, global_per_second: 2 },
    });
    expect(set.json()).toMatchObject({ enabled: true, global_per_second: 2 });
    const urls = ['/roles', '', '/members/' + USERS.owner];
    const answers = [];
    for (const u of urls)
      answers.push(
        await emulator.inject({
          method: 'GET',
          url: `/api/v10/guilds/${GUILDS.withBot}${u}`,
          headers: BOT,
        }),
      );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 429]);
    expect(answers[2]!.headers['x-ratelimit-global']).toBe('true');
    expect(answers[2]!.json().global).toBe(true);
    const bad = await emulator.inject({
      method: 'PUT',
      url: '/__emulator/rate-limits',
      payload: { global_per_second: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('global_per_second must be a number from 1 to 100000.');
    const discord = await emulator.inject({
      method: 'PUT',
      url: '/__emulator/rate-limits',
      payload: { preset: 'discord' },
    });
    expect(discord.json()).toMatchObject({
      per_route_limit: 5,
      per_route_reset_after: 1,
      global_per_second: 50,
    });
  });

  it('a refused request is not in the call log, and member writes are counted per target', async () => {
    emulator = createEmulator({
      seed: testSeed(),
      rateLimits: { enabled: true, perRouteLimit: 1, perRouteResetAfter: 5, globalPerSecond: 100 },
    });
    const patch = (user: string) =>
      emulator.inject({
        method: 'PATCH',
        url: `/api/v10/guilds/${GUILDS.withBot}/members/${user}`,
        headers: BOT,
        payload: { nick: 'x' },
      });
    expect((await patch(USERS.member)).statusCode).toBe(200);
    expect((await patch(USERS.member)).statusCode).toBe(429);
    const calls = (await emulator.inject({ method: 'GET', url: '/__emulator/calls' })).json();
    expect(calls.bot.routes['PATCH /api/v10/guilds/:guildId/members/:userId']).toBe(1);
    expect(calls.member_writes).toEqual({ total: 1, most_on_one_target: 1, repeated: [] });
  });
});
