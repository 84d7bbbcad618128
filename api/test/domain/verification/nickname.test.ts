import { NICKNAME_FORMATS } from '@roconnect/shared-lib/contract';
import { buildNickname } from '../../../src/domain/verification/nickname';

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
