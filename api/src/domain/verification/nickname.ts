import {
  NICKNAME_MAX_LENGTH,
  NICKNAME_PRESET_TEMPLATES,
  fillNicknameTemplate,
  parseNicknameTemplate,
  type NicknameFormat,
  type NicknameToken,
  type NicknameValues,
} from '@roconnect/shared-lib/contract';
import { withoutHiddenCharacters } from '../rules/display-text';

export const MAX_NICKNAME = NICKNAME_MAX_LENGTH;

export interface NicknameSources {
  discordUsername: string;
  discordGlobalName: string | null;
  robloxUsername: string;
  robloxDisplayName: string;
  robloxId?: string;
  /** the member's rank name in the first bound group ('' when none) */
  groupRank?: string;
  serverName?: string;
}

/**
 * The tokens' values for a member (docs/product.md › Nicknames). Each is a name someone chose
 * (the member, a Roblox group, the server's managers), so it goes in without the characters that
 * hide or reorder text: a nickname cannot pass for another name or turn what follows backwards.
 */
export function nicknameValues(s: NicknameSources): NicknameValues {
  const clean = (name: string | null | undefined) => withoutHiddenCharacters(name ?? '').trim();
  return {
    'roblox-name': clean(s.robloxUsername),
    'display-name': clean(s.robloxDisplayName) || clean(s.robloxUsername),
    'roblox-id': clean(s.robloxId),
    'discord-name': clean(s.discordGlobalName) || clean(s.discordUsername),
    'discord-username': clean(s.discordUsername),
    'group-rank': clean(s.groupRank),
    'server-name': clean(s.serverName),
  };
}

/**
 * The nickname a template gives, never over Discord's 32 characters; null when it gives none.
 * The template was checked when it was saved; one that no longer reads gives none.
 */
export function nicknameFromTemplate(template: string, s: NicknameSources): string | null {
  const parsed = parseNicknameTemplate(template);
  return parsed.ok ? fillNicknameTemplate(parsed.parts, nicknameValues(s)) : null;
}

/**
 * The nickname for a format (its named template), never over 32 characters; null for `none`.
 * With `discord_display_with_roblox` the Discord part is shortened first, so the Roblox name stays whole.
 */
export function buildNickname(format: NicknameFormat, s: NicknameSources): string | null {
  return nicknameFromTemplate(NICKNAME_PRESET_TEMPLATES[format], s);
}

/** Tokens filled from the member's Roblox account or its groups. */
const ROBLOX_TOKENS: ReadonlySet<NicknameToken> = new Set<NicknameToken>([
  'roblox-name',
  'display-name',
  'roblox-id',
  'group-rank',
]);

/** The template shows something of the member's Roblox account (a template that no longer reads: no). */
export function namesRoblox(template: string): boolean {
  const parsed = parseNicknameTemplate(template);
  return parsed.ok && parsed.parts.some((p) => 'token' in p && ROBLOX_TOKENS.has(p.token));
}
