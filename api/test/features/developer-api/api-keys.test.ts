/**
 * The developer API's keys and public routes (api/README.md › Developer API): keys made by a
 * server's managers, shown once and kept as a hash; a key works for its own server only, is
 * refused from the moment it is revoked, has its own rate limit with X-RateLimit-* headers, and
 * every call made with it is recorded; lookups answer only members who allow it (one 404 for
 * "not linked" and "private"); the update goes through the member-update path.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  apiKeyCalls,
  apiKeys,
  privacyConsents,
  privacyLookups,
  users,
  verifications,
} from '../../../src/db/schema';
import { refusal, testSettings } from '../../support/app';
import { queryRows } from '../../support/db';
import {
  callAs,
  completeSetup,
  linkedAccountsOf,
  linkRoblox,
  loginAs,
  type Session,
} from '../../support/fake-login';
import { useFakeApp } from '../../support/harness';
import { MAX_AS_PETE } from '../../support/server-config';
import { GROUP, GUILD_A, GUILD_C, MAX, MO, OLIVIA, PETE } from '../../support/world';

const t = useFakeApp();
let olivia: Session;
let max: Session;
let mo: Session;

beforeEach(async () => {
  olivia = await loginAs(t.app, OLIVIA);
  max = await loginAs(t.app, MAX);
  mo = await loginAs(t.app, MO);
});

const keysUrl = (guildId: string) => `/api/v1/server/${guildId}/api-keys`;
async function createKey(s: Session, guildId: string, name = 'Game server') {
  const res = await callAs(t.app, s, 'POST', keysUrl(guildId), { name });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; name: string; key: string; prefix: string };
}
const call = (key: string, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${key}` } });
const memberUrl = (guildId: string, discordId: string) =>
  `/api/public/v1/servers/${guildId}/members/${discordId}`;

/** Max links Pete's Roblox account and verifies in GUILD_A (set up by its owner, Olivia). */
async function maxVerifiedInA() {
  await completeSetup(t.app, olivia, GUILD_A, { group_id: GROUP });
  await linkRoblox(t.app, max, PETE);
  const accounts = await linkedAccountsOf(t.app, max);
  const res = await callAs(t.app, max, 'POST', '/api/v1/dashboard/bot/verify-in-server', {
    server_id: GUILD_A,
    account_id: accounts[0]!.id,
  });
  expect(res.statusCode).toBe(200);
}

describe('managing keys', () => {
  it('a manager creates a key, shown once and stored as its SHA-256 only', async () => {
    const created = await createKey(olivia, GUILD_A, '  Obby game  ');
    expect(created.name).toBe('Obby game');
    expect(created.key).toMatch(/^rck_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);

    const [row] = await t.tdb.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    const stored = JSON.stringify(await queryRows(t.tdb.database, sql`SELECT * FROM api_keys`));
    expect(stored).not.toContain(created.key);

    const list = await callAs(t.app, olivia, 'GET', keysUrl(GUILD_A));
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      {
        id: created.id,
        name: 'Obby game',
        prefix: created.prefix,
        created_at: expect.any(String),
        last_used_at: null,
      },
    ]);
    expect(list.body).not.toContain(created.key);
  });

  it('only the server’s managers list, create and revoke its keys', async () => {
    const created = await createKey(olivia, GUILD_A);
    for (const res of [
      await t.app.inject({ method: 'GET', url: keysUrl(GUILD_A), headers: max.headers }),
      await callAs(t.app, max, 'POST', keysUrl(GUILD_A), { name: 'x' }),
      await callAs(t.app, mo, 'DELETE', `${keysUrl(GUILD_A)}/${created.id}`),
      await t.app.inject({ method: 'GET', url: keysUrl(GUILD_A) }),
    ]) {
      expect([401, 403]).toContain(res.statusCode);
    }
    expect((await t.tdb.database.db.select().from(apiKeys)).length).toBe(1);
  });

  it('a blank or too long name is refused, naming the field', async () => {
    for (const name of ['', '   ', 'x'.repeat(65)]) {
      const res = await callAs(t.app, olivia, 'POST', keysUrl(GUILD_A), { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/name/);
    }
  });

  it('creating and revoking are in the server’s audit log', async () => {
    const created = await createKey(olivia, GUILD_A, 'Bot');
    await callAs(t.app, olivia, 'DELETE', `${keysUrl(GUILD_A)}/${created.id}`);
    const log = (await callAs(t.app, olivia, 'GET', `/api/v1/server/${GUILD_A}/audit`)).json().data
      .entries as { setting: string; before: string | null; after: string | null }[];
    expect(log.map((e) => [e.setting, e.before, e.after])).toEqual([
      ['api_keys', `Bot (${created.prefix}…)`, `Bot (${created.prefix}…) revoked`],
      ['api_keys', null, `Bot (${created.prefix}…) created`],
    ]);
  });
});

