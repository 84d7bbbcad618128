/**
 * Discord Linked Roles against the emulator: the application's metadata registered once, and a
 * user's values written at verification and cleared at unlink, with the user's own token.
 */
import type { Seed } from '@roconnect/emulator';
import testSeed from '@roconnect/emulator/seeds/test.json';
import { sql } from 'drizzle-orm';
import {
  registerRoleConnectionMetadata,
  ROLE_CONNECTION_METADATA,
} from '../../../src/domain/role-connections/metadata';
import { TOMBSTONE } from '../../../src/domain/account-actions/delete-user';
import { purgeInactiveAccounts } from '../../../src/domain/maintenance/inactive-accounts';
import { purgePastRetention } from '../../../src/domain/maintenance/purge';
import { getDiscordAccessToken } from '../../../src/domain/tokens/discord-tokens';
import { DISCORD_USER_AGENT } from '../../../src/integrations/discord/userAgent';
import { queryRows } from '../../support/db';
import {
  addFaults,
  callDiscordAsBot,
  emulatorState,
  sendInteraction,
  setUpServerAs,
  useStack,
  verifyInServer,
  type HttpSession,
} from '../../support/emulator-flow';
import { GUILD_A as BOT_GUILD, MAX, NINA, OLIVIA as OWNER, PETE, RUBY } from '../../support/world';

const BOT_USER = '100000000000000001'; // the application
const PETE_CREATED = '2019-03-04T05:06:07.000Z';
const METADATA_ROUTE = 'PUT /api/v10/applications/:appId/role-connections/metadata';

function seed(): Seed {
  const s = structuredClone(testSeed) as Seed;
  const pete = s.roblox.users.find((u) => u.id === Number(PETE))!;
  pete.created = PETE_CREATED;
  return s;
}

const { tdb, stack, signIn, linkRoblox } = useStack(() => ({ seed: seed() }));

async function botCalls(route: string): Promise<number> {
  const calls = (await (await fetch(`${stack.emulator.url}/__emulator/calls`)).json()) as {
    bot: { routes: Record<string, number> };
  };
  return calls.bot.routes[route] ?? 0;
}

async function connectionOf(discordId: string) {
  const state = await emulatorState(stack);
  return (
    (state.role_connections.users as { user_id: string; metadata: Record<string, string> }[]).find(
      (u) => u.user_id === discordId,
    ) ?? null
  );
}

async function setUpServer() {
  const olivia = await signIn(OWNER);
  await setUpServerAs(olivia, BOT_GUILD, { syncFirst: true });
}

const verify = (s: HttpSession, accountId: string) => verifyInServer(s, BOT_GUILD, accountId);

describe('role-connection metadata', () => {
  const fewer = ROLE_CONNECTION_METADATA.slice(0, 1);

  it('is registered at the first start and not again at the next', async () => {
    const state = await emulatorState(stack);
    expect(state.role_connections.metadata).toEqual([
      expect.objectContaining({ key: 'verified', type: 7 }),
      expect.objectContaining({ key: 'account_age_days', type: 5 }),
    ]);
    await fetch(`${stack.emulator.url}/__emulator/calls`, { method: 'DELETE' });
    await stack.restart();
    expect(await botCalls(METADATA_ROUTE)).toBe(0);
    expect((await emulatorState(stack)).role_connections.metadata).toHaveLength(2);
  });

  it('of replicas starting at once with changed records, one registers them', async () => {
    const ctx = stack.app.ctx;
    await fetch(`${stack.emulator.url}/__emulator/calls`, { method: 'DELETE' });
    const outcomes = await Promise.all([
      registerRoleConnectionMetadata(ctx, fewer),
      registerRoleConnectionMetadata(ctx, fewer),
      registerRoleConnectionMetadata(ctx, fewer),
    ]);
    expect(outcomes.sort()).toEqual(['registered', 'unchanged', 'unchanged']);
    expect(await botCalls(METADATA_ROUTE)).toBe(1);
    expect((await emulatorState(stack)).role_connections.metadata).toHaveLength(1);
    expect(await registerRoleConnectionMetadata(ctx, fewer)).toBe('unchanged');
    expect(await registerRoleConnectionMetadata(ctx)).toBe('registered');
  });

  it('puts right records that changed at Discord since (a restarted emulator)', async () => {
    await callDiscordAsBot(stack, 'PUT', `/applications/${BOT_USER}/role-connections/metadata`, []);
    // a minute on: the first start's claim no longer holds the others back
    await tdb.database.db.execute(
      sql`UPDATE role_connection_metadata SET registered_at = now() - interval '2 minutes'`,
    );
    await stack.restart();
    expect((await emulatorState(stack)).role_connections.metadata).toHaveLength(2);
  });

  it('gives the claim back when Discord refuses, so the next start registers', async () => {
    await addFaults(stack, [
      {
        method: 'PUT',
        path: '^/api/v10/applications/\\d+/role-connections/metadata$',
        status: 403,
        code: 50001,
        count: 1,
      },
    ]);
    expect(await registerRoleConnectionMetadata(stack.app.ctx, fewer)).toBe('failed');
    expect(await queryRows(tdb.database, sql`SELECT * FROM role_connection_metadata`)).toEqual([]);
    expect(await registerRoleConnectionMetadata(stack.app.ctx, fewer)).toBe('registered');
  });
});

