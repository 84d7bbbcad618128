/**
 * Whether a resume URL read back from the lease table may be handed to the library, which
 * connects there and sends the bot token: only to Discord's gateway (`wss://` on `discord.gg` or a
 * host under it), or to the host the Discord API is configured at (the emulator in development
 * and tests), which gets the token with every call anyway, over as safe a scheme. A row someone
 * else wrote into the database must not carry the token off (docs/security.md › T17).
 */
export function trustedResumeUrl(resumeUrl: string, discordApiBaseUrl: string): boolean {
  let url: URL;
  let api: URL;
  try {
    url = new URL(resumeUrl);
    api = new URL(discordApiBaseUrl);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const discord = url.hostname === 'discord.gg' || url.hostname.endsWith('.discord.gg');
  if (url.protocol === 'wss:' && discord) return true;
  const asSafe =
    api.protocol === 'https:' ? url.protocol === 'wss:' : ['ws:', 'wss:'].includes(url.protocol);
  return asSafe && url.host === api.host;
}
