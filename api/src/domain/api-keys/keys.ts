import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gte, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeyCalls, apiKeys } from '../../db/schema';
import { sha256 } from '../../lib/crypto';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Every key starts so, which lets secret scanners and people tell a RoConnect key apart. */
export const KEY_PREFIX = 'rck_';
/** 32 random bytes: a hash of it needs no salt nor slow hashing (nothing to guess). */
const KEY_BYTES = 32;
/** What of a key is kept in clear, to tell keys apart in the list: its prefix and 6 characters. */
const SHOWN_CHARS = KEY_PREFIX.length + 6;
/** A key as createApiKey makes it: the prefix and 32 bytes in base64url (43 characters). */
const KEY_SHAPE = /^rck_[A-Za-z0-9_-]{43}$/;
/** Keys a server may hold at once, revoked ones aside. */
export const MAX_KEYS_PER_SERVER = 25;

const hashKey = (key: string) => sha256(key);

/** A new key for a server: the row (hash only) and the key itself, which is never stored. */
export async function createApiKey(
  db: Db,
  guildId: string,
  name: string,
): Promise<{ row: ApiKeyRow; key: string }> {
  const key = KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: randomUUID(),
      guildId,
      name,
      keyHash: hashKey(key),
      keyPrefix: key.slice(0, SHOWN_CHARS),
    })
    .returning();
  return { row: row!, key };
}

/** The server's keys, newest first, revoked ones included (their name and last use stay listed). */
export async function listApiKeys(db: Db, guildId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.guildId, guildId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** How many keys the server created since `since`, revoked ones included. */
export async function keysCreatedSince(db: Db, guildId: string, since: Date): Promise<number> {
  const rows = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.guildId, guildId), gte(apiKeys.createdAt, since)));
  return rows.length;
}

/** How many keys of the server still work. */
export async function liveKeyCount(db: Db, guildId: string): Promise<number> {
  const rows = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.guildId, guildId), isNull(apiKeys.revokedAt)));
  return rows.length;
}

/**
 * Revokes one key of the server. Answers the key as it was (null when the server has no such
 * key); a key revoked before stays as it was.
 */
export async function revokeApiKey(
  db: Db,
  guildId: string,
  keyId: string,
): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.guildId, guildId), eq(apiKeys.id, keyId)));
  if (!row) return null;
  if (!row.revokedAt)
    await db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
  return row;
}

/**
 * The live key a caller presented, or null. Read from the database at every call, never cached,
 * so a revoked key is refused from the next request on.
 */
export async function findLiveKey(db: Db, key: string): Promise<ApiKeyRow | null> {
  // only what createApiKey could have made is looked up: anything else costs no query
  if (!KEY_SHAPE.test(key)) return null;
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashKey(key)), isNull(apiKeys.revokedAt)));
  return row ?? null;
}

/** One call made with a key, whatever its answer; the key's last use moves with it. */
export async function recordKeyCall(
  db: Db,
  call: { keyId: string; guildId: string; method: string; route: string; status: number },
): Promise<void> {
  const at = new Date();
  await db.insert(apiKeyCalls).values({ id: randomUUID(), ...call, createdAt: at });
  await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, call.keyId));
}

/** The calls made with a key, newest first (at most `limit`). */
export async function listKeyCalls(db: Db, keyId: string, limit = 50) {
  return db
    .select()
    .from(apiKeyCalls)
    .where(eq(apiKeyCalls.keyId, keyId))
    .orderBy(desc(apiKeyCalls.createdAt))
    .limit(limit);
}

/** Calls recorded before `before` go (the purge, with the audit log's retention). */
export async function purgeKeyCalls(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(apiKeyCalls)
    .where(lt(apiKeyCalls.createdAt, before))
    .returning({ id: apiKeyCalls.id });
  return gone.length;
}
