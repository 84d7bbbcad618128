import {
  EARLY_LOAD_GLOBAL,
  successData,
  type EarlyLoad,
  type EarlyLoadScope,
  type EarlyRenewal,
} from './earlyLoad';

function earlyLoad(): EarlyLoad | undefined {
  return typeof window === 'undefined'
    ? undefined
    : (window as unknown as EarlyLoadScope)[EARLY_LOAD_GLOBAL];
}

/** The page's early refresh, taken (so used once), or undefined when there was none. */
export function takeEarlyRefresh(): Promise<EarlyRenewal | null> | undefined {
  const load = earlyLoad();
  const refreshed = load?.refreshed;
  if (load) load.refreshed = Promise.resolve(null);
  return refreshed;
}

/**
 * The data of the early answer for `path`, taken (so used once): resolves undefined when there was
 * none or it did not succeed, and the caller then makes the call itself.
 */
export async function takeEarlyData(path: string): Promise<unknown> {
  const answers = earlyLoad()?.answers;
  const answer = answers?.[path];
  if (!answers || !answer) return undefined;
  delete answers[path];
  return successData(await answer);
}
