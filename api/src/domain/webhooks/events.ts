import type { Db } from '../../db/client';
import type { AuditEvent } from '../audit/record';
import { findUserByDiscordId } from '../accounts/linked';
import { mayShowLink } from '../privacy/consent';
import type { WebhookEvent } from './store';

/** A delivery's body (api/README.md › Developer API › Webhooks). */
export interface WebhookPayload {
  id: string;
  event: WebhookEvent;
  created_at: string;
  server_id: string;
  data: {
    member: { discord_id: string; username: string };
    /** null when the member keeps their Roblox account private in this server */
    roblox: { roblox_id: string; username: string } | null;
    roles_added: string[];
    roles_removed: string[];
    /** the nickname the bot set; null with `roblox` null (it may be made from the Roblox name) */
    nickname: string | null;
  };
}

/**
 * The webhook event an audit entry is, or null when it is none: a member verifying themselves
 * (website, Discord) is `member.verified`; staff, the developer API or an update of all members
 * changing something is `member.updated` (one that changed nothing is not sent); an unlink's
 * clean-up is `member.unlinked`.
 */
export function webhookEventOf(event: AuditEvent): WebhookEvent | null {
  if (event.kind === 'unlink_cleanup') return 'member.unlinked';
  if (event.kind !== 'verification') return null;
  const r = event.record;
  if (r.source === 'website' || r.source === 'discord') return 'member.verified';
  const changed =
    r.rolesAdded.length > 0 || r.rolesRemoved.length > 0 || r.nicknameBefore !== r.nicknameAfter;
  return changed ? 'member.updated' : null;
}

/**
 * The body of the delivery `id` for an audit entry. The member's Roblox account is in it only
 * where they allow it to be shown (domain/privacy, as for the developer API and /whois).
 */
export async function webhookPayload(
  db: Db,
  id: string,
  event: WebhookEvent,
  entry: AuditEvent,
  at = new Date(),
): Promise<WebhookPayload | null> {
  const data = await memberChange(db, entry);
  if (!data) return null;
  return { id, event, created_at: at.toISOString(), server_id: entry.guildId, data };
}

/** What an audit entry changed of a member, as a delivery tells it; null for other entries. */
async function memberChange(db: Db, entry: AuditEvent): Promise<WebhookPayload['data'] | null> {
  if (entry.kind === 'verification') {
    const r = entry.record;
    const shown = await mayShowLink(db, r.member.id, entry.guildId);
    return {
      member: { discord_id: r.member.discordId, username: r.member.username },
      roblox: shown ? { roblox_id: r.account.robloxId, username: r.account.username } : null,
      roles_added: r.rolesAdded.map((x) => x.name),
      roles_removed: r.rolesRemoved.map((x) => x.name),
      // a nickname made from the Roblox name would name the account too
      nickname: shown ? r.nicknameAfter : null,
    };
  }
  if (entry.kind === 'unlink_cleanup') {
    const c = entry.cleanup;
    const user = await findUserByDiscordId(db, c.member.discordId);
    const shown = user ? await mayShowLink(db, user.id, entry.guildId) : false;
    return {
      member: { discord_id: c.member.discordId, username: c.member.username },
      roblox: shown ? { roblox_id: c.account.robloxId, username: c.account.username } : null,
      roles_added: [],
      roles_removed: c.rolesRemoved,
      nickname: null,
    };
  }
  return null;
}

/** The body of a test delivery: no member in it, only what a receiver needs to check its setup. */
export interface WebhookTestPayload {
  id: string;
  event: 'webhook.test';
  created_at: string;
  server_id: string;
  data: { message: string };
}

export const webhookTestPayload = (
  id: string,
  guildId: string,
  at = new Date(),
): WebhookTestPayload => ({
  id,
  event: 'webhook.test',
  created_at: at.toISOString(),
  server_id: guildId,
  data: { message: 'A test event from RoConnect: your endpoint receives its webhooks.' },
});
