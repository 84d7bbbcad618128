import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guilds, privacyLookups } from '../../db/schema';

/** Who looked a member up: a member of the server (/whois) or one of its developer-API keys. */
export type LookupActor =
  | { kind: 'member'; discordId: string; name: string | null }
  | { kind: 'api_key'; keyId: string; name: string };

export interface LookupRecord {
  /** the looked-up member's RoConnect user id */
  subjectUserId: string;
  guildId: string;
  actor: LookupActor;
  /** whether the answer showed their Roblox account (false: they keep it private there) */
  shown: boolean;
  at?: Date;
}

/** Records one lookup of a member; only that member ever reads it (listLookups). */
export async function recordLookup(db: Db, lookup: LookupRecord): Promise<void> {
  const { actor } = lookup;
  await db.insert(privacyLookups).values({
    id: randomUUID(),
    subjectUserId: lookup.subjectUserId,
    guildId: lookup.guildId,
    source: actor.kind === 'member' ? 'whois' : 'api',
    actorDiscordId: actor.kind === 'member' ? actor.discordId : null,
    actorName: actor.name,
    apiKeyId: actor.kind === 'api_key' ? actor.keyId : null,
    shown: lookup.shown,
    ...(lookup.at ? { createdAt: lookup.at } : {}),
  });
}

export interface LookupEntry {
  id: string;
  server_id: string;
  server_name: string;
  source: 'whois' | 'api';
  /** the member who ran /whois (Discord id), null for an API key or a deleted account */
  actor_discord_id: string | null;
  /** their name then, or the key's name */
  actor_name: string | null;
  api_key_id: string | null;
  shown: boolean;
  at: string;
}

/** The lookups of this user, newest first (at most `limit`). */
export async function listLookups(db: Db, userId: string, limit = 200): Promise<LookupEntry[]> {
  const rows = await db
    .select({ l: privacyLookups, serverName: guilds.name })
    .from(privacyLookups)
    .leftJoin(guilds, eq(guilds.id, privacyLookups.guildId))
    .where(eq(privacyLookups.subjectUserId, userId))
    .orderBy(desc(privacyLookups.createdAt), desc(privacyLookups.id))
    .limit(limit);
  return rows.map(({ l, serverName }) => ({
    id: l.id,
    server_id: l.guildId,
    server_name: serverName || 'Unknown Server',
    source: l.source,
    actor_discord_id: l.actorDiscordId,
    actor_name: l.actorName,
    api_key_id: l.apiKeyId,
    shown: l.shown,
    at: l.createdAt.toISOString(),
  }));
}
