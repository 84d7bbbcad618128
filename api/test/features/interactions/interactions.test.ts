import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InteractionSigner } from '@roconnect/emulator';
import type { FastifyInstance } from 'fastify';
import { EMULATOR_INTERACTIONS_PUBLIC_KEY, loadSettings } from '../../../src/config';
import { VERIFY_BUTTON_ID } from '../../../src/domain/config/verify-link';
import { createTestApp, testSettings } from '../../support/app';
import { useTestDatabase } from '../../support/db';
import {
  APPLICATION_ID,
  callDiscordAsBot,
  emulatorMember,
  sendInteraction,
  setUpServerAs,
  useStack,
  verifyInServer,
  type HttpSession,
} from '../../support/emulator-flow';
import { createFakeIntegrations, createWorld } from '../../support/fake-integrations';
// owner_olivia owns "Bot Guild"; Max and Nina are plain members of it (Nina never signs in), Mo
// one with no permissions (until a test gives some)
import { GUILD_A as BOT_GUILD, MAX, MO, NINA, OLIVIA as OWNER } from '../../support/world';

const PETE = '502'; // Member rank in group 7001
const LEO = '503'; // not in group 7001
const MANAGE_ROLES = String(1n << 28n);
const MANAGE_GUILD = String(1n << 5n);

const tdb = useTestDatabase();

const signer = new InteractionSigner();

describe('POST /api/interactions: signatures', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await createTestApp(tdb.database, createFakeIntegrations(createWorld()));
  });
  afterEach(() => app.close());

  const ping = JSON.stringify({
    id: '1',
    application_id: '100000000000000001',
    type: 1,
    token: 't',
    version: 1,
  });
  const post = (body: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/interactions',
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });

  it('answers a signed PING with PONG', async () => {
    const res = await post(ping, signer.sign(ping));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ type: 1 });
  });

  it('refuses an unsigned request with 401', async () => {
    const res = await post(ping, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'invalid_signature',
      message: 'Invalid request signature.',
    });
  });

  it('refuses a forged signature, and a signed body that was changed, with 401', async () => {
    const forger = new InteractionSigner('not the emulator');
    expect((await post(ping, forger.sign(ping))).statusCode).toBe(401);
    const headers = signer.sign(ping);
    const tampered = ping.replace('"type":1', '"type":2');
    expect((await post(tampered, headers)).statusCode).toBe(401);
    // the same bytes re-serialised with other spacing are not what was signed either
    expect(
      (await post(JSON.stringify(JSON.parse(ping), null, 1), signer.sign(ping))).statusCode,
    ).toBe(401);
  });

  it('refuses a stale timestamp and a replay of a seen signature with 401', async () => {
    const old = String(Math.floor(Date.now() / 1000) - 301);
    expect((await post(ping, signer.sign(ping, old))).statusCode).toBe(401);
    const headers = signer.sign(ping);
    expect((await post(ping, headers)).statusCode).toBe(200);
    expect((await post(ping, headers)).statusCode).toBe(401);
  });
});

describe('settings of interactions and member updates', () => {
  it('refuse bad values with a message naming the setting', () => {
    expect(() => testSettings({ DISCORD_REGISTER_COMMANDS: 'yes' })).toThrow(
      'DISCORD_REGISTER_COMMANDS must be true or false, got "yes"',
    );
    expect(() => testSettings({ INTERACTION_DEFER_MS: '5000' })).toThrow(
      'INTERACTION_DEFER_MS must be between 0 and 2500, got 5000',
    );
    expect(() => testSettings({ MEMBER_UPDATE_LEASE_SECONDS: '1' })).toThrow(
      'MEMBER_UPDATE_LEASE_SECONDS must be between 2 and 600, got 1',
    );
    expect(testSettings()).toMatchObject({
      registerCommandsOnStart: false,
      interactionDeferMs: 2000,
      interactionMemberRateLimitMax: 6,
      interactionServerRateLimitMax: 120,
      memberUpdateLeaseSeconds: 20,
      memberUpdateSliceSeconds: 10,
    });
  });
});

