import { STORAGE_KEYS } from '../constants';

/** The two session values the spec keeps in localStorage (auth_token, refresh_token). */
export const tokenStorage = {
  getAccessToken(): string | null {
    return safeGet(STORAGE_KEYS.authToken);
  },
  getRefreshToken(): string | null {
    return safeGet(STORAGE_KEYS.refreshToken);
  },
  setTokens(accessToken: string, refreshToken?: string | null): void {
    localStorage.setItem(STORAGE_KEYS.authToken, accessToken);
    if (refreshToken) localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  },
  clear(): void {
    localStorage.removeItem(STORAGE_KEYS.authToken);
    localStorage.removeItem(STORAGE_KEYS.refreshToken);
  },
};

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // storage disabled (privacy mode): behave as signed out
    return null;
  }
}

/** Seconds-since-epoch expiry of a JWT, or null when it cannot be read. Not a validity check. */
export function readJwtExpiry(token: string): number | null {
  return readJwtTimes(token)?.exp ?? null;
}

/** The `iat` (when present) and `exp` of a JWT in seconds since the epoch, or null. */
export function readJwtTimes(token: string): { iat: number | null; exp: number } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (typeof json.exp !== 'number') return null;
    return { iat: typeof json.iat === 'number' ? json.iat : null, exp: json.exp };
  } catch {
    return null;
  }
}