describe('the public API', () => {
  it('a key of server A is refused on server B', async () => {
    await maxVerifiedInA();
    const keyOfC = await createKey(mo, GUILD_C);
    const res = await call(keyOfC.key, 'GET', memberUrl(GUILD_A, MAX));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(
      refusal('api_key_wrong_server', 'This API key belongs to another server.'),
    );
    expect((await call(keyOfC.key, 'POST', `${memberUrl(GUILD_A, MAX)}/update`)).statusCode).toBe(
      403,
    );
    // and nothing was looked up
    expect(await t.tdb.database.db.select().from(privacyLookups)).toEqual([]);
  });

  it('a revoked key is refused at once', async () => {
    await maxVerifiedInA();
    const created = await createKey(olivia, GUILD_A);
    expect((await call(created.key, 'GET', memberUrl(GUILD_A, MAX))).statusCode).toBe(200);
    const revoke = await callAs(t.app, olivia, 'DELETE', `${keysUrl(GUILD_A)}/${created.id}`);
    expect(revoke.statusCode).toBe(200);
    const res = await call(created.key, 'GET', memberUrl(GUILD_A, MAX));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_api_key');
    // gone from the list; revoking again is a 404
    expect(
      (await t.app.inject({ method: 'GET', url: keysUrl(GUILD_A), headers: olivia.headers })).json()
        .data,
    ).toEqual([]);
    expect(
      (await callAs(t.app, olivia, 'DELETE', `${keysUrl(GUILD_A)}/${created.id}`)).statusCode,
    ).toBe(404);
  });

  it('a call without a key, or with one that never existed, answers 401 naming what to send', async () => {
    const none = await t.app.inject({ method: 'GET', url: memberUrl(GUILD_A, MAX) });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(
      refusal('missing_api_key', "Send the server's API key: Authorization: Bearer <key>."),
    );
    const made = await call('rck_' + 'A'.repeat(43), 'GET', memberUrl(GUILD_A, MAX));
    expect(made.statusCode).toBe(401);
    expect(made.json().error).toBe('invalid_api_key');
  });

  it('answers a member who allows it, by Discord id and by Roblox id', async () => {
    await maxVerifiedInA();
    const { key } = await createKey(olivia, GUILD_A);
    const expected = { success: true, data: MAX_AS_PETE };
    const byDiscord = await call(key, 'GET', memberUrl(GUILD_A, MAX));
    expect(byDiscord.statusCode).toBe(200);
    expect(byDiscord.json()).toEqual(expected);
    const byRoblox = await call(key, 'GET', `/api/public/v1/servers/${GUILD_A}/roblox/${PETE}`);
    expect(byRoblox.statusCode).toBe(200);
    expect(byRoblox.json()).toEqual(expected);
  });

  it('one 404 for not linked, private, not a member and unknown Roblox account, and each lookup of a linked member recorded for them', async () => {
    await maxVerifiedInA();
    const { key, id: keyId } = await createKey(olivia, GUILD_A, 'Lookup bot');
    const [maxUser] = await t.tdb.database.db.select().from(users).where(eq(users.discordId, MAX));
    await t.tdb.database.db
      .insert(privacyConsents)
      .values({ userId: maxUser!.id, guildId: GUILD_A, visible: false });
    const answers = [
      await call(key, 'GET', memberUrl(GUILD_A, MAX)), // private
      await call(key, 'GET', `/api/public/v1/servers/${GUILD_A}/roblox/${PETE}`), // private
      await call(key, 'GET', memberUrl(GUILD_A, OLIVIA)), // a member, not linked
      await call(key, 'GET', memberUrl(GUILD_A, '110000000000000099')), // nobody
      await call(key, 'GET', `/api/public/v1/servers/${GUILD_A}/roblox/999`), // no such link
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(answers[0]!.body);
    }
    const lookups = await t.tdb.database.db.select().from(privacyLookups);
    expect(lookups).toHaveLength(2);
    for (const l of lookups)
      expect(l).toMatchObject({
        subjectUserId: maxUser!.id,
        guildId: GUILD_A,
        source: 'api',
        apiKeyId: keyId,
        shown: false,
      });
  });

  it('a linked member who is not in the server is not answered', async () => {
    await maxVerifiedInA();
    const { key } = await createKey(olivia, GUILD_A);
    t.world.guilds.get(GUILD_A)!.members.delete(MAX);
    expect((await call(key, 'GET', memberUrl(GUILD_A, MAX))).statusCode).toBe(404);
    expect(
      (await call(key, 'GET', `/api/public/v1/servers/${GUILD_A}/roblox/${PETE}`)).statusCode,
    ).toBe(404);
  });

  it('every call made with a key is recorded with its answer, and its last use shown', async () => {
    await maxVerifiedInA();
    const created = await createKey(olivia, GUILD_A);
    const statuses = [
      (await call(created.key, 'GET', memberUrl(GUILD_A, MAX))).statusCode,
      (await call(created.key, 'GET', memberUrl(GUILD_A, OLIVIA))).statusCode,
      (await call(created.key, 'GET', memberUrl(GUILD_C, MAX))).statusCode,
      (await call(created.key, 'GET', memberUrl(GUILD_A, 'not-an-id'))).statusCode,
    ];
    expect(statuses).toEqual([200, 404, 403, 400]);
    const calls = await t.tdb.database.db.select().from(apiKeyCalls).orderBy(apiKeyCalls.createdAt);
    expect(calls.map((c) => [c.keyId, c.guildId, c.method, c.route, c.status])).toEqual(
      statuses.map((status) => [
        created.id,
        GUILD_A,
        'GET',
        '/api/public/v1/servers/:server_id/members/:discord_id',
        status,
      ]),
    );
    const [listed] = (
      await t.app.inject({ method: 'GET', url: keysUrl(GUILD_A), headers: olivia.headers })
    ).json().data;
    expect(Date.parse(listed.last_used_at)).toBe(calls[calls.length - 1]!.createdAt.getTime());
  });

  it('runs the update through the member-update path, audited as the developer API', async () => {
    await maxVerifiedInA();
    const { key } = await createKey(olivia, GUILD_A);
    const guild = t.world.guilds.get(GUILD_A)!;
    const verified = guild.roles.find((r) => r.name === 'Verified')!;
    const member = guild.members.get(MAX)!;
    member.roles = member.roles.filter((id) => id !== verified.id);

    const res = await call(key, 'POST', `${memberUrl(GUILD_A, MAX)}/update`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      discord_id: MAX,
      roles_added: ['Verified'],
      roles_removed: [],
      nickname_updated: false,
      warnings: [],
    });
    expect(guild.members.get(MAX)!.roles).toContain(verified.id);
    const [latest] = await t.tdb.database.db
      .select()
      .from(verifications)
      .orderBy(sql`${verifications.createdAt} DESC`)
      .limit(1);
    expect(latest).toMatchObject({ source: 'api', actorUserId: null, memberDiscordId: MAX });

    const notLinked = await call(key, 'POST', `${memberUrl(GUILD_A, OLIVIA)}/update`);
    expect(notLinked.statusCode).toBe(404);
  });
});