describe('limits on what reads Roblox for a member (docs/security.md › T4)', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await createTestApp(
      tdb.database,
      createFakeIntegrations(createWorld()),
      testSettings({
        INTERACTION_MEMBER_RATE_LIMIT_MAX: '2',
        INTERACTION_SERVER_RATE_LIMIT_MAX: '3',
      }),
    );
  });
  afterEach(() => app.close());

  /** A signed interaction from `user` in Bot Guild: a command, or the Verify message's button. */
  async function press(user: string, what: { command: string } | { button: string }) {
    const body = JSON.stringify({
      id: String(Math.floor(Math.random() * 1e15)),
      application_id: '100000000000000001',
      token: 'interaction-token',
      version: 1,
      guild_id: BOT_GUILD,
      channel_id: '140000000000000001',
      member: { user: { id: user, username: `user_${user}` }, roles: [], permissions: '0' },
      ...('command' in what
        ? { type: 2, data: { id: '1', name: what.command, type: 1 } }
        : { type: 3, data: { custom_id: what.button, component_type: 2 } }),
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/interactions',
      headers: { 'content-type': 'application/json', ...signer.sign(body) },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { type: number; data?: { content: string; flags: number } };
  }
  const tooOften = /^You're doing that too often\. Try again in \d+ seconds?\.$/;

  it('the Verify button, /verify and /update count per member, and past the limit answer ephemerally', async () => {
    for (const what of [{ command: 'verify' }, { button: VERIFY_BUTTON_ID }]) {
      const answer = await press(MAX, what);
      expect(answer.data?.content).not.toMatch(tooOften);
    }
    for (const what of [
      { command: 'verify' },
      { command: 'update' },
      { button: VERIFY_BUTTON_ID },
    ]) {
      const answer = await press(MAX, what);
      expect(answer).toEqual({
        type: 4,
        data: expect.objectContaining({ content: expect.stringMatching(tooOften), flags: 64 }),
      });
    }
    // /whois reads no Roblox: not counted
    expect((await press(MAX, { command: 'whois' })).data?.content).not.toMatch(tooOften);
    // another member has their own count
    expect((await press(NINA, { command: 'verify' })).data?.content).not.toMatch(tooOften);
  });

  it('every member of a server together has a limit too', async () => {
    await press(MAX, { command: 'verify' });
    await press(NINA, { command: 'verify' });
    await press(MO, { command: 'verify' });
    const answer = await press(OWNER, { command: 'verify' });
    expect(answer.data).toMatchObject({
      content: expect.stringMatching(
        /^Too many members of this server are verifying right now\. Try again in \d+ seconds?\.$/,
      ),
      flags: 64,
    });
  });
});

/** production's settings, all but DISCORD_PUBLIC_KEY */
const PRODUCTION_BUT_THE_KEY = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  TOKEN_ENCRYPTION_KEY: '1'.repeat(64),
  DISCORD_CLIENT_ID: '1',
  DISCORD_CLIENT_SECRET: 's',
  DISCORD_BOT_TOKEN: 'b',
};

describe('DISCORD_PUBLIC_KEY', () => {
  it('defaults to the emulator key in development, and is checked and required in production', () => {
    expect(testSettings().discordPublicKey.toString('hex')).toBe(EMULATOR_INTERACTIONS_PUBLIC_KEY);
    expect(signer.publicKeyHex).toBe(EMULATOR_INTERACTIONS_PUBLIC_KEY);
    expect(() => testSettings({ DISCORD_PUBLIC_KEY: 'abc' })).toThrow(
      "DISCORD_PUBLIC_KEY must be the application's Ed25519 public key as 64 hex characters (got 3 characters)",
    );
    expect(() => loadSettings(PRODUCTION_BUT_THE_KEY)).toThrow(
      "DISCORD_PUBLIC_KEY is not set (your Discord application's public key (interaction signatures))",
    );
  });
});

