/**
 * Image URLs derived from ids (docs/product.md › Data). Returns null when there is no custom image.
 */
const DISCORD_CDN = 'https://cdn.discordapp.com';

/** An image of Discord's CDN by its hash, in `folder` under the owner's id; a full URL stays as is. */
function discordCdnUrl(
  folder: 'avatars' | 'icons',
  ownerId: string,
  hash: string | null | undefined,
): string | null {
  if (!hash) return null;
  if (/^https?:\/\//.test(hash)) return hash;
  return `${DISCORD_CDN}/${folder}/${ownerId}/${hash}.png?size=128`;
}

export const discordAvatarUrl = (discordId: string, avatar: string | null | undefined) =>
  discordCdnUrl('avatars', discordId, avatar);

export const discordGuildIconUrl = (serverId: string, icon: string | null | undefined) =>
  discordCdnUrl('icons', serverId, icon);

/** First visible character, upper-cased, for avatar and icon fallbacks. */
export function initialOf(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  return trimmed ? Array.from(trimmed)[0]!.toUpperCase() : '?';
}
