import { sql } from 'drizzle-orm';
import testSeed from '@roconnect/emulator/seeds/test.json';
import type { Seed } from '@roconnect/emulator';
import { USER_TABLES } from '../../../src/domain/account-actions/export';
import { TOMBSTONE } from '../../../src/domain/account-actions/delete-user';
import { purgeInactiveAccounts } from '../../../src/domain/maintenance/inactive-accounts';
import { lookUpLink } from '../../../src/domain/privacy/look-up';
import { handleMemberEvent } from '../../../src/features/member-events/handle-event';
import { queryRows } from '../../support/db';
import {
  emulatorChannel,
  emulatorMember,
  sendInteraction,
  useStack,
  verifyInServer,
  type EmulatorMessage,
  type HttpSession,
} from '../../support/emulator-flow';
import { fakeClockAt } from '../../support/fake-clock';
import { until } from '../../support/until';
import { refusal } from '../../support/app';

const OWNER = '110000000000000001'; // owner_olivia, owns both bot servers
const MAX = '110000000000000002'; // member_max, member of both
const NINA = '110000000000000003'; // no_dms_nina, member of both
const GUILD_A = '120000000000000001'; // "Bot Guild"
const GUILD_B = '120000000000000003'; // "Second Guild", added to the seed below
const PETE = '502'; // PlainPete, Member rank in group 7001
const LEO = '503'; // LoneLeo
const DAY_MS = 24 * 3600 * 1000;
const LOGS_A = '140000000000000001';
const LOGS_B = '140000000000000002';

/** The test seed with a second server where the bot is, Olivia owns it, Max and Nina are in it. */
function seedWithSecondGuild(): Seed {
  const seed = structuredClone(testSeed) as any;
  const first = seed.discord.guilds[0];
  seed.discord.guilds.push({
    ...structuredClone(first),
    id: GUILD_B,
    name: 'Second Guild',
    roles: [{ id: '130000000000000011', name: 'Other', position: 2 }],
    members: first.members.slice(0, 3),
  });
  const guild = (id: string) => seed.discord.guilds.find((g: { id: string }) => g.id === id);
  guild(GUILD_A).channels = [{ id: LOGS_A, name: 'logs', type: 0 }];
  guild(GUILD_B).channels = [{ id: LOGS_B, name: 'logs', type: 0 }];
  return seed as Seed;
}

// before the stack's own: a test's fake clock must not hold the stack's close
afterEach(() => jest.useRealTimers());
const { tdb, stack, signIn, linkRoblox } = useStack(() => ({ seed: seedWithSecondGuild() }));
beforeEach(() => stack.emulator.app.emulator.setInteractionsUrl(`${stack.api}/api/interactions`));

/** A slash command (with its member option), as Discord sends it; answers the reply's text. */
async function slash(
  guildId: string,
  asker: string,
  command: 'whois' | 'update' | 'verify',
  target?: string,
): Promise<string> {
  const { json, message } = await sendInteraction(stack, {
    guild_id: guildId,
    user_id: asker,
    command,
    options: target ? { member: target } : {},
  });
  expect(json.status).toBe(200);
  expect(message.flags).toBe(64);
  return message.content as string;
}

const whois = (guildId: string, asker: string, target: string) =>
  slash(guildId, asker, 'whois', target);

/** Olivia finishes the setup of both servers (verified role and group binds). */
async function setUpServers(): Promise<HttpSession & { refresh: string }> {
  const olivia = await signIn(OWNER);
  await olivia.call('POST', '/api/v1/dashboard/user/sync-servers');
  for (const id of [GUILD_A, GUILD_B]) {
    const base = `/api/v1/server/${id}/setup`;
    await olivia.call('POST', `${base}/nickname`, { nickname_format: 'roblox_username' });
    expect(
      (await olivia.call('POST', `${base}/verified-role`, { verified_role_name: 'Verified' }))
        .status,
    ).toBe(200);
    expect((await olivia.call('POST', `${base}/group`, { group_url: '7001' })).status).toBe(200);
  }
  return olivia;
}