describe('DISCORD_PUBLIC_KEY with real credentials outside production (N13)', () => {
  const real = { DISCORD_CLIENT_ID: '987654321', DISCORD_BOT_TOKEN: 'real-bot-token' };

  it('does not fall back to the emulator key: start fails naming the setting', () => {
    expect(() => testSettings({ NODE_ENV: 'prod', ...real })).toThrow(
      "DISCORD_PUBLIC_KEY is not set: DISCORD_CLIENT_ID, DISCORD_BOT_TOKEN are set (a real Discord application), so the emulator's interaction key is not used.",
    );
  });

  it("refuses the emulator's key given explicitly, in production or with real credentials", () => {
    expect(() =>
      testSettings({ ...real, DISCORD_PUBLIC_KEY: EMULATOR_INTERACTIONS_PUBLIC_KEY }),
    ).toThrow("DISCORD_PUBLIC_KEY is the emulator's key, whose private half is public");
    expect(() =>
      loadSettings({
        ...PRODUCTION_BUT_THE_KEY,
        DISCORD_PUBLIC_KEY: EMULATOR_INTERACTIONS_PUBLIC_KEY.toUpperCase(),
      }),
    ).toThrow("DISCORD_PUBLIC_KEY is the emulator's key");
  });

  it('keeps the emulator key with the emulator credentials, and takes a real key with real ones', () => {
    expect(
      testSettings({ DISCORD_BOT_TOKEN: 'emulator-bot-token' }).discordPublicKey.toString('hex'),
    ).toBe(EMULATOR_INTERACTIONS_PUBLIC_KEY);
    expect(
      testSettings({ ...real, DISCORD_PUBLIC_KEY: 'a'.repeat(64) }).discordPublicKey.toString(
        'hex',
      ),
    ).toBe('a'.repeat(64));
  });
});

/**
 * `npm run register-commands -w @roconnect/api` as an operator runs it: from the repository's
 * root, in its own process, with only `env` (plus PATH and HOME for npm).
 */
