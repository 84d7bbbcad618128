import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhooks } from '../../db/schema';
import { decrypt, encrypt } from '../../lib/crypto';
import { newSigningSecret } from './signature';

export type WebhookEvent =
  'member.verified' | 'member.updated' | 'member.unlinked' | 'webhook.test';
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The secret's ciphertext is bound to its server: it cannot be copied to another one's row. */
const aad = (guildId: string) => `webhook:${guildId}`;

/**
 * Sets the server's webhook to `url` with a new signing secret (a new secret at every change, so
 * whoever had the old one cannot sign for the new endpoint). Answers the secret, the one time it
 * is ever shown.
 */
export async function setWebhook(
  db: Db,
  key: Buffer,
  guildId: string,
  url: string,
): Promise<{ secret: string; createdAt: Date }> {
  const secret = newSigningSecret();
  const createdAt = new Date();
  const row = { url, secretEnc: encrypt(key, secret, aad(guildId)), createdAt };
  await db
    .insert(webhooks)
    .values({ guildId, ...row })
    .onConflictDoUpdate({ target: webhooks.guildId, set: row });
  return { secret, createdAt };
}

/** Removes the server's webhook; answers its URL, or null when it had none. */
export async function removeWebhook(db: Db, guildId: string): Promise<string | null> {
  const [row] = await db
    .delete(webhooks)
    .where(eq(webhooks.guildId, guildId))
    .returning({ url: webhooks.url });
  return row?.url ?? null;
}

/** The server's webhook with its secret decrypted, for delivery; null when it has none. */
export async function webhookOf(
  db: Db,
  key: Buffer,
  guildId: string,
): Promise<{ url: string; secret: string; createdAt: Date } | null> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.guildId, guildId));
  if (!row) return null;
  return {
    url: row.url,
    secret: decrypt(key, row.secretEnc, aad(guildId)),
    createdAt: row.createdAt,
  };
}

/** The server's webhook URL without its secret (what the server page shows). */
export async function webhookUrlOf(db: Db, guildId: string) {
  const [row] = await db
    .select({ url: webhooks.url, createdAt: webhooks.createdAt })
    .from(webhooks)
    .where(eq(webhooks.guildId, guildId));
  return row ?? null;
}

/** A delivery waiting to be sent, its body ready. */
export async function createDelivery(
  db: Db,
  delivery: { id?: string; guildId: string; event: WebhookEvent; body: string },
): Promise<DeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ ...delivery, id: delivery.id ?? randomUUID(), createdAt: new Date() })
    .returning();
  return row!;
}

export async function findDelivery(db: Db, id: string): Promise<DeliveryRow | null> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row ?? null;
}

/**
 * One attempt's outcome. `final`: nothing more will be tried (delivered, or the last attempt
 * failed). A delivered body goes, as it names the member and is no longer needed; a failed one is
 * kept for a manager's retry until the purge (JOB_RETENTION_DAYS) or the member's deletion.
 */
export async function recordAttempt(
  db: Db,
  id: string,
  outcome: { ok: boolean; statusCode: number | null; error: string | null; final: boolean },
): Promise<void> {
  const [row] = await db
    .select({ attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, id));
  if (!row) return;
  await db
    .update(webhookDeliveries)
    .set({
      attempts: row.attempts + 1,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      ...(outcome.final
        ? {
            status: outcome.ok ? ('delivered' as const) : ('failed' as const),
            ...(outcome.ok ? { body: null } : {}),
            finishedAt: new Date(),
          }
        : {}),
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
}

/**
 * A failed delivery of this server, pending again for a new round of attempts; null when it is
 * not failed (or not this server's, or its body is gone). One update: two retries at once reopen
 * it once.
 */
export async function reopenDelivery(
  db: Db,
  guildId: string,
  id: string,
): Promise<DeliveryRow | null> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', finishedAt: null })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.guildId, guildId),
        eq(webhookDeliveries.status, 'failed'),
        isNotNull(webhookDeliveries.body),
      ),
    )
    .returning();
  return row ?? null;
}

/** The server's latest deliveries, newest first. */
export async function listDeliveries(db: Db, guildId: string, limit = 50): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.guildId, guildId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

/** Finished deliveries (delivered or given up) before `before` go (the purge, with JOB_RETENTION_DAYS). */
export async function purgeDeliveries(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(webhookDeliveries)
    .where(and(isNotNull(webhookDeliveries.finishedAt), lt(webhookDeliveries.finishedAt, before)))
    .returning({ id: webhookDeliveries.id });
  return gone.length;
}