/** The app restarted with the limit `setting` at 3 calls, and two keys of Olivia's for GUILD_A. */
async function twoKeysWithLimit(setting: string) {
  await t.restartWith(testSettings({ [setting]: '3' }));
  olivia = await loginAs(t.app, OLIVIA);
  return {
    first: await createKey(olivia, GUILD_A, 'first'),
    second: await createKey(olivia, GUILD_A, 'second'),
  };
}

describe('rate limits per key', () => {
  it('each key has its own limit, with X-RateLimit-* headers, and 429 with Retry-After past it', async () => {
    const { first, second } = await twoKeysWithLimit('PUBLIC_API_RATE_LIMIT_MAX');
    const url = memberUrl(GUILD_A, MAX);

    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await call(first.key, 'GET', url));
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 429]);
    expect(answers.map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    for (const r of answers) {
      expect(r.headers['x-ratelimit-limit']).toBe('3');
      expect(Number(r.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(60);
    }
    expect(answers[3]!.json()).toMatchObject({ error: 'rate_limited' });
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // the other key of the same server still has its whole minute
    const other = await call(second.key, 'GET', url);
    expect(other.statusCode).toBe(404);
    expect(other.headers['x-ratelimit-remaining']).toBe('2');
    // refused calls are recorded too
    const calls = await t.tdb.database.db
      .select()
      .from(apiKeyCalls)
      .where(eq(apiKeyCalls.keyId, first.id));
    expect(calls.map((c) => c.status).sort()).toEqual([404, 404, 404, 429]);
  });
});

