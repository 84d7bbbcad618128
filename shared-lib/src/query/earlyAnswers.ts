import {
  hashKey,
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { API_PATHS } from '../contract/paths';
import { takeEarlyData } from '../earlyLoad/takeEarly';
import { queryKeys } from './queryKeys';

/** The key each answer of the page's inline early load (earlyLoad/) is kept under. */
export const EARLY_ANSWER_KEYS: readonly (readonly [path: string, key: QueryKey])[] = [
  [API_PATHS.linkedAccounts, queryKeys.linkedAccounts()],
  [API_PATHS.userServers, queryKeys.userServers()],
  [API_PATHS.robloxStatus, queryKeys.robloxStatus()],
];

let priming: Promise<void> | null = null;
/** keys (hashed) primed from the early load whose data no load has taken yet */
const primed = new Set<string>();

/**
 * Puts the early load's successful answers into `client` under their keys, once per page (each
 * answer can be taken once). Answers that failed, or that the page never got, stay out: the load
 * that reads them then makes the call itself, so every failure is handled where it always was.
 */
export function primeFromEarlyLoad(client: QueryClient): Promise<void> {
  priming ??= Promise.all(
    EARLY_ANSWER_KEYS.map(async ([path, key]) => {
      const data = await takeEarlyData(path);
      if (data === undefined) return;
      client.setQueryData(key, data);
      primed.add(hashKey(key));
    }),
  ).then(() => undefined);
  return priming;
}

/**
 * The primed answer for `options.queryKey` the first time a load asks for it (as the early answer
 * was used once before the cache), else a fetch.
 */
export async function readPrimedOnce<TData, TQueryKey extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TQueryKey>,
): Promise<TData> {
  if (priming) await priming;
  if (options.queryKey && primed.delete(hashKey(options.queryKey))) {
    const data = client.getQueryData<TData>(options.queryKey);
    if (data !== undefined) return data;
  }
  return client.fetchQuery(options);
}

/** for tests: the next page load primes again */
export function forgetEarlyAnswers(): void {
  priming = null;
  primed.clear();
}
