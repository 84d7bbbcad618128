export type RobloxCallbackOutcome = { kind: 'linked' } | { kind: 'error'; message: string };

export const CANCELLED_MESSAGE =
  'Roblox authorization was cancelled. You can try linking your account again from the dashboard.';

/** Spec §4 and §8: what the query the API redirected with means. */
export function readRobloxCallback(query: Record<string, string> = {}): RobloxCallbackOutcome {
  const { code, state, error, error_description: description } = query;
  if (error) {
    if (error === 'access_denied' || /cancel/i.test(description ?? '')) {
      return { kind: 'error', message: CANCELLED_MESSAGE };
    }
    return {
      kind: 'error',
      message: `Roblox authentication failed: ${error} - ${description || 'No description was given.'}`,
    };
  }
  if (!code) return { kind: 'error', message: 'No authorization code received from Roblox.' };
  if (code === 'success' && state === 'linked') return { kind: 'linked' };
  return { kind: 'error', message: 'Unexpected callback parameters.' };
}
