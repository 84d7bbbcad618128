/**
 * A server's own words through the emulator (docs/product.md › Messages): PUT …/edit/messages and
 * its refusals, the audit entry, the posted Verify message edited in place, the verified DM sent
 * in the server's words, the preview for a member; and the Verify message edited, re-posted and
 * removed (Discord's Edit and Delete Message, its 10008 when someone deleted it first).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../support/db';
import {
  callDiscordAsBot,
  emulatorChannel,
  emulatorState,
  seedWithChannels,
  setUpServerAs,
  useStack,
  verifyInServer,
  type EmulatorMessage,
  type HttpSession,
} from '../../support/emulator-flow';
import { GUILD_A as BOT_GUILD, MAX, NINA, OLIVIA as OWNER, PETE } from '../../support/world';

jest.setTimeout(60_000);

const GENERAL = '130000000000000001';
const NEWS = '130000000000000005';
const BASE = `/api/v1/server/${BOT_GUILD}`;

const { stack, signIn, linkRoblox, tdb } = useStack(() => ({
  seed: seedWithChannels(BOT_GUILD, [
    { id: GENERAL, name: 'general', type: 0 },
    { id: NEWS, name: 'announcements', type: 5 },
  ]),
}));

const OWN_WORDS = {
  verified_dm: 'Welcome aboard, {display-name}! You are in {server-name}.',
  welcome_dm: 'Hi {discord-name}, welcome to {server-name}.',
  verify_message: {
    title: 'Join {server-name}',
    body: 'Press the button to get your roles.',
    button_label: 'Get roles',
  },
};
const DEFAULTS = { verified_dm: null, welcome_dm: null, verify_message: null };

async function owner(): Promise<HttpSession> {
  const olivia = await signIn(OWNER);
  await setUpServerAs(olivia, BOT_GUILD, { syncFirst: true, group: { group_url: '7001' } });
  return olivia;
}
const messagesIn = async (channelId: string) =>
  (await emulatorChannel<EmulatorMessage>(stack, BOT_GUILD, channelId)).messages;
const settingRows = (setting: string) =>
  queryRows<{ before: string | null; after: string | null }>(
    tdb.database,
    sql`SELECT before, after FROM setting_changes WHERE setting = ${setting} ORDER BY created_at`,
  );

describe('the server’s own words', () => {
  it('saves them, audits the change and edits the posted Verify message in place', async () => {
    const olivia = await owner();
    const read = await olivia.call('GET', `${BASE}/messages`);
    expect(read.json.data).toMatchObject({
      messages: DEFAULTS,
      defaults: { verify_message: { button_label: 'Verify' } },
      verify_message_post: null,
    });
    const posted = await olivia.call('POST', `${BASE}/verify-message`, { channel_id: GENERAL });
    const messageId = posted.json.data.message_id;

    const saved = await olivia.call('PUT', `${BASE}/edit/messages`, OWN_WORDS);
    expect(saved.status).toBe(200);
    expect(saved.json.data).toEqual({
      messages: OWN_WORDS,
      verify_message_update: 'edited',
      warning: null,
    });
    const [message] = await messagesIn(GENERAL);
    expect(message).toMatchObject({
      id: messageId,
      content: '',
      embeds: [{ title: 'Join Bot Guild', description: 'Press the button to get your roles.' }],
      edited_at: expect.any(String),
    });
    expect(message!.components[0]!.components[0]!.label).toBe('Get roles');
    const [audit] = await settingRows('messages');
    expect(audit!.after).toContain('verified DM: "Welcome aboard, {display-name}!');

    // null keeps RoConnect's texts again: the message is edited back to the default text
    const back = await olivia.call('PUT', `${BASE}/edit/messages`, DEFAULTS);
    expect(back.json.data.verify_message_update).toBe('edited');
    expect((await messagesIn(GENERAL))[0]).toMatchObject({
      content: 'Press Verify to get your roles in this server from your linked Roblox account.',
      embeds: [],
    });
    // the DMs alone changing leave the posted message as it is
    const dms = await olivia.call('PUT', `${BASE}/edit/messages`, {
      ...DEFAULTS,
      verified_dm: 'Hello',
    });
    expect(dms.json.data.verify_message_update).toBe('unchanged');
  });

  it.each([
    [
      'a title over 256',
      { verify_message: { ...OWN_WORDS.verify_message, title: 'x'.repeat(257) } },
      /body\.verify_message\.title has 257 characters; Discord allows 256/,
    ],
    [
      'a label over 80',
      { verify_message: { ...OWN_WORDS.verify_message, button_label: 'x'.repeat(81) } },
      /body\.verify_message\.button_label has 81 characters; Discord allows 80/,
    ],
    [
      'a DM over 2,000',
      { verified_dm: 'x'.repeat(2001) },
      /body\.verified_dm has 2,001 characters; Discord allows 2,000/,
    ],
    [
      '@everyone',
      { verified_dm: 'Hey @everyone, {roblox-name} is here' },
      /body\.verified_dm mentions @everyone/,
    ],
    [
      'a role mention',
      { welcome_dm: 'Ping <@&130000000000000009>' },
      /body\.welcome_dm mentions <@&/,
    ],
    [
      'a token the text cannot use',
      { welcome_dm: 'Hi {roblox-name}' },
      /body\.welcome_dm names \{roblox-name\}, which this text cannot use/,
    ],
    [
      'an unknown token',
      { verified_dm: 'Hi {nickname}' },
      /body\.verified_dm names \{nickname\}, which is not a token/,
    ],
    [
      'a member token in the Verify message',
      { verify_message: { ...OWN_WORDS.verify_message, body: 'Hi {display-name}' } },
      /body\.verify_message\.body names \{display-name\}/,
    ],
  ])('refuses %s with a 400 naming the field, and saves nothing', async (_what, part, why) => {
    const olivia = await owner();
    const res = await olivia.call('PUT', `${BASE}/edit/messages`, { ...DEFAULTS, ...part });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, message: expect.stringMatching(why) });
    expect((await olivia.call('GET', `${BASE}/messages`)).json.data.messages).toEqual(DEFAULTS);
    expect(await settingRows('messages')).toEqual([]);
  });

  it('refuses a member who does not manage the server', async () => {
    await owner();
    const max = await signIn(MAX);
    expect((await max.call('PUT', `${BASE}/edit/messages`, OWN_WORDS)).status).toBe(403);
    expect((await max.call('GET', `${BASE}/messages`)).status).toBe(403);
  });

  it('sends the verified DM in the server’s words, with no ping', async () => {
    const olivia = await owner();
    await olivia.call('PUT', `${BASE}/edit/messages`, OWN_WORDS);
    const max = await signIn(MAX);
    const account = await linkRoblox(max, PETE);
    const res = await verifyInServer(max, BOT_GUILD, account);
    expect(res.json.data.dm_sent).toBe(true);
    const dms = (await emulatorState(stack)).discord.dms as {
      recipient_id: string;
      content: string;
    }[];
    expect(dms.filter((d) => d.recipient_id === MAX).at(-1)!.content).toMatch(
      /^Welcome aboard, Pete! You are in Bot Guild\. Roles given: /,
    );
  });

  it('previews them for a member, and refuses someone who is not one or has no account', async () => {
    const olivia = await owner();
    const max = await signIn(MAX);
    await linkRoblox(max, PETE);
    const preview = await olivia.call('POST', `${BASE}/edit/messages/preview`, {
      member_id: MAX,
      messages: OWN_WORDS,
    });
    expect(preview.status).toBe(200);
    expect(preview.json.data).toEqual({
      verified_dm: expect.stringMatching(
        /^Welcome aboard, (Pete|\(their Roblox display name\))! You are in Bot Guild\.$/,
      ),
      welcome_dm: expect.stringMatching(/^Hi member_max, welcome to Bot Guild\.\n.*\/verify/),
      verify_message: {
        title: 'Join Bot Guild',
        body: 'Press the button to get your roles.',
        button_label: 'Get roles',
      },
      roblox_hidden: expect.any(Boolean),
    });
    const stranger = await olivia.call('POST', `${BASE}/edit/messages/preview`, {
      member_id: '110000000000000099',
    });
    expect([stranger.status, stranger.json.error]).toEqual([404, 'member_not_found']);
    const unlinked = await olivia.call('POST', `${BASE}/edit/messages/preview`, {
      member_id: NINA,
    });
    expect([unlinked.status, unlinked.json.error]).toEqual([400, 'member_not_linked']);
  });
});

describe('the Verify message edited, re-posted and removed', () => {
  it('edits the text in place, and audits it', async () => {
    const olivia = await owner();
    await olivia.call('POST', `${BASE}/verify-message`, { channel_id: GENERAL });
    const res = await olivia.call('PUT', `${BASE}/verify-message`, { text: ' New words. ' });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ text: 'New words.', posted: { channel_id: GENERAL } });
    expect((await messagesIn(GENERAL)).map((m) => m.content)).toEqual(['New words.']);
    expect((await settingRows('verify_message')).at(-1)).toEqual({
      before: 'text: default',
      after: 'text: New words.',
    });
    expect((await olivia.call('GET', `${BASE}/verify-message`)).json.data.text).toBe('New words.');
  });

  it('re-posts: the new message goes up and the old one is deleted', async () => {
    const olivia = await owner();
    await olivia.call('POST', `${BASE}/verify-message`, { channel_id: GENERAL });
    const again = await olivia.call('POST', `${BASE}/verify-message`, { channel_id: NEWS });
    expect(again.status).toBe(201);
    expect(await messagesIn(GENERAL)).toEqual([]);
    expect((await messagesIn(NEWS)).map((m) => m.id)).toEqual([again.json.data.message_id]);
    expect((await settingRows('verify_message')).at(-1)).toEqual({
      before: `posted in #general (${GENERAL})`,
      after: `posted in #announcements (${NEWS})`,
    });
  });

  it('removes it, then says nothing is posted', async () => {
    const olivia = await owner();
    await olivia.call('POST', `${BASE}/verify-message`, { channel_id: GENERAL });
    const removed = await olivia.call('DELETE', `${BASE}/verify-message`);
    expect(removed.json.data).toEqual({ already_gone: false });
    expect(await messagesIn(GENERAL)).toEqual([]);
    expect((await olivia.call('GET', `${BASE}/verify-message`)).json.data.posted).toBeNull();
    const twice = await olivia.call('DELETE', `${BASE}/verify-message`);
    expect([twice.status, twice.json.error]).toEqual([409, 'verify_message_not_posted']);
    const edit = await olivia.call('PUT', `${BASE}/verify-message`, { text: 'x' });
    expect(edit.json.error).toBe('verify_message_not_posted');
  });

  it('forgets a message someone deleted in Discord (10008): an edit is a 409, a removal is done', async () => {
    const olivia = await owner();
    const posted = await olivia.call('POST', `${BASE}/verify-message`, { channel_id: GENERAL });
    const gone = await callDiscordAsBot(
      stack,
      'DELETE',
      `/channels/${GENERAL}/messages/${posted.json.data.message_id}`,
    );
    expect(gone.status).toBe(204);
    const edit = await olivia.call('PUT', `${BASE}/verify-message`, { text: 'New words.' });
    expect([edit.status, edit.json.error]).toEqual([409, 'verify_message_gone']);
    expect((await olivia.call('GET', `${BASE}/verify-message`)).json.data).toEqual({
      posted: null,
      text: null,
    });

    const again = await olivia.call('POST', `${BASE}/verify-message`, { channel_id: GENERAL });
    await callDiscordAsBot(
      stack,
      'DELETE',
      `/channels/${GENERAL}/messages/${again.json.data.message_id}`,
    );
    const removed = await olivia.call('DELETE', `${BASE}/verify-message`);
    expect(removed.json.data).toEqual({ already_gone: true });
    // the messages' save says so too
    await olivia.call('POST', `${BASE}/verify-message`, { channel_id: GENERAL });
    const [last] = await messagesIn(GENERAL);
    await callDiscordAsBot(stack, 'DELETE', `/channels/${GENERAL}/messages/${last!.id}`);
    const saved = await olivia.call('PUT', `${BASE}/edit/messages`, OWN_WORDS);
    expect(saved.json.data.verify_message_update).toBe('gone');
  });
});
