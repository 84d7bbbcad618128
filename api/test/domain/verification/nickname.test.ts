import { NICKNAME_FORMATS } from '@roconnect/shared-lib/contract';
import { buildNickname, nicknameFromTemplate } from '../../../src/domain/verification/nickname';

const base = {
  discordUsername: 'member_max',
  discordGlobalName: 'Max',
  robloxUsername: 'PlainPete',
  robloxDisplayName: 'Pete',
};

describe('buildNickname', () => {
  it.each([
    ['roblox_username', 'PlainPete'],
    ['roblox_display', 'Pete'],
    ['discord_display', 'Max'],
    ['discord_username', 'member_max'],
    ['discord_display_with_roblox', 'Max (PlainPete)'],
    ['none', null],
  ] as const)('%s → %p', (format, expected) => {
    expect(buildNickname(format, base)).toBe(expected);
  });

  it('falls back to the username when there is no Discord display name', () => {
    expect(buildNickname('discord_display', { ...base, discordGlobalName: null })).toBe(
      'member_max',
    );
  });

  it('shortens the Discord part first so the Roblox name stays whole', () => {
    const nick = buildNickname('discord_display_with_roblox', {
      ...base,
      discordGlobalName: 'A very long display name indeed!!',
    })!;
    expect(Array.from(nick).length).toBeLessThanOrEqual(32);
    expect(nick.endsWith(' (PlainPete)')).toBe(true);
    expect(nick.startsWith('A very long')).toBe(true);
  });

  it('never exceeds 32 characters for any format, even with long names and emoji', () => {
    const long = {
      discordUsername: 'u'.repeat(40),
      discordGlobalName: '😀'.repeat(40),
      robloxUsername: 'R'.repeat(20),
      robloxDisplayName: 'D'.repeat(40),
    };
    for (const f of NICKNAME_FORMATS) {
      const nick = buildNickname(f, long);
      if (nick !== null) expect(Array.from(nick).length).toBeLessThanOrEqual(32);
    }
    const huge = { ...long, robloxUsername: 'R'.repeat(40) };
    expect(buildNickname('discord_display_with_roblox', huge)).toBe('R'.repeat(32));
  });
});

describe('hidden characters in token values', () => {
  it.each([
    [
      'a right-to-left override in a Roblox display name',
      'roblox_display',
      { robloxDisplayName: 'Pete\u202Eexe.gpj' },
      'Peteexe.gpj',
    ],
    [
      'zero-width spaces in a Discord display name',
      'discord_display',
      { discordGlobalName: 'O\u200Bwn\u2060er' },
      'Owner',
    ],
    [
      'a display name of hidden characters only',
      'discord_display',
      { discordGlobalName: '\u200B\u3164\u202E' },
      'member_max',
    ],
    [
      'isolates around the Discord part',
      'discord_display_with_roblox',
      { discordGlobalName: '\u2067Max\u2069' },
      'Max (PlainPete)',
    ],
  ] as const)('drops %s', (_what, format, names, expected) => {
    expect(buildNickname(format, { ...base, ...names })).toBe(expected);
  });

  it('drops them from a rank and the server name too, and keeps emoji joined', () => {
    const nick = nicknameFromTemplate('{group-rank} {server-name} {display-name}', {
      ...base,
      robloxDisplayName: '👩‍💻Pete',
      groupRank: 'Of\u200Dficer\u2066',
      serverName: '\uFEFFLounge\u200F',
    });
    expect(nick).toBe('Officer Lounge 👩‍💻Pete');
  });
});
