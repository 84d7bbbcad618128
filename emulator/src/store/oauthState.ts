import { randomBytes } from 'node:crypto';

export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

export interface AuthCode {
  userId: string;
  clientId: string;
  redirectUri: string | undefined;
  scope: string;
  expiresAt: number;
  guildId?: string;
  permissions?: string;
  codeChallenge?: string;
}

interface Grant {
  userId: string;
  scope: string;
  clientId: string;
  guildId?: string;
}

export interface AccessInfo extends Grant {
  grantId: string;
}

/**
 * What revoking one token ends: `authorization`, the grant it belongs to (Roblox revokes "an
 * authorization session"); `user`, every grant of that user for the same application (Discord: one
 * authorization per user and application, emulator/README.md › Discord).
 */
export type RevocationScope = 'authorization' | 'user';

/** Codes, access tokens and single-use refresh tokens for one provider. */
export class OAuthState {
  private readonly codes = new Map<string, AuthCode>();
  private readonly grants = new Map<string, Grant>();
  private readonly access = new Map<string, { grantId: string; expiresAt: number }>();
  private readonly refresh = new Map<string, string>();

  constructor(
    private readonly accessLifetimeSeconds: number,
    private readonly revocation: RevocationScope,
  ) {}

  issueCode(code: AuthCode): string {
    const value = randomToken(18);
    this.codes.set(value, code);
    return value;
  }

  /** single use: the code is gone whether or not the caller accepts it */
  takeCode(value: string): AuthCode | undefined {
    const code = this.codes.get(value);
    this.codes.delete(value);
    if (!code || code.expiresAt < Date.now()) return undefined;
    return code;
  }

  issueTokens(grant: Grant, grantId = randomToken(9)) {
    this.grants.set(grantId, grant);
    const accessToken = randomToken();
    const refreshToken = randomToken();
    this.access.set(accessToken, {
      grantId,
      expiresAt: Date.now() + this.accessLifetimeSeconds * 1000,
    });
    this.refresh.set(refreshToken, grantId);
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: this.accessLifetimeSeconds,
      scope: grant.scope,
      grantId,
    };
  }

  /** single use: a refresh token works once, then it is gone */
  useRefreshToken(value: string, clientId: string) {
    const grantId = this.refresh.get(value);
    if (!grantId) return undefined;
    const grant = this.grants.get(grantId);
    if (!grant || grant.clientId !== clientId) return undefined;
    this.refresh.delete(value);
    return this.issueTokens(grant, grantId);
  }

  lookupAccess(token: string): AccessInfo | undefined {
    const entry = this.access.get(token);
    if (!entry || entry.expiresAt < Date.now()) return undefined;
    const grant = this.grants.get(entry.grantId);
    return grant && { ...grant, grantId: entry.grantId };
  }

  /** Revokes the grants `revocation` names: all of their access and refresh tokens end at once. */
  revoke(token: string): void {
    const grantId = this.access.get(token)?.grantId ?? this.refresh.get(token);
    const grant = grantId ? this.grants.get(grantId) : undefined;
    if (!grantId || !grant) return;
    const ended = new Set([grantId]);
    if (this.revocation === 'user')
      for (const [id, g] of this.grants)
        if (g.userId === grant.userId && g.clientId === grant.clientId) ended.add(id);
    for (const id of ended) this.grants.delete(id);
    for (const [k, v] of this.access) if (ended.has(v.grantId)) this.access.delete(k);
    for (const [k, v] of this.refresh) if (ended.has(v)) this.refresh.delete(k);
  }
}
