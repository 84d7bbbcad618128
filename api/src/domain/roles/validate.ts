import { badRequest, conflict } from '../../lib/errors';
import type { GuildRow } from '../guilds/access';

/** 1–100 characters after trimming, not @everyone. */
export function cleanRoleName(raw: string, field = 'body.verified_role_name'): string {
  const name = raw.trim();
  if (!name) throw badRequest(`${field} must not be empty`);
  if (name.length > 100) throw badRequest(`${field} must be at most 100 characters`);
  if (/^@?everyone$/i.test(name)) throw badRequest(`${field} cannot be @everyone`);
  return name;
}

export function requireBot(guild: GuildRow): void {
  if (!guild.botPresent)
    throw conflict('Add the RoConnect bot to this server first.', 'bot_not_in_server');
}
