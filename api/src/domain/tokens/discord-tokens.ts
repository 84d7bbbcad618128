import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AppContext } from '../../context';
import { discordTokens } from '../../db/schema';
import { decrypt, encrypt } from '../../lib/crypto';
import { discordTokenExpired } from '../../lib/errors';
import { IntegrationError, type DiscordTokenSet } from '../../integrations/types';
import { revokeAllSessionsOfUser } from '../sessions/sessions';

const aad = (userId: string, field: string) => `discord_tokens:${userId}:${field}`;
/** refresh a little before Discord's expiry */
const EARLY_REFRESH_MS = 60 * 1000;

function encryptTokens(ctx: AppContext, userId: string, tokens: DiscordTokenSet) {
  const key = ctx.settings.encryptionKey;
  return {
    accessTokenEnc: encrypt(key, tokens.access_token, aad(userId, 'access')),
    refreshTokenEnc: encrypt(key, tokens.refresh_token, aad(userId, 'refresh')),
    expiresAt: new Date(Date.now() + tokens.expires_in * 1000),
    scope: tokens.scope,
    updatedAt: new Date(),
  };
}

/** Stores the tokens of a sign-in, over whatever the user had. */
export async function saveDiscordTokens(
  ctx: AppContext,
  userId: string,
  tokens: DiscordTokenSet,
): Promise<void> {
  const values = encryptTokens(ctx, userId, tokens);
  await ctx.db
    .insert(discordTokens)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: discordTokens.userId, set: values });
}

/** Per-user single flight in this process: Discord refresh tokens are single-use. */
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

/**
 * When Discord refuses a refresh token the row still holds, another replica may have spent it a
 * moment ago and not saved its answer yet: look again this often (ms) before signing anyone out.
 * 1.55 s in all, with no connection held between looks. PGlite is one process: nobody to wait for.
 */
const SETTLE_LOOKS_MS = [50, 100, 200, 400, 800];

/**
 * Discord refused `refreshEnc`. A row that moved on holds a winner's tokens (another replica, or an
 * earlier try whose answer was lost): ours too, nobody is signed out. A row that still holds the
 * refused token (after the settle looks) is dropped and the user's sessions end.
 */
async function afterRefusal(ctx: AppContext, userId: string, refreshEnc: string): Promise<string> {
  const looks = ctx.settings.databaseUrl ? SETTLE_LOOKS_MS : [];
  for (let i = 0; ; i++) {
    const now = await readTokens(ctx.db, userId);
    if (now && now.refreshTokenEnc !== refreshEnc)
      return readSecret(ctx, userId, now.accessTokenEnc, 'access');
    const wait = looks[i];
    if (!now || wait === undefined) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  // only the refused row: a winner's UPDATE landing after the last look survives
  const dropped = await ctx.db
    .delete(discordTokens)
    .where(and(eq(discordTokens.userId, userId), eq(discordTokens.refreshTokenEnc, refreshEnc)))
    .returning({ userId: discordTokens.userId });
  if (dropped.length === 0) {
    const now = await readTokens(ctx.db, userId);
    if (now) return readSecret(ctx, userId, now.accessTokenEnc, 'access');
  }
  await revokeAllSessionsOfUser(ctx.db, userId, 'discord_token_revoked');
  throw discordTokenExpired();
}

/**
 * Refreshes with Discord holding no database connection while Discord answers (a burst of slow
 * refreshes must not starve the pool), then saves only over the row it
 * started from: `UPDATE … WHERE refresh_token_enc = $old`. Refresh tokens are single-use, so of
 * two replicas refreshing one user the loser is refused by Discord and finds the winner's tokens
 * in afterRefusal. Within one process the single flight in getDiscordAccessToken keeps it to one.
 */
async function refreshNow(ctx: AppContext, userId: string, refreshEnc: string): Promise<string> {
  const refreshToken = await readSecret(ctx, userId, refreshEnc, 'refresh');
  let next: DiscordTokenSet;
  try {
    next = await ctx.integrations.discordOAuth.refresh(refreshToken);
  } catch (err) {
    if (err instanceof IntegrationError && err.kind === 'invalid_grant')
      return afterRefusal(ctx, userId, refreshEnc);
    throw err;
  }
  const saved = await ctx.db
    .update(discordTokens)
    .set(encryptTokens(ctx, userId, next))
    .where(and(eq(discordTokens.userId, userId), eq(discordTokens.refreshTokenEnc, refreshEnc)))
    .returning({ userId: discordTokens.userId });
  if (saved.length > 0) return next.access_token;
  // The row moved on while Discord answered (a new sign-in stored other tokens): keep those, and
  // this call uses the token Discord just gave. A row gone means the tokens were dropped meanwhile.
  if (!(await readTokens(ctx.db, userId))) throw discordTokenExpired();
  return next.access_token;
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
  const p = refreshNow(ctx, userId, row.refreshTokenEnc).finally(() => inFlight.delete(userId));
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
