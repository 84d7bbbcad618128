/**
 * The owner's console through HTTP against the real emulator (the Discord client's own
 * permission and position reading): binds → verify → audit → health after the bot's role moves.
 */
import { emulatorState, useStack, verifyInServer } from '../support/emulator-flow';

const OWNER = '110000000000000001';
const NINA = '110000000000000003'; // refuses DMs; member of "Bot Guild"
const BOT_GUILD = '120000000000000001';
const ROLE_LOW = '130000000000000002';
const PETE = '502'; // rank 1 in group 7001

const { stack, signIn, linkRoblox } = useStack();

const control = async (path: string, body: object) => {
  const res = await fetch(`${stack.emulator.url}${path}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
};
const guildState = async () =>
  (await emulatorState(stack)).discord.guilds.find((g: { id: string }) => g.id === BOT_GUILD);

it('binds a rank range, verifies with exactly the bound roles, audits it, and checks the bot', async () => {
  const olivia = await signIn(OWNER);
  const base = `/api/v1/server/${BOT_GUILD}`;
  await olivia.call('POST', `${base}/setup/nickname`, { nickname_format: 'none' });
  await olivia.call('POST', `${base}/setup/verified-role`, { verified_role_name: 'Verified' });
  await olivia.call('POST', `${base}/setup/group`, { skip: true });
  const binds = await olivia.call('PUT', `${base}/binds`, {
    binds: [
      { group_id: 7001, min_rank: 1, max_rank: 50, role_name: 'Members' },
      { group_id: 7001, min_rank: 51, max_rank: 255, role_name: 'Leaders' },
    ],
  });
  expect(binds.status).toBe(200);
  expect(binds.json.data.groups[0].name).toBe('Test Group');
  const unverified = await olivia.call('PUT', `${base}/edit/unverified-role`, {
    unverified_role_id: ROLE_LOW,
  });
  expect(unverified.status).toBe(200);
  expect((await olivia.call('GET', `${base}/health`)).json.data).toMatchObject({
    ok: true,
    problems: [],
  });

  await control(`/__emulator/guilds/${BOT_GUILD}/members/${NINA}`, { roles: [ROLE_LOW] });
  const nina = await signIn(NINA);
  const verified = await verifyInServer(nina, BOT_GUILD, await linkRoblox(nina, PETE));
  expect(verified.status).toBe(200);
  expect(verified.json.data).toMatchObject({
    roles_added: ['Verified', 'Members'],
    roles_removed: ['Low'],
  });
  const ninaNow = (await guildState()).members.find((m: { user_id: string }) => m.user_id === NINA);
  expect(ninaNow.role_names.sort()).toEqual(['Members', 'Verified']);

  const [entry] = (await olivia.call('GET', `${base}/audit?limit=1`)).json.data.entries;
  expect(entry).toMatchObject({
    kind: 'verification',
    member: { discord_id: NINA },
    roblox_account: { roblox_id: PETE, username: 'PlainPete' },
    roles_added: ['Verified', 'Members'],
    roles_removed: ['Low'],
    dm_sent: false,
  });

  // an admin drags the bot's role to the bottom, then takes its permissions away
  const botRole = (await guildState()).roles.find((r: { managed: boolean }) => r.managed);
  await control(`/__emulator/guilds/${BOT_GUILD}/roles/${botRole.id}`, { position: 1 });
  const low = (await olivia.call('GET', `${base}/health`)).json.data;
  expect(low.ok).toBe(false);
  expect(low.problems).toEqual([
    expect.objectContaining({
      code: 'bot_role_too_low',
      message: expect.stringMatching(/^The RoConnect role sits below .*"Members"/),
    }),
  ]);
  await control(`/__emulator/guilds/${BOT_GUILD}/roles/${botRole.id}`, {
    position: 50,
    permissions: '0',
  });
  const perms = (await olivia.call('GET', `${base}/health`)).json.data.problems;
  expect(perms.map((p: { code: string }) => p.code)).toEqual([
    'missing_manage_roles',
    'missing_manage_nicknames',
  ]);
  expect(new URL(perms[0].reinvite_url).searchParams.get('permissions')).toBe('402738176');
});
