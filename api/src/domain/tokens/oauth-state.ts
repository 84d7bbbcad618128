import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oauthStates } from '../../db/schema';
import { decrypt, encrypt, randomToken, sha256 } from '../../lib/crypto';

export const STATE_TTL_MS = 10 * 60 * 1000;
/** `linked_roles`: Connect on the member's Linked Roles page (domain/role-connections/linked-roles.ts) */
export type StatePurpose = 'discord_login' | 'bot_invite' | 'roblox_link' | 'linked_roles';

export interface StateBinding {
  purpose: StatePurpose;
  userId?: string;
  guildId?: string;
  /** PKCE verifier to keep (encrypted) until the callback */
  verifier?: string;
  /** hash of the browser's binding cookie (browser-binding.ts) */
  browserHash: string;
  /** the web app's login check, echoed back in the login fragment */
  clientCheck?: string;
}

export interface ConsumedState {
  purpose: StatePurpose;
  userId: string | null;
  guildId: string | null;
  verifier: string | null;
  /** false when the callback came from another browser than the one that started the flow */
  sameBrowser: boolean;
  clientCheck: string | null;
}

const aadFor = (stateHash: string) => `oauth_states:${stateHash}`;

/** Creates a single-use state; only its hash is stored. */
export async function createState(db: Db, key: Buffer, binding: StateBinding): Promise<string> {
  const state = randomToken();
  const stateHash = sha256(state);
  await db.insert(oauthStates).values({
    stateHash,
    purpose: binding.purpose,
    userId: binding.userId ?? null,
    guildId: binding.guildId ?? null,
    verifierEnc: binding.verifier ? encrypt(key, binding.verifier, aadFor(stateHash)) : null,
    browserHash: binding.browserHash,
    clientCheckEnc: binding.clientCheck
      ? encrypt(key, binding.clientCheck, `${aadFor(stateHash)}:check`)
      : null,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return state;
}

/**
 * Consumes a state: it is deleted whatever the outcome, so it can never be replayed (a link
 * finished in the wrong browser is spent too). null when unknown, already used, expired, or
 * issued for another purpose; `sameBrowser` says whether the caller's binding cookie matched.
 */
export async function consumeState(
  db: Db,
  key: Buffer,
  state: string | undefined,
  allowed: StatePurpose[],
  browserHash: string | null,
): Promise<ConsumedState | null> {
  if (!state || state.length > 200) return null;
  const stateHash = sha256(state);
  const [row] = await db
    .delete(oauthStates)
    .where(eq(oauthStates.stateHash, stateHash))
    .returning();
  if (!row) return null;
  if (row.expiresAt.getTime() <= Date.now()) return null;
  if (!allowed.includes(row.purpose as StatePurpose)) return null;
  return {
    purpose: row.purpose as StatePurpose,
    userId: row.userId,
    guildId: row.guildId,
    verifier: row.verifierEnc ? decrypt(key, row.verifierEnc, aadFor(stateHash)) : null,
    sameBrowser:
      row.browserHash !== null && browserHash !== null && row.browserHash === browserHash,
    clientCheck: row.clientCheckEnc
      ? decrypt(key, row.clientCheckEnc, `${aadFor(stateHash)}:check`)
      : null,
  };
}
