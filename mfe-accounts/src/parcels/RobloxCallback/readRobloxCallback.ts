export type RobloxCallbackOutcome = { kind: 'linked' } | { kind: 'error'; message: string };

export const CANCELLED_MESSAGE =
  'Roblox authorization was cancelled. You can try linking your account again from the dashboard.';

/**
 * A fixed sentence per error code the API redirects with. The query's `error_description` (and an
 * unknown code) is never shown: anyone can craft this address, and the page must not say what
 * they wrote (finding S18).
 */
const ERROR_MESSAGES: Record<string, string> = {
  account_already_linked:
    'This Roblox account is already linked to another Discord account. To link it here, first sign in with that Discord account and unlink it from its dashboard.',
  browser_mismatch: 'This link was started in another browser. Please try again.',
  invalid_state:
    'This link has expired or was already used. Please start linking again from the dashboard.',
  invalid_grant: 'Roblox did not accept the authorization. Please try linking your account again.',
  invalid_request:
    'Roblox did not send an authorization code. Please try linking your account again.',
  roblox_unavailable: 'Roblox could not be reached. Please try again in a moment.',
};
export const UNKNOWN_ERROR_MESSAGE =
  'Roblox authentication failed. Please try linking your account again from the dashboard.';

/** What the query the API redirected with means (docs/product.md › Linking a Roblox account). */
export function readRobloxCallback(query: Record<string, string> = {}): RobloxCallbackOutcome {
  const { code, state, error, error_description: description } = query;
  if (error) {
    if (error === 'access_denied' || /cancel/i.test(description ?? '')) {
      return { kind: 'error', message: CANCELLED_MESSAGE };
    }
    const message = Object.hasOwn(ERROR_MESSAGES, error) ? ERROR_MESSAGES[error]! : null;
    return { kind: 'error', message: message ?? UNKNOWN_ERROR_MESSAGE };
  }
  if (!code) return { kind: 'error', message: 'No authorization code received from Roblox.' };
  if (code === 'success' && state === 'linked') return { kind: 'linked' };
  return { kind: 'error', message: 'Unexpected callback parameters.' };
}