describe("a user's role connection", () => {
  it('is written at verification (verified, the account creation date) and cleared at unlink', async () => {
    await setUpServer();
    const max = await signIn(MAX);
    const account = await linkRoblox(max, PETE);
    expect(await connectionOf(MAX)).toBeNull();

    expect((await verify(max, account)).status).toBe(200);
    expect(await connectionOf(MAX)).toMatchObject({
      platform_name: 'Roblox',
      platform_username: 'PlainPete',
      metadata: { verified: '1', account_age_days: PETE_CREATED },
    });

    const unlinked = await max.call('DELETE', `/api/v1/dashboard/user/linked-account/${account}`);
    expect(unlinked.status).toBe(200);
    expect(await connectionOf(MAX)).toMatchObject({
      platform_name: null,
      platform_username: null,
      metadata: {},
    });
    expect(await queryRows(tdb.database, sql`SELECT * FROM role_connections`)).toEqual([]);
  });

  it('is not written again for the same account, and moves to the account left after an unlink', async () => {
    await setUpServer();
    const max = await signIn(MAX);
    const pete = await linkRoblox(max, PETE);
    const ruby = await linkRoblox(max, RUBY);
    await verify(max, ruby);
    await verify(max, pete);
    const first = (await connectionOf(MAX)) as unknown as { updated_at: string };
    expect(first).toMatchObject({ platform_username: 'PlainPete' });
    await verify(max, pete);
    expect(await connectionOf(MAX)).toMatchObject({ updated_at: first.updated_at });

    await max.call('DELETE', `/api/v1/dashboard/user/linked-account/${pete}`);
    expect(await connectionOf(MAX)).toMatchObject({
      platform_username: 'RankedRuby',
      metadata: { verified: '1', account_age_days: '2015-01-01T00:00:00.000Z' },
    });
  });

  const refuseConnections = () =>
    addFaults(stack, [
      {
        method: 'PUT',
        path: '^/api/v10/users/@me/applications/\\d+/role-connection$',
        status: 500,
        count: 10,
      },
    ]);

  it('never fails the verification when Discord refuses it, and tries again at the next', async () => {
    await setUpServer();
    const max = await signIn(MAX);
    const account = await linkRoblox(max, PETE);
    await refuseConnections();
    const res = await verify(max, account);
    expect(res.status).toBe(200);
    expect(res.json.data.roles_added).toEqual(['Verified']);
    expect(await connectionOf(MAX)).toBeNull();
    expect(await queryRows(tdb.database, sql`SELECT * FROM role_connections`)).toEqual([]);

    await fetch(`${stack.emulator.url}/__emulator/faults`, { method: 'DELETE' });
    expect((await verify(max, account)).status).toBe(200);
    expect(await connectionOf(MAX)).toMatchObject({ metadata: { verified: '1' } });
  });

  it('never fails the unlink when Discord refuses to clear it', async () => {
    await setUpServer();
    const max = await signIn(MAX);
    const account = await linkRoblox(max, PETE);
    await verify(max, account);
    await refuseConnections();
    const res = await max.call('DELETE', `/api/v1/dashboard/user/linked-account/${account}`);
    expect(res.status).toBe(200);
    expect((await max.call('GET', '/api/v1/dashboard/user/linked-accounts')).json.data).toEqual([]);
  });

  it('is not written for a sign-in from before the scope was asked', async () => {
    await setUpServer();
    const max = await signIn(MAX);
    const account = await linkRoblox(max, PETE);
    await tdb.database.db.execute(sql`UPDATE discord_tokens SET scope = 'identify guilds'`);
    expect((await verify(max, account)).status).toBe(200);
    expect(await connectionOf(MAX)).toBeNull();
  });
});

