/**
 * A manager reaches no channel through the bot that Discord keeps from them (docs/security.md, "a
 * manager reaches beyond their channels"): the channel list names only channels they can see and
 * post in, and the log channel and the Verify message go only there, their rights read live.
 */
import { sql } from 'drizzle-orm';
import type { DiscordChannel } from '../../../src/integrations/types';
import { queryRows } from '../../support/db';
import { consoleWorld, STAFF_ROLE } from '../../support/console';
import { giveBotRole } from '../../support/fake-integrations';
import { callAs, completeSetup, loginAs, type Session } from '../../support/fake-login';
import { useFakeApp } from '../../support/harness';
import { GUILD_A, MO, OLIVIA, ROLE_HIGH } from '../../support/world';
import { refusal } from '../../support/app';

const t = useFakeApp(consoleWorld);
const A = `/api/v1/server/${GUILD_A}`;
const ADMINISTRATOR = 1n << 3n;
const VIEW_CHANNEL = 1n << 10n;
const SEND_MESSAGES = 1n << 11n;
const VIEW_AND_SEND = String(VIEW_CHANNEL | SEND_MESSAGES);

const GENERAL = '130000000000000040';
const MOD_ROOM = '130000000000000041'; // hidden from @everyone; High (not Mo) may read and post
const NEWS = '130000000000000042'; // everyone reads, nobody but the bot posts
const MO_DESK = '130000000000000043'; // hidden from @everyone; Mo's own overwrite lets him in

let olivia: Session;
let mo: Session;
const guild = () => t.world.guilds.get(GUILD_A)!;
const channel = (id: string) => guild().channels!.find((c) => c.id === id)!;

beforeEach(async () => {
  olivia = await loginAs(t.app, OLIVIA);
  mo = await loginAs(t.app, MO); // Manage Server through Staff, not Administrator
  await completeSetup(t.app, olivia, GUILD_A);
  const bot = giveBotRole(t.world, guild(), '0').id;
  const hiddenFromEveryone = { id: GUILD_A, type: 0, allow: '0', deny: String(VIEW_CHANNEL) };
  const botMay = { id: bot, type: 0, allow: VIEW_AND_SEND, deny: '0' };
  const text = (id: string, name: string, position: number, overwrites = [] as object[]) =>
    ({ id, name, type: 0, position, permission_overwrites: overwrites }) as DiscordChannel;
  guild().channels = [
    text(GENERAL, 'general', 0),
    text(MOD_ROOM, 'mod-room', 1, [
      hiddenFromEveryone,
      { id: ROLE_HIGH, type: 0, allow: VIEW_AND_SEND, deny: '0' },
      botMay,
    ]),
    {
      ...text(NEWS, 'news', 2, [
        { id: GUILD_A, type: 0, allow: '0', deny: String(SEND_MESSAGES) },
        botMay,
      ]),
      type: 5,
    },
    text(MO_DESK, 'mo-desk', 3, [
      hiddenFromEveryone,
      { id: MO, type: 1, allow: VIEW_AND_SEND, deny: '0' },
      botMay,
    ]),
  ];
});

const listChannels = async (s: Session) => {
  const res = await t.app.inject({ method: 'GET', url: `${A}/channels`, headers: s.headers });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { name: string }[]).map((c) => c.name);
};
const setLogChannel = (s: Session, channelId: string) =>
  callAs(t.app, s, 'PUT', `${A}/log-channel`, { channel_id: channelId });
const postVerifyMessage = (s: Session, channelId: string) =>
  callAs(t.app, s, 'POST', `${A}/verify-message`, { channel_id: channelId });
const stored = async () => {
  const [config] = await queryRows<{ log: string | null; verify: string | null }>(
    t.tdb.database,
    sql`SELECT log_channel_id AS log, verify_channel_id AS verify FROM guild_configs`,
  );
  const audit = await queryRows<{ setting: string }>(
    t.tdb.database,
    sql`SELECT setting FROM setting_changes WHERE setting IN ('log_channel', 'verify_message')`,
  );
  return { ...config, audit: audit.map((a) => a.setting) };
};

describe('the channel list', () => {
  it("names to a manager only the channels they can see and post in; the owner's has every one the bot can post in", async () => {
    expect(await listChannels(mo)).toEqual(['general', 'mo-desk']);
    expect(await listChannels(olivia)).toEqual(['general', 'mod-room', 'news', 'mo-desk']);
  });

  it('gives a manager with Administrator every channel, overwrites or not', async () => {
    guild().roles.find((r) => r.id === STAFF_ROLE)!.permissions = String(ADMINISTRATOR);
    expect(await listChannels(mo)).toEqual(['general', 'mod-room', 'news', 'mo-desk']);
  });
});

describe('choosing a channel', () => {
  it('refuses the log channel in a channel hidden from the manager (403), without naming it, and stores nothing', async () => {
    const res = await setLogChannel(mo, MOD_ROOM);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(
      refusal(
        'channel_hidden_from_you',
        'You cannot see that channel in Discord, so you cannot choose it. Choose a channel you can see and post in.',
      ),
    );
    expect(res.body).not.toContain('mod-room');
    expect(await stored()).toEqual({ log: null, verify: null, audit: [] });
    // the owner may
    expect((await setLogChannel(olivia, MOD_ROOM)).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ log: MOD_ROOM, audit: ['log_channel'] });
  });

  it('refuses a channel the manager can read but not post in, naming it', async () => {
    const res = await setLogChannel(mo, NEWS);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: 'channel_not_postable_by_you',
      message:
        'You cannot post in #news yourself, so the bot will not post there for you. Choose a channel you can post in.',
    });
    expect(await stored()).toEqual({ log: null, verify: null, audit: [] });
  });

  it('posts no Verify message where the manager cannot post, and does where they can', async () => {
    for (const id of [MOD_ROOM, NEWS])
      expect((await postVerifyMessage(mo, id)).statusCode).toBe(403);
    expect(t.world.posts).toEqual([]);
    expect(await stored()).toEqual({ log: null, verify: null, audit: [] });

    expect((await postVerifyMessage(mo, MO_DESK)).statusCode).toBe(201);
    expect(t.world.posts.map((p) => p.channelId)).toEqual([MO_DESK]);
  });

  it("reads the manager's rights live: a role that opens a channel opens it, and taking it back closes it", async () => {
    guild().members.get(MO)!.roles.push(ROLE_HIGH);
    expect((await setLogChannel(mo, MOD_ROOM)).statusCode).toBe(200);
    guild().members.get(MO)!.roles = [STAFF_ROLE];
    expect((await setLogChannel(mo, MOD_ROOM)).json()).toMatchObject({
      error: 'channel_hidden_from_you',
    });
    // a channel's own deny for their role wins over @everyone's allow
    channel(GENERAL).permission_overwrites.push({
      id: STAFF_ROLE,
      type: 0,
      allow: '0',
      deny: String(SEND_MESSAGES),
    });
    expect((await setLogChannel(mo, GENERAL)).json()).toMatchObject({
      error: 'channel_not_postable_by_you',
    });
  });

  it('still names what the bot lacks, after what the manager lacks', async () => {
    channel(MO_DESK).permission_overwrites = channel(MO_DESK).permission_overwrites.filter(
      (o) => o.type === 1 || o.id === GUILD_A,
    );
    const res = await setLogChannel(mo, MO_DESK);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'channel_not_postable' });
    expect(res.json().message).toMatch(/^The bot cannot post in #mo-desk\./);
  });
});
