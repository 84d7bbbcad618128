import { tokenStorage } from '../session/tokenStorage';
import { DEMO_ACCESS_TOKEN, DEMO_REFRESH_TOKEN } from '../mocks/seed';

/** Stores tokens as the login callback would; by default the demo user's, which the mock accepts. */
export function signIn(
  accessToken = DEMO_ACCESS_TOKEN,
  refreshToken: string | null = DEMO_REFRESH_TOKEN,
): void {
  tokenStorage.setTokens(accessToken, refreshToken);
}
