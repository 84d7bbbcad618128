import { botChannelPermissions, botChannelsOf } from '../../../src/domain/channels/bot-channels';
import type { DiscordChannel } from '../../../src/integrations/types';

const GUILD = '120000000000000001';
const BOT = '100000000000000001';
const BOT_ROLE = '140000000000000001';
const OTHER_ROLE = '140000000000000002';
const VIEW = 1n << 10n;
const SEND = 1n << 11n;
const both = String(VIEW | SEND);

const channel = (
  id: string,
  overwrites: DiscordChannel['permission_overwrites'] = [],
  type = 0,
): DiscordChannel => ({
  id,
  name: `c${id.slice(-1)}`,
  type,
  position: Number(id.slice(-1)),
  permission_overwrites: overwrites,
});
const roles = (everyone: string, bot: string) => [
  { id: GUILD, permissions: everyone },
  { id: BOT_ROLE, permissions: bot },
  { id: OTHER_ROLE, permissions: '8' },
];
const perms = (c: DiscordChannel, everyone = both, bot = '0') =>
  botChannelPermissions(GUILD, c, roles(everyone, bot), BOT, [BOT_ROLE]);

describe('the bot’s permissions in a channel (Discord’s overwrite order)', () => {
  it('starts from @everyone and the bot’s roles, not roles it lacks', () => {
    expect(perms(channel('1'), '0', String(SEND))).toBe(SEND);
    expect(perms(channel('1'), '0', '0')).toBe(0n); // OTHER_ROLE's Administrator is not the bot's
  });

  it('applies the @everyone overwrite, then the roles’ (allow beats deny), then the bot’s own', () => {
    const everyoneDeny = { id: GUILD, type: 0, allow: '0', deny: String(SEND) };
    const roleAllow = { id: BOT_ROLE, type: 0, allow: String(SEND), deny: '0' };
    const roleDeny = { id: BOT_ROLE, type: 0, allow: '0', deny: String(SEND) };
    const memberDeny = { id: BOT, type: 1, allow: '0', deny: String(VIEW) };
    const otherRoleAllow = { id: OTHER_ROLE, type: 0, allow: String(SEND), deny: '0' };
    expect(perms(channel('1', [everyoneDeny]))).toBe(VIEW);
    expect(perms(channel('1', [everyoneDeny, roleAllow]))).toBe(VIEW | SEND);
    expect(perms(channel('1', [roleDeny]))).toBe(VIEW);
    expect(perms(channel('1', [everyoneDeny, otherRoleAllow]))).toBe(VIEW);
    expect(perms(channel('1', [roleAllow, memberDeny]))).toBe(SEND);
  });

  it('lets Administrator through every overwrite', () => {
    const deny = { id: BOT, type: 1, allow: '0', deny: both };
    expect(perms(channel('1', [deny]), '0', '8') & (VIEW | SEND)).toBe(VIEW | SEND);
  });
});

describe('botChannelsOf', () => {
  const hidden = { id: GUILD, type: 0, allow: '0', deny: String(VIEW) };
  const list = botChannelsOf(
    GUILD,
    [
      channel('3'),
      channel('1', [hidden]),
      channel('2', [], 2),
      channel('4', [], 5),
      channel('5', [], 4),
    ],
    roles(both, '0'),
    BOT,
    [BOT_ROLE],
  );

  it('lists the text and announcement channels the bot can post in, in order', () => {
    expect(list.postable).toEqual([
      { id: '3', name: 'c3' },
      { id: '4', name: 'c4' },
    ]);
  });

  it('says why a channel will not do', () => {
    expect(list.check('3')).toEqual({ ok: true, id: '3', name: 'c3' });
    expect(list.check('1')).toMatchObject({ ok: false, reason: 'cannot_post' });
    expect(list.check('2')).toMatchObject({
      ok: false,
      reason: 'not_text',
      message: '#c2 is not a text channel. Choose a text channel.',
    });
    expect(list.check('9')).toMatchObject({ ok: false, reason: 'unknown_channel' });
  });
});
