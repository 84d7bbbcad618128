import type { AxiosError, AxiosInstance } from 'axios';
import { tokenStorage } from '../session/tokenStorage';
import { API_PATHS } from '../contract/paths';

export const LOGIN_PATH = '/login';
export const EXPIRED_LOGIN_PATH = '/login?message=discord_token_expired';

/**
 * 403s that refuse one resource to a valid session (a server the user does not manage, another
 * user's account, a server they are not a member of). The screen that asked shows these; signing
 * the user out for them would lose their session over a permission they never had.
 */
export const RESOURCE_REFUSAL_CODES: readonly string[] = [
  'not_server_manager',
  'not_your_account',
  'not_a_member',
];

function isResourceRefusal(error: AxiosError): boolean {
  const body = error.response?.data as { error?: unknown } | undefined;
  return typeof body?.error === 'string' && RESOURCE_REFUSAL_CODES.includes(body.error);
}

/**
 * Spec §4: on a 401 or 403, remove both stored tokens and send the user to /login, or to
 * /login?message=discord_token_expired when `x-token-expired: true`. Installed by the shell.
 * Returns a function that removes the interceptor again.
 */
export function installUnauthorizedInterceptor(
  clients: readonly AxiosInstance[],
  goTo: (path: string) => void,
): () => void {
  const ids = clients.map((client) =>
    client.interceptors.response.use(undefined, (error: AxiosError) => {
      const status = error.response?.status;
      // A failed refresh or logout is handled by the session itself, not by a redirect.
      const url = error.config?.url ?? '';
      const isSessionCall = url.endsWith(API_PATHS.refresh) || url.endsWith(API_PATHS.logout);
      const signOut = status === 401 || (status === 403 && !isResourceRefusal(error));
      if (signOut && !isSessionCall) {
        tokenStorage.clear();
        const expired = String(error.response?.headers?.['x-token-expired'] ?? '') === 'true';
        goTo(expired ? EXPIRED_LOGIN_PATH : LOGIN_PATH);
      }
      return Promise.reject(error);
    }),
  );
  return () => clients.forEach((client, i) => client.interceptors.response.eject(ids[i]!));
}
