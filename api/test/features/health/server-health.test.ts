import { completeSetup, type Session } from '../../support/fake-login';
import { giveBotRole } from '../../support/fake-integrations';
import { CONSOLE_ACCESS, consoleWorld, EXTRA_ROLE, useConsole } from '../../support/console';
import { GROUP, GUILD_A, ROLE_LOW } from '../../support/world';

const INVITE_PERMISSIONS = '402738176'; // Manage Roles, Manage Nicknames, View Channels, Send Messages, …
const { t, cast } = useConsole({
  world: () => {
    const w = consoleWorld();
    giveBotRole(w, w.guilds.get(GUILD_A)!, INVITE_PERMISSIONS); // at position 5
    return w;
  },
});

const health = (s: Session) =>
  t.app.inject({ method: 'GET', url: `/api/v1/server/${GUILD_A}/health`, headers: s.headers });
const guild = () => t.world.guilds.get(GUILD_A)!;
const botRole = () => guild().roles.find((r) => r.id === guild().botRoleId)!;
const problems = async () => (await health(cast.owner)).json().data.problems;
const bindLow = () =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/server/${GUILD_A}/binds`,
    headers: cast.owner.headers,
    payload: { binds: [{ group_id: GROUP, min_rank: 1, max_rank: 1, role_id: ROLE_LOW }] },
  });

describe('GET /api/v1/server/{id}/health', () => {
  it.each(CONSOLE_ACCESS)('as the %s: %i', async (who, status) => {
    const res = await health(cast[who]);
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json().error).toBe('not_server_manager');
  });

  it('answers 401 without a sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/server/${GUILD_A}/health` });
    expect(res.statusCode).toBe(401);
  });

  it('is ok when the bot can do everything it needs', async () => {
    await completeSetup(t.app, cast.owner, GUILD_A);
    await bindLow();
    const res = await health(cast.owner);
    expect(res.json().data).toEqual({
      ok: true,
      problems: [],
      checked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
  });

  it('names a bound role the bot’s role was moved below, with the fix', async () => {
    await completeSetup(t.app, cast.owner, GUILD_A);
    await bindLow();
    botRole().position = 2; // level with "Low" (position 2): the bot can no longer give it
    expect(await problems()).toEqual([
      {
        code: 'bot_role_too_low',
        message: 'The RoConnect role sits below "Low".',
        fix: 'In Server Settings → Roles, drag the RoConnect role above every role it gives.',
        reinvite_url: null,
      },
    ]);
    botRole().position = 1; // below the verified role too (created at position 1)
    expect((await problems())[0].message).toBe(
      'The RoConnect role sits below "Verified" and "Low".',
    );
  });

  it('offers a re-invite with the right permissions when one is missing', async () => {
    botRole().permissions = String(1n << 28n); // Manage Roles only
    const res = await health(cast.owner);
    const [problem] = res.json().data.problems;
    expect(problem).toEqual({
      code: 'missing_manage_nicknames',
      message: 'The RoConnect bot does not have the Manage Nicknames permission.',
      fix: 'Re-invite the bot with the button below, or give its role Manage Nicknames in Server Settings → Roles.',
      reinvite_url: expect.stringContaining(`guild_id=${GUILD_A}`),
    });
    const url = new URL(problem.reinvite_url);
    expect(url.searchParams.get('permissions')).toBe(INVITE_PERMISSIONS);
    expect(url.searchParams.get('state')).toMatch(/.{20,}/);
    // the state is bound to this browser, as the invite-url route does
    expect(res.headers['set-cookie']).toBeDefined();
    botRole().permissions = '0';
    expect((await problems()).map((p: { code: string }) => p.code)).toEqual([
      'missing_manage_roles',
      'missing_manage_nicknames',
    ]);
    botRole().permissions = '8'; // Administrator covers both
    expect(await problems()).toEqual([]);
  });

  it('reports a deleted verified role, unverified role and bound role', async () => {
    await completeSetup(t.app, cast.owner, GUILD_A);
    await bindLow();
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/server/${GUILD_A}/edit/unverified-role`,
      headers: cast.owner.headers,
      payload: { unverified_role_id: EXTRA_ROLE },
    });
    guild().roles = guild().roles.filter((r) => !['Verified', 'Low', 'Extra'].includes(r.name));
    const list = await problems();
    expect(list.map((p: { code: string }) => p.code)).toEqual([
      'verified_role_missing',
      'unverified_role_missing',
      'bound_role_missing',
    ]);
    expect(list[0].message).toBe('The verified role "Verified" no longer exists in this server.');
    expect(list[2].message).toBe('The bound role "Low" no longer exists in this server.');
    expect(list.every((p: { reinvite_url: null }) => p.reinvite_url === null)).toBe(true);
  });

  it('reports a bot that left the server, with an invite, and remembers it', async () => {
    guild().botPresent = false;
    const res = await health(cast.owner);
    expect(res.json().data.ok).toBe(false);
    expect(res.json().data.problems).toEqual([
      {
        code: 'bot_missing',
        message: 'The RoConnect bot is not in this server.',
        fix: 'Add the bot to the server again with the invite button.',
        reinvite_url: expect.stringContaining('scope=bot'),
      },
    ]);
    const servers = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/user/servers',
      headers: cast.owner.headers,
    });
    expect(servers.json().data.find((s: { id: string }) => s.id === GUILD_A).bot_added).toBe(false);
  });

  describe('the log and Verify channels', () => {
    const VERIFY = '130000000000000010';
    const LOGS = '130000000000000011';
    const SEND_MESSAGES = String(1n << 11n);
    const put = (url: string, payload: object, method: 'PUT' | 'POST' = 'PUT') =>
      t.app.inject({
        method,
        url: `/api/v1/server/${GUILD_A}${url}`,
        headers: cast.owner.headers,
        payload,
      });
    const channels = () => guild().channels!;

    beforeEach(async () => {
      guild().channels = [
        { id: VERIFY, name: 'verify', type: 0, position: 0, permission_overwrites: [] },
        { id: LOGS, name: 'logs', type: 0, position: 1, permission_overwrites: [] },
      ];
      await completeSetup(t.app, cast.owner, GUILD_A);
      expect((await put('/verify-message', { channel_id: VERIFY }, 'POST')).statusCode).toBe(201);
      expect((await put('/log-channel', { channel_id: LOGS })).statusCode).toBe(200);
    });

    it('is ok while the bot can post in both', async () => {
      expect(await problems()).toEqual([]);
    });

    it('names the Verify channel when an overwrite takes Send Messages from the bot', async () => {
      // staff deny Send Messages to @everyone in #verify; the bot's role has no allow there
      channels()[0]!.permission_overwrites = [
        { id: GUILD_A, type: 0, allow: '0', deny: SEND_MESSAGES },
      ];
      expect(await problems()).toEqual([
        {
          code: 'verify_channel_unpostable',
          message:
            "The Verify message's channel #verify no longer lets the bot's role View Channel or Send Messages.",
          fix: "Let the bot's role View Channel and Send Messages in #verify, or post the Verify message in another channel.",
          reinvite_url: null,
        },
      ]);
      // an allow for the bot's own role wins over the @everyone deny
      channels()[0]!.permission_overwrites.push({
        id: guild().botRoleId!,
        type: 0,
        allow: SEND_MESSAGES,
        deny: '0',
      });
      expect(await problems()).toEqual([]);
    });

    it('names a deleted log channel', async () => {
      guild().channels = channels().filter((c) => c.id !== LOGS);
      const [problem] = await problems();
      expect(problem).toMatchObject({
        code: 'log_channel_unpostable',
        message: `The log channel ${LOGS} no longer exists in this server.`,
        fix: `Let the bot's role View Channel, Send Messages and Embed Links in the deleted channel ${LOGS}, or choose another log channel.`,
      });
    });
  });
});
