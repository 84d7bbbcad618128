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
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}
