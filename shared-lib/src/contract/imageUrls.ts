/**
 * Image URLs derived from ids (docs/product.md › Data). Returns null when there is no custom image.
 */
const DISCORD_CDN = 'https://cdn.discordapp.com';

export function discordAvatarUrl(
  discordId: string,
  avatar: string | null | undefined,
): string | null {
  if (!avatar) return null;
  if (/^https?:\/\//.test(avatar)) return avatar;
  return `${DISCORD_CDN}/avatars/${discordId}/${avatar}.png?size=128`;
}

export function discordGuildIconUrl(
  serverId: string,
  icon: string | null | undefined,
): string | null {
  if (!icon) return null;
  if (/^https?:\/\//.test(icon)) return icon;
  return `${DISCORD_CDN}/icons/${serverId}/${icon}.png?size=128`;
}

/** First visible character, upper-cased, for avatar and icon fallbacks. */
export function initialOf(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  return trimmed ? Array.from(trimmed)[0]!.toUpperCase() : '?';
}
