import rootPackage from '../../../../package.json';
import apiPackage from '../../../package.json';

/** the project's repository URL, from the root package.json (its `repository`, else `homepage`) */
function repositoryUrl(): string {
  const repository: unknown = (rootPackage as { repository?: unknown }).repository;
  const url =
    typeof repository === 'string'
      ? repository
      : typeof repository === 'object' && repository !== null
        ? (repository as { url?: unknown }).url
        : (rootPackage as { homepage?: unknown }).homepage;
  return typeof url === 'string' ? url.replace(/^git\+/, '').replace(/\.git$/, '') : 'unknown';
}

/**
 * What every call to Discord's HTTP API sends as User-Agent: Discord requires
 * `DiscordBot ($url, $versionNumber)` and may block requests without it (the emulator refuses
 * them: emulator/README.md › Discord). The bot's own client (@discordjs/rest) sends its library's and appends
 * DISCORD_USER_AGENT_APPENDIX.
 */
export const DISCORD_USER_AGENT = `DiscordBot (${repositoryUrl()}, ${apiPackage.version})`;

/** what the bot client adds after @discordjs/rest's own `DiscordBot (https://discord.js.org, …)` */
export const DISCORD_USER_AGENT_APPENDIX = `RoConnect/${apiPackage.version} (${repositoryUrl()})`;

/** `headers` with Discord's User-Agent set (any User-Agent the caller gave is replaced). */
export function withDiscordUserAgent(headers: RequestInit['headers']): Headers {
  const out = new Headers(headers);
  out.set('user-agent', DISCORD_USER_AGENT);
  return out;
}
