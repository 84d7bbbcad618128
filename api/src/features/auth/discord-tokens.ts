import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AppContext } from '../../context';
import { discordTokens } from '../../db/schema';
import { decrypt, encrypt } from '../../lib/crypto';
import { discordTokenExpired } from '../../lib/errors';
import { IntegrationError, type DiscordTokenSet } from '../../integrations/types';
import { revokeAllSessionsOfUser } from './sessions';

const aad = (userId: string, field: string) => `discord_tokens:${userId}:${field}`;
/** refresh a little before Discord's expiry */
const EARLY_REFRESH_MS = 60 * 1000;

export async function saveDiscordTokens(
  ctx: AppContext,
  userId: string,
  tokens: DiscordTokenSet,
): Promise<void> {
  const key = ctx.settings.encryptionKey;
  const values = {
    accessTokenEnc: encrypt(key, tokens.access_token, aad(userId, 'access')),
    refreshTokenEnc: encrypt(key, tokens.refresh_token, aad(userId, 'refresh')),
    expiresAt: new Date(Date.now() + tokens.expires_in * 1000),
    scope: tokens.scope,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(discordTokens)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: discordTokens.userId, set: values });
}

/** Per-user serialisation: Discord refresh tokens are single-use, so two refreshes must not race. */
const inFlight = new Map<string, Promise<string>>();

/**
 * A stored Discord token, decrypted. One that no longer decrypts (TOKEN_ENCRYPTION_KEY was
 * rotated) is of no use to anyone: it is dropped, and the person is asked to sign in with Discord
 * again (401 x-token-expired) instead of meeting a 500 on every call.
 */
async function readSecret(
  ctx: AppContext,
  userId: string,
  payload: string,
  field: 'access' | 'refresh',
): Promise<string> {
  try {
    return decrypt(ctx.settings.encryptionKey, payload, aad(userId, field));
  } catch {
    await ctx.db.delete(discordTokens).where(eq(discordTokens.userId, userId));
    throw discordTokenExpired();
  }
}

const readTokens = async (db: Db, userId: string) =>
  (await db.select().from(discordTokens).where(eq(discordTokens.userId, userId)))[0];

async function refreshNow(ctx: AppContext, userId: string, refreshEnc: string): Promise<string> {
  const refreshToken = await readSecret(ctx, userId, refreshEnc, 'refresh');
  try {
    const next = await ctx.integrations.discordOAuth.refresh(refreshToken);
    await saveDiscordTokens(ctx, userId, next);
    return next.access_token;
  } catch (err) {
    if (err instanceof IntegrationError && err.kind === 'invalid_grant') {
      // Someone else (another replica, an earlier try whose answer was lost) may have rotated it:
      // then their token is ours too, and nobody is signed out.
      const now = await readTokens(ctx.db, userId);
      if (now && now.refreshTokenEnc !== refreshEnc)
        return readSecret(ctx, userId, now.accessTokenEnc, 'access');
      await ctx.db.delete(discordTokens).where(eq(discordTokens.userId, userId));
      await revokeAllSessionsOfUser(ctx.db, userId, 'discord_token_revoked');
      throw discordTokenExpired();
    }
    throw err;
  }
}

/**
 * Discord refresh tokens are single-use, so one refresh per user at a time across every replica:
 * on PostgreSQL an advisory lock held for the refresh; the row is read again under the lock, and
 * a token another replica already rotated is used as it is. PGlite is one process: the in-process
 * single flight below is enough there.
 */
async function refreshAcrossReplicas(
  ctx: AppContext,
  userId: string,
  refreshEnc: string,
): Promise<string> {
  if (!ctx.settings.databaseUrl) return refreshNow(ctx, userId, refreshEnc);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`discord_refresh:${userId}`}))`);
    const row = await readTokens(tx as unknown as Db, userId);
    if (!row) throw discordTokenExpired();
    if (row.refreshTokenEnc !== refreshEnc)
      return readSecret(ctx, userId, row.accessTokenEnc, 'access');
    return refreshNow(ctx, userId, refreshEnc);
  });
}

/**
 * A usable Discord access token for the user, refreshed when expired (or when `force`, after
 * Discord refused the current one). Discord refusing the refresh ends the user's sessions and
 * answers 401 with `x-token-expired: true`.
 */
export async function getDiscordAccessToken(
  ctx: AppContext,
  userId: string,
  force = false,
): Promise<string> {
  const [row] = await ctx.db.select().from(discordTokens).where(eq(discordTokens.userId, userId));
  if (!row) throw discordTokenExpired();
  if (!force && row.expiresAt.getTime() - EARLY_REFRESH_MS > Date.now()) {
    return readSecret(ctx, userId, row.accessTokenEnc, 'access');
  }
  const pending = inFlight.get(userId);
  if (pending) return pending;
  const p = refreshAcrossReplicas(ctx, userId, row.refreshTokenEnc).finally(() =>
    inFlight.delete(userId),
  );
  inFlight.set(userId, p);
  return p;
}

/** Runs a call with the user's Discord token; when Discord says 401, refreshes once and retries. */
export async function withDiscordToken<T>(
  ctx: AppContext,
  userId: string,
  call: (token: string) => Promise<T>,
): Promise<T> {
  const token = await getDiscordAccessToken(ctx, userId);
  try {
    return await call(token);
  } catch (err) {
    if (
      err instanceof IntegrationError &&
      err.provider === 'discord' &&
      (err.status === 401 || err.kind === 'invalid_grant')
    ) {
      return call(await getDiscordAccessToken(ctx, userId, true));
    }
    throw err;
  }
}
