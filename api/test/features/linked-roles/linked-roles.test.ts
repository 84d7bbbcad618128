/**
 * The member's Linked Roles page against the emulator: what is shared, Disconnect (Discord's copy
 * emptied, writes stopped until the member connects again) and Connect through Discord's OAuth.
 */
import type { Seed } from '@roconnect/emulator';
import testSeed from '@roconnect/emulator/seeds/test.json';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../support/db';
import {
  addFaults,
  consent,
  consentInto,
  emulatorState,
  followIntoApi,
  setUpServerAs,
  useStack,
  verifyInServer,
  type HttpSession,
} from '../../support/emulator-flow';
import { GUILD_A as BOT_GUILD, MAX, NINA, OLIVIA as OWNER, PETE } from '../../support/world';

const PETE_CREATED = '2019-03-04T05:06:07.000Z';
const ROUTE = '/api/v1/account/linked-roles';
const EMPTY = { platform_name: null, platform_username: null, metadata: {} };
const PETE_SHARED = [
  { key: 'verified', name: 'Verified with Roblox', kind: 'boolean', value: '1' },
  { key: 'account_age_days', name: 'Roblox account age (days)', kind: 'date', value: PETE_CREATED },
];

function seed(): Seed {
  const s = structuredClone(testSeed) as Seed;
  s.roblox.users.find((u) => u.id === Number(PETE))!.created = PETE_CREATED;
  return s;
}

const { tdb, stack, signIn, linkRoblox } = useStack(() => ({ seed: seed() }));

async function connectionOf(discordId: string) {
  const users = (await emulatorState(stack)).role_connections.users as { user_id: string }[];
  return users.find((u) => u.user_id === discordId) ?? null;
}

/** Max, verified with PlainPete in the bot's server: RoConnect wrote his role connection. */
async function verifiedMax(): Promise<HttpSession> {
  await setUpServerAs(await signIn(OWNER), BOT_GUILD, { syncFirst: true });
  const max = await signIn(MAX);
  const account = await linkRoblox(max, PETE);
  const res = await verifyInServer(max, BOT_GUILD, account);
  expect(res.status).toBe(200);
  return max;
}

/** Connect as the page does: the authorize URL, Discord's consent as `as`, back through the API. */
async function connect(s: HttpSession, as: string, inAnotherBrowser = false) {
  const res = await s.call('POST', `${ROUTE}/connect`);
  expect(res.status).toBe(200);
  const back = await consent(res.json.data.auth_url, { user_id: as });
  return followIntoApi(stack, back, inAnotherBrowser ? undefined : s.jar.cookie);
}

describe('GET /api/v1/account/linked-roles', () => {
  it('asks for a sign-in', async () => {
    const res = await fetch(`${stack.api}${ROUTE}`);
    expect(res.status).toBe(401);
  });

  it('a signed-in member who has not verified is connected and shares nothing yet', async () => {
    const max = await signIn(MAX);
    const res = await max.call('GET', ROUTE);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      connected: true,
      reason: null,
      account: null,
      shared: [],
      written_at: null,
    });
  });

  it('after a verification: the account and the values written, as Discord has them', async () => {
    const max = await verifiedMax();
    const { data } = (await max.call('GET', ROUTE)).json;
    expect(data).toMatchObject({
      connected: true,
      account: { roblox_id: PETE, username: 'PlainPete' },
      shared: PETE_SHARED,
    });
    expect(await connectionOf(MAX)).toMatchObject({
      platform_username: 'PlainPete',
      metadata: { verified: '1', account_age_days: PETE_CREATED },
    });
  });

  it('a connection written before its values were recorded is written again and shown', async () => {
    const max = await verifiedMax();
    await tdb.database.db.execute(
      sql`UPDATE role_connections SET metadata = NULL, platform_username = NULL`,
    );
    expect((await max.call('GET', ROUTE)).json.data.shared).toEqual(PETE_SHARED);
  });

  it('a sign-in from before the scope was asked is not connected, with nothing to disconnect', async () => {
    const max = await signIn(MAX);
    await tdb.database.db.execute(sql`UPDATE discord_tokens SET scope = 'identify guilds'`);
    expect((await max.call('GET', ROUTE)).json.data).toMatchObject({
      connected: false,
      reason: 'no_grant',
    });
    const res = await max.call('DELETE', ROUTE);
    expect(res.status).toBe(409);
    expect(res.json.error).toBe('not_connected');
  });
});