async function verifyIn(s: HttpSession, guildId: string, accountId: string) {
  const res = await verifyInServer(s, guildId, accountId);
  expect(res.status).toBe(200);
}

const memberIn = (guildId: string, userId: string) => emulatorMember(stack, guildId, userId);

const SHOWN = `<@${MAX}> is Pete (@PlainPete) on Roblox: https://www.roblox.com/users/502/profile`;
const PRIVATE = `<@${MAX}> keeps their Roblox account private in this server.`;

describe('consent per server', () => {
  it('/whois follows the matrix: shown only where verified by default, per-server choices, a default for new servers', async () => {
    await setUpServers();
    expect(await whois(GUILD_A, NINA, MAX)).toBe(
      `<@${MAX}> has not linked a Roblox account to RoConnect.`,
    );
    const max = await signIn(MAX);
    const pete = await linkRoblox(max, PETE);

    // linked, verified nowhere: private everywhere
    expect(await whois(GUILD_A, NINA, MAX)).toBe(PRIVATE);
    expect(await whois(GUILD_B, NINA, MAX)).toBe(PRIVATE);
    // verified in A: shown there only
    await verifyIn(max, GUILD_A, pete);
    expect(await whois(GUILD_A, NINA, MAX)).toBe(SHOWN);
    expect(await whois(GUILD_B, NINA, MAX)).toBe(PRIVATE);
    expect((await max.call('GET', '/api/v1/dashboard/user/privacy')).json.data).toEqual({
      default_visible: true,
      servers: [{ server_id: GUILD_A, server_name: 'Bot Guild', visible: true, verified: true }],
    });

    // a choice per server: off in A, on in B (where he did not verify)
    const saved = await max.call('PUT', '/api/v1/dashboard/user/privacy', {
      default_visible: true,
      servers: [
        { server_id: GUILD_A, visible: false },
        { server_id: GUILD_B, visible: true },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.json.data.servers).toEqual([
      { server_id: GUILD_A, server_name: 'Bot Guild', visible: false, verified: true },
      { server_id: GUILD_B, server_name: 'Second Guild', visible: true, verified: false },
    ]);
    expect(await whois(GUILD_A, NINA, MAX)).toBe(PRIVATE);
    expect(await whois(GUILD_B, NINA, MAX)).toBe(SHOWN);

    // the default for new servers: off, with A chosen on; B's choice dropped by choosing it off
    await max.call('PUT', '/api/v1/dashboard/user/privacy', {
      default_visible: false,
      servers: [
        { server_id: GUILD_A, visible: true },
        { server_id: GUILD_B, visible: false },
      ],
    });
    expect(await whois(GUILD_A, NINA, MAX)).toBe(SHOWN);
    expect(await whois(GUILD_B, NINA, MAX)).toBe(PRIVATE);

    // the domain function the developer API uses answers the same, by Discord or Roblox id
    const db = stack.app.ctx.db;
    const key = {
      kind: 'api_key' as const,
      keyId: '00000000-0000-4000-8000-0000000000aa',
      name: 'Bot',
    };
    expect((await lookUpLink(db, GUILD_A, { discordId: MAX }, key)).status).toBe('shown');
    expect((await lookUpLink(db, GUILD_B, { robloxId: PETE }, key)).status).toBe('private');
    expect((await lookUpLink(db, GUILD_B, { robloxId: LEO }, key)).status).toBe('not_linked');
  });

  it('a new server Max verifies in follows his default: off keeps it private there', async () => {
    await setUpServers();
    const max = await signIn(MAX);
    const pete = await linkRoblox(max, PETE);
    await verifyIn(max, GUILD_A, pete);
    await max.call('PUT', '/api/v1/dashboard/user/privacy', {
      default_visible: false,
      servers: [{ server_id: GUILD_A, visible: true }],
    });
    await verifyIn(max, GUILD_B, pete);
    expect(await whois(GUILD_A, NINA, MAX)).toBe(SHOWN);
    expect(await whois(GUILD_B, NINA, MAX)).toBe(PRIVATE);
  });

  it('refuses a bad body, naming the field, and a server the member is not in, naming it', async () => {
    await setUpServers();
    const max = await signIn(MAX);
    const missing = await max.call('PUT', '/api/v1/dashboard/user/privacy', { servers: [] });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toContain('default_visible');
    const badId = await max.call('PUT', '/api/v1/dashboard/user/privacy', {
      default_visible: true,
      servers: [{ server_id: 'abc', visible: true }],
    });
    expect(badId.status).toBe(400);
    expect(badId.json.message).toContain('server_id');
    const stranger = '120000000000000999';
    const unknown = await max.call('PUT', '/api/v1/dashboard/user/privacy', {
      default_visible: false,
      servers: [{ server_id: stranger, visible: true }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual(
      refusal('unknown_server', `servers: ${stranger} is not a server you are in or verified in.`),
    );
    // nothing was saved
    expect(
      (await max.call('GET', '/api/v1/dashboard/user/privacy')).json.data.default_visible,
    ).toBe(true);
    const anonymous = await fetch(`${stack.api}/api/v1/dashboard/user/privacy`);
    expect(anonymous.status).toBe(401);
  });
});

/** The embeds the bot posted in a server's log channel, oldest first. */
const logged = async (guildId: string, channelId: string) =>
  (await emulatorChannel<EmulatorMessage>(stack, guildId, channelId)).messages.flatMap(
    (m) => m.embeds,
  );

async function setLogChannels(olivia: HttpSession) {
  for (const [id, channel] of [
    [GUILD_A, LOGS_A],
    [GUILD_B, LOGS_B],
  ]) {
    const set = await olivia.call('PUT', `/api/v1/server/${id}/log-channel`, {
      channel_id: channel,
    });
    expect([id, set.status, set.json.message]).toEqual([id, 200, undefined]);
  }
}

/** Both servers set up, each with its log channel, and Max signed in with his servers synced. */
async function maxWithLogChannels() {
  const olivia = await setUpServers();
  await setLogChannels(olivia);
  const max = await signIn(MAX);
  await max.call('POST', '/api/v1/dashboard/user/sync-servers');
  return { olivia, max };
}

describe('verifications the member did not ask for (docs/security.md › Member privacy)', () => {
  /** The developer API of GUILD_A with a new key of Olivia's. */
  async function developerApi(olivia: HttpSession) {
    const created = await olivia.call('POST', `/api/v1/server/${GUILD_A}/api-keys`, {
      name: 'bot',
    });
    expect(created.status).toBe(201);
    const key = created.json.data.key as string;
    return async (method: 'GET' | 'POST', path: string) => {
      const res = await fetch(`${stack.api}/api/public/v1/servers/${GUILD_A}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}` },
      });
      return { status: res.status, json: (await res.json()) as any };
    };
  }
  const memberVerified = (n: number) =>
    until(
      `${n} "Member verified" entries in the log channel`,
      () => logged(GUILD_A, LOGS_A),
      (embeds) => embeds.filter((e) => e.title === 'Member verified').length >= n,
      { timeoutMs: 10_000, everyMs: 100 },
    );

  it("a moderator's /update, the developer API and join handling give roles but show nobody; verifying himself shows him", async () => {
    const { olivia, max } = await maxWithLogChannels();
    const api = await developerApi(olivia);
    const pete = await linkRoblox(max, PETE);

    // the owner's /update: roles, and a reply that names no Roblox account
    const reply = await slash(GUILD_A, OWNER, 'update', MAX);
    expect(reply.split('\n').slice(0, 2)).toEqual([
      `Updated <@${MAX}>.`,
      'Roles given: Verified, Member.',
    ]);
    expect(reply).toContain('Their Roblox account is not shown in this server');
    expect(reply).not.toContain('PlainPete');
    // the developer API's update (answered as for a member who never linked, the roles given
    // after the answer), and join handling (a gateway join's job)
    expect((await api('POST', `/members/${MAX}/update`)).status).toBe(404);
    await memberVerified(2);
    const joined = await handleMemberEvent(stack.app.ctx, {
      kind: 'join',
      guildId: GUILD_A,
      userId: MAX,
      at: new Date().toISOString(),
    });
    expect(joined.kind).toBe('verified');

    const member = await memberIn(GUILD_A, MAX);
    expect(member.role_names.sort()).toEqual(['Member', 'Verified']);
    expect(member.nick).toBeNull();
    expect(await whois(GUILD_A, NINA, MAX)).toBe(PRIVATE);
    // the developer API answers as for someone with no link
    const notShown = await api('GET', `/members/${MAX}`);
    const noLink = await api('GET', `/members/${NINA}`);
    expect([notShown.status, notShown.json]).toEqual([404, noLink.json]);
    expect((await api('GET', `/roblox/${PETE}`)).status).toBe(404);
    for (const e of await memberVerified(3)) expect(JSON.stringify(e)).not.toContain('PlainPete');
    expect((await max.call('GET', '/api/v1/dashboard/user/privacy')).json.data.servers).toEqual([
      { server_id: GUILD_A, server_name: 'Bot Guild', visible: false, verified: false },
    ]);

    // Max verifies himself: now he is shown, by the default he kept
    await verifyIn(max, GUILD_A, pete);
    expect(await whois(GUILD_A, NINA, MAX)).toBe(SHOWN);
    expect((await api('GET', `/members/${MAX}`)).json.data).toMatchObject({
      roblox_id: PETE,
      roblox_username: 'PlainPete',
    });
    expect((await memberIn(GUILD_A, MAX)).nick).toBe('PlainPete');
    const embeds = await memberVerified(4);
    expect(embeds.filter((e) => e.title === 'Member verified').at(-1)!.description).toBe(
      `<@${MAX}> (member_max) as PlainPete on Roblox, on the website.`,
    );
  });

  it('a member who chose a server off gets no Roblox nickname there, and its log post has no nickname or warnings', async () => {
    const { olivia, max } = await maxWithLogChannels();
    const api = await developerApi(olivia);
    await linkRoblox(max, PETE);
    const saved = await max.call('PUT', '/api/v1/dashboard/user/privacy', {
      default_visible: false,
      servers: [{ server_id: GUILD_A, visible: false }],
    });
    expect(saved.status).toBe(200);
    // Max's own /verify counts as his, but his choice for this server is off
    await slash(GUILD_A, MAX, 'verify');
    expect((await api('POST', `/members/${MAX}/update`)).status).toBe(404);
    const entries = (await memberVerified(2)).filter((e) => e.title === 'Member verified');
    expect((await memberIn(GUILD_A, MAX)).nick).toBeNull();
    for (const e of entries) {
      expect(JSON.stringify(e)).not.toContain('PlainPete');
      expect((e.fields ?? []).map((f) => f.name)).not.toContain('Nickname');
    }
    // the warnings (his groups' ranks, the nickname left) only as a count
    expect(JSON.stringify(entries)).not.toContain('Test Group');
    expect(JSON.stringify(entries)).toContain('see the audit log on the dashboard');
  });
});

describe('the log channel', () => {
  const entry = (guildId: string, channelId: string, title: string) =>
    until(
      `"${title}" in ${guildId}'s log channel`,
      () => logged(guildId, channelId),
      (embeds) => embeds.some((e) => e.title === title),
      { timeoutMs: 10_000, everyMs: 100 },
    ).then((embeds) => embeds.find((e) => e.title === title)!.description);

  it("names the member's Roblox account only in servers where they allow it", async () => {
    const { max } = await maxWithLogChannels();
    const pete = await linkRoblox(max, PETE);
    // shown where he verifies (the default), but he chose B off before verifying there
    expect(
      (
        await max.call('PUT', '/api/v1/dashboard/user/privacy', {
          default_visible: true,
          servers: [{ server_id: GUILD_B, visible: false }],
        })
      ).status,
    ).toBe(200);
    await verifyIn(max, GUILD_A, pete);
    await verifyIn(max, GUILD_B, pete);
    expect(await entry(GUILD_A, LOGS_A, 'Member verified')).toBe(
      `<@${MAX}> (member_max) as PlainPete on Roblox, on the website.`,
    );
    expect(await entry(GUILD_B, LOGS_B, 'Member verified')).toBe(
      `<@${MAX}> (member_max) with their Roblox account, on the website.`,
    );
    const unlinked = await max.call(
      'DELETE',
      `/api/v1/dashboard/user/linked-account/${pete}?remove_roles=true`,
    );
    expect(unlinked.status).toBe(200);
    expect(await entry(GUILD_A, LOGS_A, 'Account unlinked')).toBe(
      `<@${MAX}> (member_max) unlinked PlainPete on Roblox.`,
    );
    expect(await entry(GUILD_B, LOGS_B, 'Account unlinked')).toBe(
      `<@${MAX}> (member_max) unlinked a Roblox account.`,
    );
    for (const e of await logged(GUILD_B, LOGS_B))
      expect(JSON.stringify(e)).not.toContain('PlainPete on Roblox');
  });
});

describe('who looked me up', () => {
  it('records each /whois of a linked member, shown or not, and lists them only to that member', async () => {
    await setUpServers();
    const max = await signIn(MAX);
    const pete = await linkRoblox(max, PETE);
    await verifyIn(max, GUILD_A, pete);
    await whois(GUILD_A, NINA, MAX);
    await whois(GUILD_B, OWNER, MAX);
    await whois(GUILD_A, MAX, NINA); // Nina has no link: nothing to record for her

    const lookups = (await max.call('GET', '/api/v1/dashboard/user/lookups')).json.data;
    expect(lookups).toEqual([
      expect.objectContaining({
        server_id: GUILD_B,
        server_name: 'Second Guild',
        source: 'whois',
        actor_discord_id: OWNER,
        shown: false,
      }),
      expect.objectContaining({
        server_id: GUILD_A,
        server_name: 'Bot Guild',
        source: 'whois',
        actor_discord_id: NINA,
        actor_name: 'Nina', // her Discord display name then
        api_key_id: null,
        shown: true,
      }),
    ]);
    expect(new Date(lookups[0].at).getTime()).toBeGreaterThanOrEqual(
      new Date(lookups[1].at).getTime(),
    );
    // nobody else sees them: not Nina (who looked), not Olivia (who owns the servers)
    const nina = await signIn(NINA);
    expect((await nina.call('GET', '/api/v1/dashboard/user/lookups')).json.data).toEqual([]);
    const olivia = await signIn(OWNER);
    expect((await olivia.call('GET', '/api/v1/dashboard/user/lookups')).json.data).toEqual([]);
  });
});

/** Every (table, column) of the database that names a user: by column name or a key to users. */
async function userColumns(): Promise<{ table: string; column: string }[]> {
  const rows = await queryRows<{ table_name: string; column_name: string }>(
    tdb.database,
    sql`SELECT c.table_name, c.column_name FROM information_schema.columns c
        WHERE c.table_schema = current_schema()
          AND (c.column_name ~ '^(.*_)?(user_id|discord_id)$'
               OR c.column_name IN ('requested_by', 'updated_by', 'created_by')
               OR (c.table_name = 'users' AND c.column_name = 'id'))
        UNION
        SELECT kcu.table_name, kcu.column_name
        FROM information_schema.referential_constraints rc
        JOIN information_schema.key_column_usage kcu
          ON kcu.constraint_name = rc.constraint_name AND kcu.constraint_schema = rc.constraint_schema
        JOIN information_schema.constraint_column_usage ccu
          ON ccu.constraint_name = rc.unique_constraint_name
         AND ccu.constraint_schema = rc.unique_constraint_schema
        WHERE rc.constraint_schema = current_schema() AND ccu.table_name = 'users'`,
  );
  return rows.map((r) => ({ table: r.table_name, column: r.column_name }));
}

/** Rows of `table` where `column` names the user (their id or Discord id). */
async function rowsNaming(table: string, column: string, userId: string, discordId: string) {
  return queryRows(
    tdb.database,
    sql`SELECT * FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)}::text IN (${userId}, ${discordId})`,
  );
}

/** A world where Max is in every table that can name him. */
async function maxEverywhere() {
  const olivia = await setUpServers();
  const max = await signIn(MAX);
  const second = await signIn(MAX); // another session
  const pete = await linkRoblox(max, PETE);
  await verifyIn(max, GUILD_A, pete);
  await verifyIn(max, GUILD_B, pete);
  await max.call('POST', '/api/v1/dashboard/user/sync-servers');
  await max.call('PUT', '/api/v1/dashboard/user/privacy', {
    default_visible: true,
    servers: [{ server_id: GUILD_B, visible: false }],
  });
  await whois(GUILD_A, NINA, MAX);
  // Max looks Nina up: he is named as the one who looked
  const nina = await signIn(NINA);
  const leo = await linkRoblox(nina, LEO);
  await verifyIn(nina, GUILD_A, leo);
  await whois(GUILD_A, MAX, NINA);
  const [user] = await queryRows<{ id: string }>(
    tdb.database,
    sql`SELECT id FROM users WHERE discord_id = ${MAX}`,
  );
  return { olivia, max, second, nina, userId: user!.id };
}

describe('export', () => {
  it('every table with a user column is exported (a new one must be added to the export)', async () => {
    const exported = new Set(USER_TABLES.map((t) => t.table));
    const tables = [...new Set((await userColumns()).map((c) => c.table))].sort();
    expect(tables.filter((t) => !exported.has(t))).toEqual([]);
    // and each such column is one the export reads
    for (const { table, column } of await userColumns())
      expect([table, Object.keys(USER_TABLES.find((t) => t.table === table)!.columns)]).toEqual([
        table,
        expect.arrayContaining([column]),
      ]);
  });

  it('answers a JSON file of every row naming the caller, and no secret', async () => {
    const { max, userId } = await maxEverywhere();
    const res = await fetch(`${stack.api}/api/v1/dashboard/user/export`, {
      headers: max.headers,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="roconnect-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data).toMatchObject({
      format: 'roconnect-export-1',
      profile: { id: userId, discord_id: MAX, username: 'member_max' },
      linked_accounts: [expect.objectContaining({ roblox_id: PETE, roblox_username: 'PlainPete' })],
      privacy: { default_visible: true },
      lookups: [expect.objectContaining({ actor_discord_id: NINA, server_id: GUILD_A })],
    });
    expect(data.sessions).toHaveLength(2);

    // every table's rows naming Max are in it, each one (the first test: every such table is here)
    for (const t of USER_TABLES) {
      const naming = new Set<string>();
      for (const column of Object.keys(t.columns))
        for (const row of await rowsNaming(t.table, column, userId, MAX))
          naming.add(JSON.stringify(row));
      expect([t.table, data.records[t.table].length]).toEqual([t.table, naming.size]);
    }
    // Max is in the tables that matter here, so the comparison above is not of empty lists
    for (const table of [
      'users',
      'sessions',
      'discord_tokens',
      'user_guilds',
      'roblox_accounts',
      'verifications',
      'privacy_consents',
      'privacy_lookups',
    ])
      expect([table, data.records[table].length > 0]).toEqual([table, true]);

    // no secret: no token hash, no provider token, no OAuth verifier, by name or by value
    const keys = new Set<string>();
    JSON.parse(text, (k, v) => (keys.add(k), v));
    expect(
      [...keys].filter((k) => /hash|_enc$|^(access|refresh)_token|verifier|secret/i.test(k)),
    ).toEqual([]);
    const secrets = await queryRows<{ v: string }>(
      tdb.database,
      sql`SELECT token_hash AS v FROM refresh_tokens
          UNION ALL SELECT access_token_enc FROM discord_tokens
          UNION ALL SELECT refresh_token_enc FROM discord_tokens`,
    );
    expect(secrets.length).toBeGreaterThan(2);
    for (const { v } of secrets) expect(text).not.toContain(v);
    expect(text).not.toContain((max as unknown as { refresh: string }).refresh);
    expect(text).not.toContain(max.headers.authorization!.slice('Bearer '.length));
  });
});

/** Every row of every table (of this database's schema) whose text holds `needle`. */
async function rowsHolding(needle: string): Promise<{ table: string; row: string }[]> {
  const tables = await queryRows<{ tablename: string }>(
    tdb.database,
    sql`SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`,
  );
  const found: { table: string; row: string }[] = [];
  for (const { tablename } of tables) {
    const rows = await queryRows<{ row: string }>(
      tdb.database,
      sql`SELECT r::text AS row FROM ${sql.identifier(tablename)} r WHERE r::text LIKE ${`%${needle}%`}`,
    );
    found.push(...rows.map((r) => ({ table: tablename, row: r.row })));
  }
  return found;
}

describe('delete', () => {
  it('takes the roles back, signs the caller out and leaves no row naming them but tombstoned audit entries', async () => {
    const { olivia, max, second, nina, userId } = await maxEverywhere();
    expect((await rowsHolding(MAX)).length).toBeGreaterThan(3);
    expect((await memberIn(GUILD_A, MAX)).nick).toBe('PlainPete');
    expect((await memberIn(GUILD_A, MAX)).roles.length).toBeGreaterThan(0);
    const auditBefore = (await olivia.call('GET', `/api/v1/server/${GUILD_A}/audit`)).json;

    const res = await max.call('DELETE', '/api/v1/dashboard/user');
    expect(res.status).toBe(200);
    expect(res.json.data.deleted).toBe(true);
    expect(res.json.data.cleanup.map((c: { server_id: string }) => c.server_id).sort()).toEqual([
      GUILD_A,
      GUILD_B,
    ]);
    expect(res.json.data.cleanup[0]).toMatchObject({ nickname_reset: true, warnings: [] });

    // the bot took the roles back and reset the nickname, in both servers
    for (const guildId of [GUILD_A, GUILD_B]) {
      const after = await memberIn(guildId, MAX);
      expect([guildId, after.roles, after.nick]).toEqual([guildId, [], null]);
    }

    // signed out: the refresh token and both sessions' access tokens no longer work
    const refreshed = await fetch(`${stack.api}/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: max.refresh }),
    });
    expect(refreshed.status).toBe(401);
    for (const s of [max, second])
      expect((await s.call('GET', '/api/v1/dashboard/user/linked-accounts')).status).toBe(401);

    // no row names Max (his id, Discord id, name, Roblox account) anywhere
    for (const needle of [userId, MAX, 'member_max', 'PlainPete'])
      expect([needle, await rowsHolding(needle)]).toEqual([needle, []]);
    // but the servers' audit entries stay, tombstoned
    const kept = await queryRows<{ guild_id: string; member_username: string; user_id: null }>(
      tdb.database,
      sql`SELECT guild_id, member_username, user_id FROM verifications WHERE member_username = ${TOMBSTONE}`,
    );
    expect(kept.map((k) => k.guild_id).sort()).toEqual([GUILD_A, GUILD_B]);
    const auditAfter = (await olivia.call('GET', `/api/v1/server/${GUILD_A}/audit`)).json;
    expect(JSON.stringify(auditAfter)).toContain(TOMBSTONE);
    expect(JSON.stringify(auditAfter)).not.toContain('member_max');
    expect(JSON.stringify(auditBefore)).toContain('member_max');
    // Nina's record of Max looking her up stays hers, with him tombstoned
    const ninas = (await nina.call('GET', '/api/v1/dashboard/user/lookups')).json.data;
    expect(ninas).toEqual([
      expect.objectContaining({ actor_discord_id: null, actor_name: TOMBSTONE }),
    ]);
    // a second delete is as signed out
    expect((await max.call('DELETE', '/api/v1/dashboard/user')).status).toBe(401);
  });
});

describe('inactive accounts', () => {
  it('sign-in and refresh keep last_seen_at', async () => {
    const max = await signIn(MAX);
    const seen = async () =>
      (
        await queryRows<{ at: Date }>(
          tdb.database,
          sql`SELECT last_seen_at AS at FROM users WHERE discord_id = ${MAX}`,
        )
      )[0]!.at;
    await tdb.database.db.execute(sql`UPDATE users SET last_seen_at = '2020-01-01T00:00:00Z'`);
    const before = Date.now();
    const refreshed = await fetch(`${stack.api}/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: max.refresh }),
    });
    expect(refreshed.status).toBe(200);
    expect(new Date(await seen()).getTime()).toBeGreaterThanOrEqual(before - 1000);
    await tdb.database.db.execute(sql`UPDATE users SET last_seen_at = '2020-01-01T00:00:00Z'`);
    await signIn(MAX);
    expect(new Date(await seen()).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('the purge deletes an account two years after it was last seen, as a deletion does, and not a day before', async () => {
    const olivia = await setUpServers();
    const t0 = Date.now();
    const max = await signIn(MAX);
    const pete = await linkRoblox(max, PETE);
    await verifyIn(max, GUILD_A, pete);
    const nina = await signIn(NINA);
    expect((await memberIn(GUILD_A, MAX)).nick).toBe('PlainPete');

    // Nina and Olivia are seen again five days later (a refresh)
    fakeClockAt(t0 + 5 * DAY_MS);
    for (const s of [nina, olivia]) {
      const refreshed = await fetch(`${stack.api}/auth/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: s.refresh }),
      });
      expect(refreshed.status).toBe(200);
    }

    const users = async () =>
      (
        await queryRows<{ discord_id: string }>(
          tdb.database,
          sql`SELECT discord_id FROM users ORDER BY discord_id`,
        )
      ).map((u) => u.discord_id);
    const ctx = stack.app.ctx;
    // a day short of two years since Max was seen: nobody goes
    fakeClockAt(t0 + 729 * DAY_MS);
    expect(await purgeInactiveAccounts(ctx)).toBe(0);
    expect(await users()).toEqual([OWNER, MAX, NINA]);
    // two years and an hour: Max goes (with his roles); Nina and Olivia, seen five days later, stay
    fakeClockAt(t0 + 730 * DAY_MS + 3600_000);
    expect(await purgeInactiveAccounts(ctx)).toBe(1);
    expect(await users()).toEqual([OWNER, NINA]);
    const after = await memberIn(GUILD_A, MAX);
    expect([after.roles, after.nick]).toEqual([[], null]);
    expect(await rowsHolding('PlainPete')).toEqual([]);
    // and five days on, Nina and Olivia too
    fakeClockAt(t0 + 735 * DAY_MS + 3600_000);
    expect(await purgeInactiveAccounts(ctx)).toBe(2);
    expect(await users()).toEqual([]);
  });
});
