import type { NicknameFormat } from '@roconnect/shared-lib/contract';

export const MAX_NICKNAME = 32;

export interface NicknameSources {
  discordUsername: string;
  discordGlobalName: string | null;
  robloxUsername: string;
  robloxDisplayName: string;
}

const chars = (s: string) => Array.from(s);
const cut = (s: string, n: number) => chars(s).slice(0, Math.max(0, n)).join('').trimEnd();

/**
 * The nickname for a format, never over Discord's 32 characters; null for `none`.
 * With `discord_display_with_roblox` the Discord part is shortened first, so the Roblox name stays whole.
 */
export function buildNickname(format: NicknameFormat, s: NicknameSources): string | null {
  const discordDisplay = s.discordGlobalName?.trim() || s.discordUsername;
  switch (format) {
    case 'none':
      return null;
    case 'roblox_username':
      return cut(s.robloxUsername, MAX_NICKNAME);
    case 'roblox_display':
      return cut(s.robloxDisplayName || s.robloxUsername, MAX_NICKNAME);
    case 'discord_display':
      return cut(discordDisplay, MAX_NICKNAME);
    case 'discord_username':
      return cut(s.discordUsername, MAX_NICKNAME);
    case 'discord_display_with_roblox': {
      const suffix = ` (${s.robloxUsername})`;
      const room = MAX_NICKNAME - chars(suffix).length;
      if (room < 1) return cut(s.robloxUsername, MAX_NICKNAME);
      const discordPart =
        chars(discordDisplay).length > room ? `${cut(discordDisplay, room - 1)}…` : discordDisplay;
      return `${discordPart}${suffix}`;
    }
  }
}
