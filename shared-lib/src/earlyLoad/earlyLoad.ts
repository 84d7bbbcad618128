/**
 * What a page's inline early load (startEarlyDashboardLoad, run from the HTML before the shell's
 * scripts have arrived) hands the shell: the tokens it renewed and the answers it fetched. It lives
 * on `window` because the inline script and the shell's bundle share nothing else.
 */
export const EARLY_LOAD_GLOBAL = '__roconnectEarlyLoad';

/** An API answer as fetched early: its status and its JSON body (null when it had none). */
export interface EarlyAnswer {
  status: number;
  body: unknown;
}

export interface EarlyRenewal {
  accessToken: string;
  /** Date.now() when the tokens arrived, for the session's reading of the API's clock */
  receivedAt: number;
}

export interface EarlyLoad {
  /** the refresh the dashboard's load starts with; null when it did not renew the tokens */
  refreshed: Promise<EarlyRenewal | null>;
  /** path → answer (null: no answer, or the call was not made) */
  answers: Record<string, Promise<EarlyAnswer | null>>;
}

export type EarlyLoadScope = { [EARLY_LOAD_GLOBAL]?: EarlyLoad };

/** The envelope's `data` of a successful answer, else undefined. */
export function successData(answer: EarlyAnswer | null): unknown {
  if (!answer || answer.status < 200 || answer.status > 299) return undefined;
  const body = answer.body as { success?: unknown; data?: unknown } | null;
  return body && body.success === true && 'data' in body ? body.data : undefined;
}