function runRegisterCommands(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('npm', ['run', '--silent', 'register-commands', '-w', '@roconnect/api'], {
    cwd: path.join(__dirname, '../../../..'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'roconnect-register-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 25_000,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('slash commands through the emulator', () => {
  const { stack, signIn, linkRoblox } = useStack({}, 'test', tdb);
  beforeEach(() => stack.emulator.app.emulator.setInteractionsUrl(`${stack.api}/api/interactions`));

  /** the API again with more settings, the clients at their own retries and timeouts */
  async function restartApi(env: Record<string, string>) {
    const api = await stack.restart({ env, policies: {} });
    stack.emulator.app.emulator.setInteractionsUrl(`${api}/api/interactions`);
  }

  async function command(user: string, name: string, options?: object) {
    const sent = await sendInteraction(stack, {
      guild_id: BOT_GUILD,
      user_id: user,
      command: name,
      options,
    });
    expect(sent.json.status).toBe(200);
    return sent;
  }

  async function setUpBotGuild(): Promise<HttpSession> {
    const olivia = await signIn(OWNER);
    await setUpServerAs(olivia, BOT_GUILD, { syncFirst: true, group: { group_url: '7001' } });
    return olivia;
  }

  /** The server set up, and Max signed in with PlainPete linked (verified nowhere yet). */
  async function maxLinkedAsPete(): Promise<HttpSession> {
    await setUpBotGuild();
    const max = await signIn(MAX);
    await linkRoblox(max, PETE);
    return max;
  }

  /** Max verified as Pete through /verify, then his roles taken back by staff in Discord. */
  async function maxVerifiedThenStripped() {
    await maxLinkedAsPete();
    await command(MAX, 'verify');
    await changeMember(MAX, { roles: [] });
  }

  /** The website's Verify button for one of the session's linked accounts. */
  async function verifyOnWebsite(s: HttpSession, accountId: string) {
    const res = await verifyInServer(s, BOT_GUILD, accountId);
    expect(res.status).toBe(200);
  }

  /** What the server's staff change in Discord: a member's permissions or roles. */
  async function changeMember(userId: string, change: { permissions?: string; roles?: string[] }) {
    const res = await fetch(
      `${stack.emulator.url}/__emulator/guilds/${BOT_GUILD}/members/${userId}`,
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(change),
      },
    );
    expect(res.status).toBe(200);
  }

  /** Gives the member a new role that carries `permissions` server-wide (and in the channel). */
  async function giveRoleWith(userId: string, permissions: string) {
    const role = await stack.app.ctx.integrations.discordBot.createRole(BOT_GUILD, 'Moderators');
    const res = await fetch(
      `${stack.emulator.url}/__emulator/guilds/${BOT_GUILD}/roles/${role.id}`,
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ permissions }),
      },
    );
    expect(res.status).toBe(200);
    await changeMember(userId, { permissions, roles: [role.id] });
  }

  /** The application's slash commands as the emulator holds them. */
  const commands = async () =>
    (await (
      await callDiscordAsBot(stack, 'GET', `/applications/${APPLICATION_ID}/commands`)
    ).json()) as { id: string; name: string; options?: { name: string; type: number }[] }[];

  const member = (userId: string) => emulatorMember(stack, BOT_GUILD, userId);

  /** What Pete's link gives in the bot's server: the reply's lines, and Max's roles and nickname. */
  /** Pete's rank (1) earns the wizard's Member role; the ranks above say why they were not given */
  const PETE_NOT_GIVEN = [
    'Not given: Officer: rank 1 in Test Group; this role needs 50.',
    'Not given: Owner: rank 1 in Test Group; this role needs 255.',
  ];
  const PETE_APPLIED = [
    'Roles given: Verified, Member.',
    'Nickname set to PlainPete.',
    ...PETE_NOT_GIVEN,
  ];
  async function expectMaxVerifiedAsPete() {
    const after = await member(MAX);
    expect(after.role_names.sort()).toEqual(['Member', 'Verified']);
    expect(after.nick).toBe('PlainPete');
  }
  /**
   * Staff's /update of Max, who never verified here himself: his roles, and no Roblox name in the
   * reply or his nickname (docs/security.md › Member privacy, T2)
   */
  /** staff's /update of Max where he verified himself: his account named */
  const STAFF_UPDATED_AS_PETE = [
    `Updated <@${MAX}> (PlainPete on Roblox).`,
    'Roles given: Verified, Member.',
    ...PETE_NOT_GIVEN,
  ].join('\n');
  const STAFF_UPDATED_UNSHOWN = [
    `Updated <@${MAX}>.`,
    'Roles given: Verified, Member.',
    'Their Roblox account is not shown in this server, so the 3 notes are in the audit log on the dashboard.',
  ].join('\n');
  async function expectMaxGivenRolesOnly() {
    const after = await member(MAX);
    expect(after.role_names.sort()).toEqual(['Member', 'Verified']);
    expect(after.nick).toBeNull();
  }

  it('/verify gives the roles and nickname and answers ephemerally with what changed', async () => {
    await maxLinkedAsPete();

    const { message } = await command(MAX, 'verify');
    expect(message.flags).toBe(64);
    expect(message.content).toBe(
      ['You are verified as PlainPete on Roblox.', ...PETE_APPLIED].join('\n'),
    );
    await expectMaxVerifiedAsPete();
  });

  it('/verify that takes longer than the answer window defers, then edits its reply', async () => {
    await maxLinkedAsPete();
    // the same database and emulator; this API defers everything that is not instant
    await restartApi({ INTERACTION_DEFER_MS: '0' });
    const { json } = await command(MAX, 'verify');
    expect(json.response).toEqual({ type: 5, data: { flags: 64 } });
    expect(json.edits).toHaveLength(1);
    expect(json.edits[0].content).toBe(
      ['You are verified as PlainPete on Roblox.', ...PETE_APPLIED].join('\n'),
    );
    expect((await member(MAX)).nick).toBe('PlainPete');
  });

  it('registers /verify, /update and /whois at start with a bulk overwrite, the same on every start', async () => {
    expect(await commands()).toEqual([]);
    await restartApi({ DISCORD_REGISTER_COMMANDS: 'true' });
    const first = await commands();
    expect(first.map((c) => c.name)).toEqual(['verify', 'update', 'whois']);
    expect(first[1]!.options).toEqual([expect.objectContaining({ name: 'member', type: 6 })]);
    await restartApi({ DISCORD_REGISTER_COMMANDS: 'true' });
    expect((await commands()).map((c) => [c.id, c.name])).toEqual(first.map((c) => [c.id, c.name]));
  });

  it('/verify without a linked account answers with a link to the verify page for this server', async () => {
    await setUpBotGuild();
    const { json, message } = await command(NINA, 'verify');
    expect(json.response).toMatchObject({ type: 4, data: { flags: 64 } });
    expect(message.content).toBe(
      'You have not linked a Roblox account to RoConnect yet. Link one on the website, then run /verify again.',
    );
    expect(message.components[0].components[0]).toMatchObject({
      type: 2,
      style: 5,
      url: `http://app.test/verify?server_id=${BOT_GUILD}`,
    });
    expect((await member(NINA)).roles).toEqual([]);
  });

  it('/update by a member without Manage Roles or Manage Server is refused ephemerally', async () => {
    await maxLinkedAsPete();
    const { json, message } = await command(NINA, 'update', { member: MAX });
    expect(json.response).toMatchObject({ type: 4, data: { flags: 64 } });
    expect(message.content).toBe(
      'You need the Manage Roles or Manage Server permission to use /update.',
    );
    expect((await member(MAX)).roles).toEqual([]);
  });

  it('/update by the owner gives the roles of a member who never verified here, naming no Roblox account', async () => {
    await maxLinkedAsPete();
    const { message } = await command(OWNER, 'update', { member: MAX });
    expect(message.content).toBe(STAFF_UPDATED_UNSHOWN);
    expect(message.allowed_mentions).toEqual({ parse: [] });
    await expectMaxGivenRolesOnly();
  });

  it('/update by the owner of a member who verified here himself re-applies his roles, naming his account', async () => {
    await maxVerifiedThenStripped();
    const { message } = await command(OWNER, 'update', { member: MAX });
    expect(message.content).toBe(STAFF_UPDATED_AS_PETE);
    await expectMaxVerifiedAsPete();
  });

  it('/whois answers with the linked Roblox profile where the member verified, that they keep it private elsewhere, or that there is none', async () => {
    await setUpBotGuild();
    const max = await signIn(MAX);
    const pete = await linkRoblox(max, PETE);
    const unverified = await command(NINA, 'whois', { member: MAX });
    expect(unverified.message.content).toBe(
      `<@${MAX}> keeps their Roblox account private in this server.`,
    );
    await verifyOnWebsite(max, pete);
    const linked = await command(NINA, 'whois', { member: MAX });
    expect(linked.message.content).toBe(
      `<@${MAX}> is Pete (@PlainPete) on Roblox: https://www.roblox.com/users/502/profile`,
    );
    expect(linked.message.flags).toBe(64);
    const none = await command(MAX, 'whois', { member: NINA });
    expect(none.message.content).toBe(`<@${NINA}> has not linked a Roblox account to RoConnect.`);
  });
  describe('/verify with several linked Roblox accounts', () => {
    it('uses the account linked last when none has been verified yet', async () => {
      await setUpBotGuild();
      const max = await signIn(MAX);
      await linkRoblox(max, PETE);
      await linkRoblox(max, LEO);

      const { message } = await command(MAX, 'verify');
      expect(message.content).toBe(
        [
          'You are verified as LoneLeo on Roblox.',
          'Roles given: Verified.',
          'Nickname set to LoneLeo.',
          'Note: You are not a member of the Roblox group Test Group, so no rank role was given.',
          'Not given: Member: not in Test Group; this role needs rank 1.',
          'Not given: Officer: not in Test Group; this role needs rank 50.',
          'Not given: Owner: not in Test Group; this role needs rank 255.',
        ].join('\n'),
      );
      const after = await member(MAX);
      expect(after.role_names).toEqual(['Verified']);
      expect(after.nick).toBe('LoneLeo');
    });

    it('uses the account verified most recently, even when another was linked later', async () => {
      await setUpBotGuild();
      const max = await signIn(MAX);
      const pete = await linkRoblox(max, PETE);
      const leo = await linkRoblox(max, LEO);
      // Leo first, then Pete: Pete (the older link) is now the most recent verification
      await verifyOnWebsite(max, leo);
      expect((await member(MAX)).nick).toBe('LoneLeo');
      await verifyOnWebsite(max, pete);
      expect((await member(MAX)).nick).toBe('PlainPete');
      // staff take Max's roles and nickname back in Discord; /verify must restore Pete's
      await changeMember(MAX, { roles: [] });

      const { message } = await command(MAX, 'verify');
      expect(message.content).toBe(
        [
          'You are verified as PlainPete on Roblox.',
          'Roles given: Verified, Member.',
          ...PETE_NOT_GIVEN,
        ].join('\n'),
      );
      await expectMaxVerifiedAsPete();
    });
  });

  it('/update by a member given Manage Roles (not the owner) re-applies the member’s roles', async () => {
    await maxLinkedAsPete();
    const refused = await command(MO, 'update', { member: MAX });
    expect(refused.message.content).toBe(
      'You need the Manage Roles or Manage Server permission to use /update.',
    );

    await giveRoleWith(MO, MANAGE_ROLES);
    const { message } = await command(MO, 'update', { member: MAX });
    expect(message.content).toBe(STAFF_UPDATED_UNSHOWN);
    await expectMaxGivenRolesOnly();
  });

  it('/update by a member holding an updater role (no permission of its own) re-applies the member’s roles; the role taken away, refused', async () => {
    const olivia = await setUpBotGuild();
    const max = await signIn(MAX);
    await linkRoblox(max, PETE);
    const updaters = await stack.app.ctx.integrations.discordBot.createRole(BOT_GUILD, 'Updaters');
    const saved = await olivia.call('PUT', `/api/v1/server/${BOT_GUILD}/edit/staff-roles`, {
      manager_role_ids: [],
      updater_role_ids: [updaters.id],
    });
    expect(saved.status).toBe(200);
    await changeMember(MO, { permissions: '0', roles: [updaters.id] });
    const { message } = await command(MO, 'update', { member: MAX });
    expect(message.content).toBe(STAFF_UPDATED_UNSHOWN);
    await expectMaxGivenRolesOnly();

    await changeMember(MO, { roles: [] });
    const refused = await command(MO, 'update', { member: MAX });
    expect(refused.message.content).toBe(
      'You need the Manage Roles or Manage Server permission to use /update.',
    );
  });

  it('/update refuses Manage Roles that holds in one channel only (Manage Permissions there, N9)', async () => {
    await maxVerifiedThenStripped();
    // the channel's permissions carry bit 28; no role of the member carries it server-wide
    await changeMember(MO, { permissions: MANAGE_ROLES });
    const { message } = await command(MO, 'update', { member: MAX });
    expect(message.content).toBe(
      'You need the Manage Roles or Manage Server permission to use /update.',
    );
    expect((await member(MAX)).roles).toEqual([]);
  });

  it('/update by a member with only Manage Server re-applies roles the member lost', async () => {
    await maxVerifiedThenStripped();
    await changeMember(MO, { permissions: MANAGE_GUILD });

    const { message } = await command(MO, 'update', { member: MAX });
    expect(message.content).toBe(STAFF_UPDATED_AS_PETE);
    await expectMaxVerifiedAsPete();
  });

  it('npm run register-commands replaces the emulator’s commands with exactly the three, keeping their ids', async () => {
    // a command left over from an older release: a bulk overwrite removes it
    const leftover = await callDiscordAsBot(
      stack,
      'PUT',
      `/applications/${APPLICATION_ID}/commands`,
      [{ name: 'legacy', description: 'gone', type: 1 }],
    );
    expect(leftover.status).toBe(200);
    const env = { EMULATOR_URL: stack.emulator.url };

    const first = await runRegisterCommands(env);
    expect(first.code).toBe(0);
    expect(first.stderr).not.toMatch(/error|refused/i);
    expect(first.stdout.trim()).toBe('Registered slash commands: /verify, /update, /whois');
    const registered = await commands();
    expect(registered.map((c) => c.name)).toEqual(['verify', 'update', 'whois']);
    expect(registered[0]!.options).toBeUndefined();
    for (const c of registered.slice(1))
      expect(c.options).toEqual([expect.objectContaining({ name: 'member', type: 6 })]);

    const second = await runRegisterCommands(env);
    expect(second.code).toBe(0);
    expect((await commands()).map((c) => [c.id, c.name])).toEqual(
      registered.map((c) => [c.id, c.name]),
    );
  });

  it('npm run register-commands with a bad or missing setting says which and exits non-zero', async () => {
    const [wrongToken, missing] = await Promise.all([
      runRegisterCommands({
        EMULATOR_URL: stack.emulator.url,
        DISCORD_BOT_TOKEN: 'not-the-token',
        DISCORD_PUBLIC_KEY: 'a'.repeat(64),
      }),
      runRegisterCommands({
        NODE_ENV: 'production',
        JWT_SECRET: 'production-jwt-secret-that-is-long-enough-0123',
        TOKEN_ENCRYPTION_KEY: 'f'.repeat(64),
        DISCORD_CLIENT_ID: '100000000000000001',
        DISCORD_CLIENT_SECRET: 'secret',
        DISCORD_PUBLIC_KEY: 'a'.repeat(64),
      }),
    ]);
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stdout).toBe('');
    expect(wrongToken.stderr).toContain('Discord refused the slash commands (HTTP 401)');
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/^ {2}DISCORD_BOT_TOKEN is not set \(/m);
    expect(missing.stderr).not.toMatch(/(JWT_SECRET|DISCORD_PUBLIC_KEY) is not set/);
    expect(missing.stderr).not.toMatch(/^\s+at /m); // one message, not a stack trace
    expect(await commands()).toEqual([]);
  });
});