describe('limits beyond the key (docs/security.md, T8)', () => {
  it('a server has one budget across its keys: more keys give no more calls', async () => {
    const { first, second } = await twoKeysWithLimit('PUBLIC_API_SERVER_RATE_LIMIT_MAX');
    const url = memberUrl(GUILD_A, MAX);
    const answers = [
      await call(first.key, 'GET', url),
      await call(first.key, 'GET', url),
      await call(second.key, 'GET', url),
      await call(second.key, 'GET', url),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 429]);
    expect(answers.map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    expect(answers[3]!.json().message).toMatch(
      /^This server's API keys made more than 3 calls this minute: try again in \d+ s\.$/,
    );
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('an address that sends too many refused keys is refused before its key is looked up; other addresses are not', async () => {
    await t.restartWith(testSettings({ PUBLIC_API_KEY_FAILURE_MAX: '3' }));
    olivia = await loginAs(t.app, OLIVIA);
    const good = await createKey(olivia, GUILD_A);
    const from = (remoteAddress: string, authorization?: string, guildId = GUILD_A) =>
      t.app.inject({
        method: 'GET',
        url: memberUrl(guildId, MAX),
        remoteAddress,
        headers: authorization ? { authorization } : {},
      });
    const attacker = '203.0.113.7';
    const statuses = [
      (await from(attacker, `Bearer rck_${'A'.repeat(43)}`)).statusCode, // never existed
      (await from(attacker, 'Bearer not-a-key')).statusCode, // not shaped like one
      (await from(attacker)).statusCode, // none
      (await from(attacker, `Bearer ${good.key}`, GUILD_C)).statusCode, // on another server
    ];
    expect(statuses).toEqual([401, 401, 401, 429]);
    const blocked = await from(attacker, `Bearer ${good.key}`);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: 'rate_limited' });
    expect(blocked.json().message).toMatch(/more than 3 refused API keys this minute/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // refused before the key was read: only the one call that reached the key check is recorded
    const calls = await t.tdb.database.db
      .select()
      .from(apiKeyCalls)
      .where(eq(apiKeyCalls.keyId, good.id));
    expect(calls.map((c) => c.status)).toEqual([429]);
    // another address is not held by it
    expect((await from('198.51.100.4', `Bearer rck_${'A'.repeat(43)}`)).statusCode).toBe(401);
  });

  it('a server creates at most API_KEY_CREATE_MAX_PER_DAY keys a day, revoked ones included', async () => {
    await t.restartWith(testSettings({ API_KEY_CREATE_MAX_PER_DAY: '2' }));
    olivia = await loginAs(t.app, OLIVIA);
    for (let i = 0; i < 2; i++) {
      const { id } = await createKey(olivia, GUILD_A);
      const revoked = await callAs(t.app, olivia, 'DELETE', `${keysUrl(GUILD_A)}/${id}`);
      expect(revoked.statusCode).toBe(200);
    }
    const third = await callAs(t.app, olivia, 'POST', keysUrl(GUILD_A), { name: 'third' });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual(
      refusal(
        'too_many_api_keys_created',
        'This server created 2 API keys in the last 24 hours: try again tomorrow.',
      ),
    );
    // a day later the server may create again
    await t.tdb.database.db.execute(
      sql`UPDATE api_keys SET created_at = now() - interval '25 hours'`,
    );
    await createKey(olivia, GUILD_A);
  });

  it('not linked, private here and not in the server are one 404 for the lookups, and a private member costs no Discord call', async () => {
    await maxVerifiedInA();
    const { key } = await createKey(olivia, GUILD_A);
    const [maxUser] = await t.tdb.database.db.select().from(users).where(eq(users.discordId, MAX));
    await t.tdb.database.db
      .insert(privacyConsents)
      .values({ userId: maxUser!.id, guildId: GUILD_A, visible: false });
    const getMember = jest.spyOn(t.app.ctx.integrations.discordBot, 'getMember');
    const privateAnswers = [
      await call(key, 'GET', memberUrl(GUILD_A, MAX)),
      await call(key, 'GET', `/api/public/v1/servers/${GUILD_A}/roblox/${PETE}`),
    ];
    // the database decided: Discord was asked nothing, as for an account nobody linked
    expect(getMember).not.toHaveBeenCalled();
    getMember.mockRestore();
    const answers = [
      ...privateAnswers,
      await call(key, 'GET', `/api/public/v1/servers/${GUILD_A}/roblox/999`), // nobody linked it
      // the update: a member who has not linked, and nobody in the server
      await call(key, 'POST', `${memberUrl(GUILD_A, OLIVIA)}/update`),
      await call(key, 'POST', `${memberUrl(GUILD_A, '110000000000000099')}/update`),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(answers[0]!.body);
    }
  });
});

describe('OpenAPI', () => {
  it('the public surface has its own document, and the dashboard’s leaves it out', async () => {
    const pub = (await t.app.inject({ method: 'GET', url: '/api/public/v1/openapi.json' })).json();
    expect(pub.info.title).toBe('RoConnect developer API');
    expect(Object.keys(pub.paths).sort()).toEqual([
      '/api/public/v1/servers/{server_id}/members/{discord_id}',
      '/api/public/v1/servers/{server_id}/members/{discord_id}/update',
      '/api/public/v1/servers/{server_id}/roblox/{roblox_id}',
    ]);
    expect(pub.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const dash = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(Object.keys(dash.paths).filter((p) => p.startsWith('/api/public/'))).toEqual([]);
    expect(dash.paths['/api/v1/server/{id}/api-keys']).toBeDefined();
    expect(dash.paths['/api/v1/server/{id}/webhook']).toBeDefined();
  });
});