describe('when the account ends', () => {
  const userIdOf = async (discordId: string) =>
    (
      await queryRows<{ id: string }>(
        tdb.database,
        sql`SELECT id FROM users WHERE discord_id = ${discordId}`,
      )
    )[0]?.id;
  /** What Discord answers the token on GET /users/@me: 401 once the grant is revoked. */
  const meWith = async (token: string) =>
    (
      await fetch(`${stack.emulator.url}/api/v10/users/@me`, {
        headers: { authorization: `Bearer ${token}`, 'user-agent': DISCORD_USER_AGENT },
      })
    ).status;
  const EMPTY = { platform_name: null, platform_username: null, metadata: {} };

  it('deleting the account empties the connection and revokes our Discord grant', async () => {
    await setUpServer();
    const max = await signIn(MAX);
    expect((await verify(max, await linkRoblox(max, PETE))).status).toBe(200);
    expect(await connectionOf(MAX)).toMatchObject({ platform_username: 'PlainPete' });
    const token = await getDiscordAccessToken(stack.app.ctx, (await userIdOf(MAX))!);
    expect(await meWith(token)).toBe(200);

    expect((await max.call('DELETE', '/api/v1/dashboard/user')).status).toBe(200);
    expect(await connectionOf(MAX)).toMatchObject(EMPTY);
    expect(await meWith(token)).toBe(401);
  });

  it('the two-year purge of a signed-out member does the same: their token was kept for it', async () => {
    await setUpServer();
    const max = await signIn(MAX);
    expect((await verify(max, await linkRoblox(max, PETE))).status).toBe(200);
    const token = await getDiscordAccessToken(stack.app.ctx, (await userIdOf(MAX))!);
    expect((await max.call('POST', '/auth/logout', {})).status).toBeLessThan(300);
    // signed out hours ago: the hourly purge would drop a Discord token now
    await tdb.database.db.execute(
      sql`UPDATE discord_tokens SET updated_at = now() - interval '2 hours'`,
    );
    await purgePastRetention(tdb.database.db, stack.app.ctx.settings);
    await tdb.database.db.execute(
      sql`UPDATE users SET last_seen_at = now() - interval '3 years' WHERE discord_id = ${MAX}`,
    );

    expect(await purgeInactiveAccounts(stack.app.ctx)).toBe(1);
    expect(await userIdOf(MAX)).toBeUndefined();
    expect(await connectionOf(MAX)).toMatchObject(EMPTY);
    expect(await meWith(token)).toBe(401);
  });

  it('a member who uses RoConnect only through the bot is not purged; one who does not is', async () => {
    await setUpServer();
    stack.emulator.app.emulator.setInteractionsUrl(`${stack.api}/api/interactions`);
    const max = await signIn(MAX);
    await linkRoblox(max, PETE);
    const nina = await signIn(NINA);
    await linkRoblox(nina, RUBY);
    // neither has signed in for three years; Max then uses /verify in Discord
    await tdb.database.db.execute(
      sql`UPDATE users SET last_seen_at = now() - interval '3 years' WHERE discord_id IN (${MAX}, ${NINA})`,
    );
    const { json: answer } = await sendInteraction(stack, {
      guild_id: BOT_GUILD,
      user_id: MAX,
      command: 'verify',
    });
    expect(answer.status).toBe(200);

    expect(await purgeInactiveAccounts(stack.app.ctx)).toBe(1);
    expect(await userIdOf(MAX)).toBeDefined();
    expect(await userIdOf(NINA)).toBeUndefined();
  });

  it("kept audit entries' warnings no longer name the deleted member", async () => {
    await setUpServer();
    // the owner's nickname cannot be set by a bot: the warning quotes the one it would be
    const olivia = await signIn(OWNER);
    const verified = await verify(olivia, await linkRoblox(olivia, PETE));
    expect(verified.json.data.warnings.join(' ')).toContain('"PlainPete"');

    expect((await olivia.call('DELETE', '/api/v1/dashboard/user')).status).toBe(200);
    const kept = await queryRows<{ warnings: string[] }>(
      tdb.database,
      sql`SELECT warnings FROM verifications`,
    );
    expect(kept.length).toBeGreaterThan(0);
    const warnings = kept.flatMap((k) => k.warnings).join(' ');
    expect(warnings).not.toContain('PlainPete');
    expect(warnings).toContain(`"${TOMBSTONE}"`);
  });
});
