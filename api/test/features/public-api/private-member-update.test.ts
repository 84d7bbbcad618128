/**
 * The developer API's update for a member who keeps their Roblox account private in the key's
 * server (docs/security.md › Developer API): it answers exactly as for a member who never linked
 * (status, body, headers, and without waiting for the update), and the server's roles are still
 * given after the answer, with no nickname made from the Roblox account.
 */
import { eq } from 'drizzle-orm';
import { verifications } from '../../../src/db/schema';
import { callAs, completeSetup, linkRoblox, loginAs, type Session } from '../../support/fake-login';
import { useFakeApp } from '../../support/harness';
import { until } from '../../support/until';
import { GROUP, GUILD_A, MAX, OLIVIA, PETE } from '../../support/world';
import { refusal } from '../../support/app';

const t = useFakeApp();
let olivia: Session;

beforeEach(async () => {
  olivia = await loginAs(t.app, OLIVIA);
});

async function createKey() {
  const res = await callAs(t.app, olivia, 'POST', `/api/v1/server/${GUILD_A}/api-keys`, {
    name: 'Game server',
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.key as string;
}
const update = (key: string, discordId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/v1/servers/${GUILD_A}/members/${discordId}/update`,
    headers: { authorization: `Bearer ${key}` },
  });
/** What a caller can compare between two answers: all but the clock's (date, count left, reset). */
const seen = (res: Awaited<ReturnType<typeof update>>) => ({
  status: res.statusCode,
  body: res.body,
  headers: Object.keys(res.headers)
    .filter((h) => h !== 'date')
    .sort()
    .map((h) =>
      h === 'x-ratelimit-remaining' || h === 'x-ratelimit-reset'
        ? h
        : `${h}: ${String(res.headers[h])}`,
    ),
});

/** Max linked Pete's account but never verified himself in GUILD_A: not shown there. */
async function maxLinkedNotShown() {
  await completeSetup(t.app, olivia, GUILD_A, { group_id: GROUP });
  const max = await loginAs(t.app, MAX);
  await linkRoblox(t.app, max, PETE);
  const guild = t.world.guilds.get(GUILD_A)!;
  const verified = guild.roles.find((r) => r.name === 'Verified')!;
  guild.members.get(MAX)!.roles = [];
  guild.members.get(MAX)!.nick = null;
  return { guild, verified };
}

it('answers a member who keeps the account private here exactly as one who never linked', async () => {
  const { guild, verified } = await maxLinkedNotShown();
  const key = await createKey();

  const privateMember = await update(key, MAX);
  const neverLinked = await update(key, OLIVIA);
  const nobody = await update(key, '110000000000000099');
  // the distinguishing call: it answered 200 with the roles given, telling the key Max linked
  expect(seen(privateMember)).toEqual(seen(neverLinked));
  expect(seen(privateMember)).toEqual(seen(nobody));
  expect(privateMember.statusCode).toBe(404);
  expect(privateMember.json()).toEqual(
    refusal('not_found', 'No Roblox account to show for this member in this server.'),
  );

  // the server's roles are still given, after the answer, and no nickname from Roblox
  await until(
    'the Verified role given to Max',
    () => guild.members.get(MAX)!.roles,
    (roles) => roles.includes(verified.id),
  );
  expect(guild.members.get(MAX)!.nick).toBeNull();
  await until(
    "the developer API's update recorded",
    () =>
      t.tdb.database.db.select().from(verifications).where(eq(verifications.memberDiscordId, MAX)),
    (rows) => rows.length === 1,
  );
  const [row] = await t.tdb.database.db
    .select()
    .from(verifications)
    .where(eq(verifications.memberDiscordId, MAX));
  expect(row).toMatchObject({ source: 'api', actorUserId: null, memberAsked: false });
  // and it made him no more visible: the lookup still answers as for nobody
  const lookup = await t.app.inject({
    method: 'GET',
    url: `/api/public/v1/servers/${GUILD_A}/members/${MAX}`,
    headers: { authorization: `Bearer ${key}` },
  });
  expect([lookup.statusCode, lookup.body]).toEqual([404, neverLinked.body]);
});

it('does not wait for the update before answering, and runs one at a time per member', async () => {
  const { guild, verified } = await maxLinkedNotShown();
  const key = await createKey();
  const bot = t.app.ctx.integrations.discordBot;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const edit = bot.editMember.bind(bot);
  const edits = jest.spyOn(bot, 'editMember').mockImplementation(async (...args) => {
    await held;
    return edit(...args);
  });
  try {
    const first = await update(key, MAX);
    const again = await update(key, MAX);
    // answered while Discord still holds the role edit
    expect([first.statusCode, again.statusCode]).toEqual([404, 404]);
    expect(guild.members.get(MAX)!.roles).not.toContain(verified.id);
    await until(
      'the held role edit',
      () => edits.mock.calls.length,
      (n) => n >= 1,
    );
    release();
    await until(
      'the Verified role given to Max',
      () => guild.members.get(MAX)!.roles,
      (roles) => roles.includes(verified.id),
    );
    // the second call came while the first ran: it started nothing
    expect(edits).toHaveBeenCalledTimes(1);
  } finally {
    release();
    edits.mockRestore();
  }
});

it('a member shown here still gets the update’s own answer', async () => {
  const { guild, verified } = await maxLinkedNotShown();
  const max = await loginAs(t.app, MAX);
  const chose = await callAs(t.app, max, 'PUT', '/api/v1/dashboard/user/privacy', {
    default_visible: true,
    servers: [{ server_id: GUILD_A, visible: true }],
  });
  expect(chose.statusCode).toBe(200);
  const key = await createKey();
  const res = await update(key, MAX);
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toMatchObject({
    discord_id: MAX,
    roles_added: expect.arrayContaining(['Verified']),
  });
  expect(guild.members.get(MAX)!.roles).toContain(verified.id);
});
