import { sql } from 'drizzle-orm';
import { encrypt } from '../../src/lib/crypto';
import { queryRows } from '../support/db';
import {
  addFaults,
  consentInto,
  emulatorState,
  useStack,
  verifyInServer,
  type HttpSession,
} from '../support/emulator-flow';

const OWNER = '110000000000000001'; // owner_olivia: owns "Bot Guild", manages "No Bot Guild"
const NINA = '110000000000000003'; // refuses DMs; member of "Bot Guild" only
const BOT_GUILD = '120000000000000001';
const NO_BOT_GUILD = '120000000000000002';
const RUBY = '501'; // Owner rank in group 7001
const PETE = '502'; // Member rank

const { tdb, stack, signIn, linkRoblox } = useStack();

async function setup(s: HttpSession, guildId: string, group: object) {
  const base = `/api/v1/server/${guildId}/setup`;
  expect(
    (await s.call('POST', `${base}/nickname`, { nickname_format: 'discord_display_with_roblox' }))
      .json.data,
  ).toEqual({ setup_step: 'verified_role' });
  const role = await s.call('POST', `${base}/verified-role`, { verified_role_name: 'Verified' });
  expect(role.status).toBe(200);
  const g = await s.call('POST', `${base}/group`, group);
  expect(g.status).toBe(200);
  return g.json.data;
}