describe('DELETE /api/v1/account/linked-roles', () => {
  it('empties the connection at Discord, forgets it, and writes nothing until the member connects', async () => {
    const max = await verifiedMax();
    const res = await max.call('DELETE', ROUTE);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      connected: false,
      reason: 'disconnected',
      account: null,
      shared: [],
      written_at: null,
    });
    expect(await connectionOf(MAX)).toMatchObject(EMPTY);
    expect(await queryRows(tdb.database, sql`SELECT * FROM role_connections`)).toEqual([]);

    // another verification and a new sign-in (which grants the scope again) write nothing
    const again = await signIn(MAX);
    const [account] = (await again.call('GET', '/api/v1/dashboard/user/linked-accounts')).json.data;
    await verifyInServer(again, BOT_GUILD, account.id);
    expect(await connectionOf(MAX)).toMatchObject(EMPTY);
    expect((await again.call('GET', ROUTE)).json.data.connected).toBe(false);

    const twice = await again.call('DELETE', ROUTE);
    expect(twice.status).toBe(409);
    expect(twice.json.error).toBe('not_connected');
  });

  it('when Discord refuses, says so (502) and changes nothing', async () => {
    const max = await verifiedMax();
    await addFaults(stack, [
      {
        method: 'PUT',
        path: '^/api/v10/users/@me/applications/\\d+/role-connection$',
        status: 500,
        count: 10,
      },
    ]);
    const res = await max.call('DELETE', ROUTE);
    expect(res.status).toBe(502);
    expect(res.json.error).toBe('discord_failed');
    expect(res.json.message).toMatch(/nothing changed/);
    expect((await max.call('GET', ROUTE)).json.data).toMatchObject({
      connected: true,
      shared: PETE_SHARED,
    });
  });
});

describe('POST /api/v1/account/linked-roles/connect', () => {
  it("asks Discord for the role_connections.write scope, with a state and no secret, back to the API's callback", async () => {
    const max = await signIn(MAX);
    const res = await max.call('POST', `${ROUTE}/connect`);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/rc_oauth_browser=/);
    const url = new URL(res.json.data.auth_url);
    expect(url.searchParams.get('scope')!.split(' ')).toContain('role_connections.write');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect([...url.searchParams.keys()].sort()).toEqual([
      'client_id',
      'redirect_uri',
      'response_type',
      'scope',
      'state',
    ]);
    expect(url.search).not.toMatch(/secret/i);
  });

  it('after a disconnect: connects again, writes the verified account at once, back on the page', async () => {
    const max = await verifiedMax();
    expect((await max.call('DELETE', ROUTE)).status).toBe(200);

    const landing = await connect(max, MAX);
    expect(landing.pathname).toBe('/account/linked-roles');
    expect(landing.searchParams.get('linked_roles')).toBe('connected');
    expect((await max.call('GET', ROUTE)).json.data).toMatchObject({
      connected: true,
      reason: null,
      account: { roblox_id: PETE, username: 'PlainPete' },
      shared: PETE_SHARED,
    });
    expect(await connectionOf(MAX)).toMatchObject({ metadata: { verified: '1' } });
  });

  it("refuses another Discord account's authorization, keeping nothing of it", async () => {
    const max = await verifiedMax();
    await max.call('DELETE', ROUTE);
    await signIn(NINA);
    const landing = await connect(max, NINA);
    expect(landing.searchParams.get('error')).toBe('other_account');
    expect((await max.call('GET', ROUTE)).json.data.connected).toBe(false);
    expect(await connectionOf(NINA)).toBeNull();
    expect(await connectionOf(MAX)).toMatchObject(EMPTY);
  });

  it('a Connect finished in another browser does nothing', async () => {
    const max = await verifiedMax();
    await max.call('DELETE', ROUTE);
    const landing = await connect(max, MAX, true);
    expect(landing.searchParams.get('error')).toBe('browser_mismatch');
    expect((await max.call('GET', ROUTE)).json.data.connected).toBe(false);
  });

  it('a cancelled Connect says so and changes nothing', async () => {
    const max = await verifiedMax();
    await max.call('DELETE', ROUTE);
    const { auth_url } = (await max.call('POST', `${ROUTE}/connect`)).json.data;
    const landing = await consentInto(stack, max, auth_url, { decision: 'cancel' });
    expect(landing.pathname).toBe('/account/linked-roles');
    expect(landing.searchParams.get('error')).toBe('access_denied');
    expect((await max.call('GET', ROUTE)).json.data.connected).toBe(false);
  });
});

describe("the account's export", () => {
  it('holds what is shared, and the disconnect', async () => {
    const max = await verifiedMax();
    const before = (await max.call('GET', '/api/v1/dashboard/user/export')).json;
    expect(before.records.role_connections).toEqual([
      expect.objectContaining({
        roblox_id: PETE,
        platform_username: 'PlainPete',
        metadata: { verified: '1', account_age_days: PETE_CREATED },
      }),
    ]);
    await max.call('DELETE', ROUTE);
    const after = (await max.call('GET', '/api/v1/dashboard/user/export')).json;
    expect(after.records.role_connections).toEqual([]);
    expect(after.records.users[0].role_connections_off_at).toEqual(expect.any(String));
  });
});
