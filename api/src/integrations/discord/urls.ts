import { trimSlash } from '../http';

/** `https://discord.com/api` → `https://discord.com/api/v10`; a base that already names a version is kept. */
export function versionedBase(apiBaseUrl: string): string {
  const base = trimSlash(apiBaseUrl);
  return /\/v\d+$/.test(base) ? base : `${base}/v10`;
}

/** the unversioned base, which is what @discordjs/rest's `api` option expects */
export function unversionedBase(apiBaseUrl: string): string {
  return trimSlash(apiBaseUrl).replace(/\/v\d+$/, '');
}

/**
 * The bot invite's permissions: Manage Roles, Manage Nicknames, View Channels, Send Messages,
 * Embed Links (the log channel's posts are embeds) and Read Message History
 * (docs/production.md › The Discord application).
 */
export const BOT_PERMISSIONS = '402738176';
