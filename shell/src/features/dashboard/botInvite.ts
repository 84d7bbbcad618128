import type { Server } from '@roconnect/shared-lib';

/** How a bot invite came back to the dashboard (the API's redirect: bot_added or bot_error). */
export type BotInviteOutcome =
  | { kind: 'added'; guildId: string | null }
  | { kind: 'failed'; code: string; guildId: string | null };

const GUILD_ID = /^\d{1,32}$/;

/** Reads the invite's outcome from the dashboard query; null when the query carries none. */
export function readBotInviteOutcome(query: URLSearchParams): BotInviteOutcome | null {
  const rawGuild = query.get('guild_id');
  const guildId = rawGuild && GUILD_ID.test(rawGuild) ? rawGuild : null;
  const error = query.get('bot_error');
  if (error) return { kind: 'failed', code: error, guildId };
  if (query.get('bot_added') === 'true') return { kind: 'added', guildId };
  return null;
}

/**
 * A fixed sentence per error code the API sends; the query's own text is never shown, so a
 * crafted link cannot put words on the page.
 */
const FAILURE_REASONS: Record<string, string> = {
  access_denied: 'The invite was cancelled on Discord.',
  bot_not_added: 'Discord did not add it. Please try the invite again.',
  browser_mismatch: 'The invite was started in another browser. Please start it again here.',
  invalid_state: 'The invite link expired or was already used. Please start the invite again.',
  invalid_grant: 'Discord did not accept the authorization. Please try the invite again.',
  discord_unavailable: 'Discord could not be reached. Please try again in a moment.',
  wrong_server: 'It was added to a different server than the one you chose.',
};
const UNKNOWN_REASON = 'Something went wrong. Please try the invite again.';

export function botInviteFailureMessage(code: string, serverName: string | null): string {
  const reason = Object.hasOwn(FAILURE_REASONS, code) ? FAILURE_REASONS[code] : UNKNOWN_REASON;
  return `The bot was not added to ${serverName ?? 'the server'}. ${reason}`;
}

export function serverNamed(servers: readonly Server[] | null, guildId: string | null) {
  return (guildId && servers?.find((server) => server.server_id === guildId)) || null;
}