describe('the whole product through HTTP and the emulator', () => {
  it('login → sync → invite bot → setup with a group → link Roblox → verify', async () => {
    const olivia = await signIn(OWNER);
    expect((await olivia.call('GET', '/auth/me')).json.data).toMatchObject({
      discord_id: OWNER,
      username: 'owner_olivia',
    });

    const synced = await olivia.call('POST', '/api/v1/dashboard/user/sync-servers');
    expect(synced.status).toBe(200);
    expect(
      synced.json.data.map((s: { id: string; bot_added: boolean }) => [s.id, s.bot_added]),
    ).toEqual([
      [BOT_GUILD, true],
      [NO_BOT_GUILD, false],
    ]);

    // invite the bot into the server that lacks it
    const invite = (
      await olivia.call('GET', `/api/v1/dashboard/bot/invite-url?server_id=${NO_BOT_GUILD}`)
    ).json.data.invite_url;
    const inviteUrl = new URL(invite);
    expect(Object.fromEntries(inviteUrl.searchParams)).toMatchObject({
      client_id: '100000000000000001',
      permissions: '402738176',
      response_type: 'code',
      integration_type: '0',
      scope: 'bot',
      guild_id: NO_BOT_GUILD,
      disable_guild_select: 'true',
    });
    const afterInvite = await consentInto(stack, olivia, invite, {
      decision: 'authorize',
      acting_user_id: OWNER,
    });
    // the return lands on the dashboard of the session Olivia already has: no tokens minted
    expect(afterInvite.pathname).toBe('/dashboard');
    expect(Object.fromEntries(afterInvite.searchParams)).toEqual({
      bot_added: 'true',
      guild_id: NO_BOT_GUILD,
    });
    expect(afterInvite.hash).toBe('');
    const servers = (await olivia.call('GET', '/api/v1/dashboard/user/servers')).json.data;
    expect(servers.find((s: { id: string }) => s.id === NO_BOT_GUILD).bot_added).toBe(true);

    const group = await setup(olivia, NO_BOT_GUILD, {
      group_url: 'https://www.roblox.com/communities/7001/test-group',
    });
    expect(group).toEqual({
      setup_completed: true,
      group_id: '7001',
      group_name: 'Test Group',
      roles_created: ['Member', 'Officer', 'Owner'],
    });
    // roles the bot creates carry no permissions at all
    const created = (await emulatorState(stack)).discord.guilds
      .find((g: { id: string }) => g.id === NO_BOT_GUILD)
      .roles.filter((r: { name: string }) =>
        ['Verified', 'Member', 'Officer', 'Owner'].includes(r.name),
      );
    expect(created.map((r: { permissions: string }) => r.permissions)).toEqual([
      '0',
      '0',
      '0',
      '0',
    ]);
    expect(
      (await olivia.call('GET', '/api/v1/dashboard/user/verification-servers')).json.data.map(
        (s: { id: string }) => s.id,
      ),
    ).toEqual([NO_BOT_GUILD]);

    const account = await linkRoblox(olivia, RUBY);
    const verified = await verifyInServer(olivia, NO_BOT_GUILD, account);
    expect(verified.status).toBe(200);
    expect(verified.json.data).toEqual({
      roles_updated: true,
      nickname_updated: true,
      dm_sent: true,
      roles_added: ['Verified', 'Owner'],
      roles_removed: [],
      nickname: 'Olivia (RankedRuby)',
      warnings: [],
      // the wizard's one role per rank: the ranks below the Owner rank say why they were not given
      not_given: [
        {
          role_id: expect.any(String),
          role_name: 'Member',
          reason: 'rank 255 in Test Group; this role needs 1',
        },
        {
          role_id: expect.any(String),
          role_name: 'Officer',
          reason: 'rank 255 in Test Group; this role needs 50',
        },
      ],
      restricted: null,
      restriction_action: null,
    });

    const state = await emulatorState(stack);
    const guild = state.discord.guilds.find((g: { id: string }) => g.id === NO_BOT_GUILD);
    const me = guild.members.find((m: { user_id: string }) => m.user_id === OWNER);
    expect(me.role_names.sort()).toEqual(['Owner', 'Verified']);
    expect(me.nick).toBe('Olivia (RankedRuby)');
    expect(state.discord.dms).toEqual([
      expect.objectContaining({
        recipient_id: OWNER,
        content: expect.stringContaining('No Bot Guild'),
      }),
    ]);
    expect(
      (await olivia.call('GET', '/api/v1/dashboard/user/linked-accounts')).json.data[0].verified,
    ).toBe(true);
    expect((await olivia.call('GET', '/api/bot-stats')).json.data).toEqual({
      total_users: 1,
      total_servers: 2,
    });
  });

  it('answers 502 with an actionable message when Discord says 50013', async () => {
    const olivia = await signIn(OWNER);
    await setup(olivia, BOT_GUILD, { skip: true });
    const nina = await signIn(NINA);
    const account = await linkRoblox(nina, PETE);
    // the member's one PATCH, then the role by itself, which says which role was refused
    await addFaults(stack, [
      {
        method: 'PATCH',
        path: '^/api/v10/guilds/\\d+/members/\\d+$',
        status: 403,
        code: 50013,
        count: 5,
      },
      {
        method: 'PUT',
        path: '^/api/v10/guilds/\\d+/members/\\d+/roles/\\d+$',
        status: 403,
        code: 50013,
        count: 5,
      },
    ]);
    const res = await verifyInServer(nina, BOT_GUILD, account);
    expect(res.status).toBe(502);
    expect(res.json).toMatchObject({ success: false, error: 'discord_missing_permissions' });
    expect(res.json.message).toMatch(/Verified/);
  });

  it("answers 502 telling the bot's owner to turn on 2FA when the server requires 2FA for moderation (60003)", async () => {
    const olivia = await signIn(OWNER);
    await setup(olivia, BOT_GUILD, { skip: true });
    const nina = await signIn(NINA);
    const account = await linkRoblox(nina, PETE);
    // the server turns on "Require 2FA for moderator actions"; the app's owner has no 2FA
    for (const [path, body] of [
      [`/__emulator/guilds/${BOT_GUILD}`, { mfa_level: 1 }],
      ['/__emulator/application', { owner_mfa_enabled: false }],
    ] as const) {
      const res = await fetch(`${stack.emulator.url}${path}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
    }
    const res = await verifyInServer(nina, BOT_GUILD, account);
    expect(res.status).toBe(502);
    expect(res.json).toMatchObject({ success: false, error: 'discord_error' });
    expect(res.json.message).toContain(
      "The bot's owner must turn on two-factor authentication on the Discord account",
    );
  });

  it('verifies with a warning when the member refuses DMs, and warns the owner about their nickname', async () => {
    const olivia = await signIn(OWNER);
    await setup(olivia, BOT_GUILD, { skip: true });
    const nina = await signIn(NINA);
    const res = await verifyInServer(nina, BOT_GUILD, await linkRoblox(nina, PETE));
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      dm_sent: false,
      nickname_updated: true,
      nickname: 'Nina (PlainPete)',
      roles_added: ['Verified'],
    });
    expect(res.json.data.warnings).toEqual([expect.stringMatching(/direct message/)]);

    const own = await verifyInServer(olivia, BOT_GUILD, await linkRoblox(olivia, RUBY));
    expect(own.status).toBe(200);
    expect(own.json.data.nickname_updated).toBe(false);
    expect(own.json.data.warnings).toEqual([expect.stringMatching(/owner's nickname/)]);
    const state = await emulatorState(stack);
    expect(state.discord.dms.map((d: { recipient_id: string }) => d.recipient_id)).toEqual([OWNER]);
  });

  it('answers 403 for a server the caller is not in and 409 before setup is complete', async () => {
    const nina = await signIn(NINA);
    const account = await linkRoblox(nina, PETE);
    const incomplete = await verifyInServer(nina, BOT_GUILD, account);
    expect(incomplete.status).toBe(409);
    expect(incomplete.json.error).toBe('setup_incomplete');
    const olivia = await signIn(OWNER); // makes NO_BOT_GUILD known
    expect((await olivia.call('GET', '/api/v1/dashboard/user/servers')).status).toBe(200);
    const notMember = await verifyInServer(nina, NO_BOT_GUILD, account);
    expect(notMember.status).toBe(403);
    expect(notMember.json.error).toBe('not_a_member');
  });

  it('refuses a role above the bot in setup, with a message that says so', async () => {
    const olivia = await signIn(OWNER);
    await olivia.call('POST', `/api/v1/server/${BOT_GUILD}/setup/nickname`, {
      nickname_format: 'none',
    });
    const res = await olivia.call('POST', `/api/v1/server/${BOT_GUILD}/setup/verified-role`, {
      verified_role_name: 'High',
    });
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/at or above the bot's highest role/);
  });

  it('a manager demoted in Discord is refused on the next write after the 60 s window', async () => {
    const olivia = await signIn(OWNER); // Manage Server in "No Bot Guild"
    const invite = (
      await olivia.call('GET', `/api/v1/dashboard/bot/invite-url?server_id=${NO_BOT_GUILD}`)
    ).json.data.invite_url;
    await consentInto(stack, olivia, invite, { decision: 'authorize', acting_user_id: OWNER });
    const nickname = () =>
      olivia.call('POST', `/api/v1/server/${NO_BOT_GUILD}/setup/nickname`, {
        nickname_format: 'none',
      });
    expect((await nickname()).status).toBe(200);

    const demoted = await fetch(
      `${stack.emulator.url}/__emulator/guilds/${NO_BOT_GUILD}/members/${OWNER}`,
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ permissions: '0' }),
      },
    );
    expect(demoted.status).toBe(200);
    await queryRows(
      tdb.database,
      sql`UPDATE user_guilds SET synced_at = now() - interval '61 seconds' WHERE guild_id = ${NO_BOT_GUILD}`,
    );
    const refused = await nickname();
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe('not_server_manager');
  });

  it('links fail with account_already_linked and access_denied as documented', async () => {
    const olivia = await signIn(OWNER);
    await linkRoblox(olivia, RUBY);
    const nina = await signIn(NINA);
    const url = (await nina.call('GET', '/roblox/auth-url')).json.data.auth_url;
    const taken = await consentInto(stack, nina, url, { user_id: RUBY });
    expect(taken.searchParams.get('error')).toBe('account_already_linked');
    const url2 = (await nina.call('GET', '/roblox/auth-url')).json.data.auth_url;
    const cancelled = await consentInto(stack, nina, url2, { decision: 'cancel' });
    expect(cancelled.searchParams.get('error')).toBe('access_denied');
    const login = (await nina.call('GET', '/auth/discord-url')).json.data.auth_url;
    const loginCancelled = await consentInto(stack, nina, login, { decision: 'cancel' });
    expect(loginCancelled.pathname).toBe('/auth/callback');
    expect(loginCancelled.searchParams.get('error')).toBe('access_denied');
  });

  it('answers 401 with x-token-expired when Discord refuses to refresh the user’s token', async () => {
    const olivia = await signIn(OWNER);
    // the Discord access token has expired and Discord no longer knows the refresh token
    const { sql } = await import('drizzle-orm');
    const [user] = await queryRows<{ id: string }>(tdb.database, sql`SELECT id FROM users`);
    const bogus = encrypt(
      stack.app.ctx.settings.encryptionKey,
      'revoked-refresh-token',
      `discord_tokens:${user!.id}:refresh`,
    );
    await tdb.database.db.execute(
      sql`UPDATE discord_tokens SET expires_at = now() - interval '1 hour', refresh_token_enc = ${bogus}`,
    );
    const res = await olivia.call('POST', '/api/v1/dashboard/user/sync-servers');
    expect(res.status).toBe(401);
    expect(res.headers.get('x-token-expired')).toBe('true');
    expect(res.json.error).toBe('discord_token_expired');
    // Discord's refusal ended the session too
    expect((await olivia.call('GET', '/auth/me')).status).toBe(401);
  });
});
