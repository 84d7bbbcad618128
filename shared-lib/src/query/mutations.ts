import { useCallback } from 'react';
import {
  useMutation,
  useMutationState,
  type MutationKey,
  type QueryClient,
  type UseMutationResult,
} from '@tanstack/react-query';
import {
  showCallToast,
  useLatestWhileMounted,
  type ApiActionOptions,
  type ApiOutcome,
} from '../api/useApiAction';
import { usePageQueryClient } from './hooks';

/** the cache a mutation's `changes` update */
export type { QueryClient } from '@tanstack/react-query';

export type { ApiOutcome } from '../api/useApiAction';

export interface ApiMutationOptions<TData, TVariables> extends ApiActionOptions<TData, TVariables> {
  /** the API call (a write, or a one-off download the screen asks for) */
  call: (variables: TVariables) => Promise<TData>;
  /**
   * What the answer changes in the page's cache: the reads it makes stale, or the data it
   * replaces. Runs even when the screen that asked has gone, so the next screen shows the change.
   */
  changes?: (client: QueryClient, data: TData, variables: TVariables) => unknown;
  /** for a screen that follows several of its calls at once (useMutationState) */
  mutationKey?: MutationKey;
}

export type ApiMutation<TData, TVariables> = UseMutationResult<TData, Error, TVariables> & {
  /** Makes the call, shows its toast; resolves with the outcome, never rejects. */
  run: (variables: TVariables) => Promise<ApiOutcome<TData>>;
};

/**
 * The web app's one way to change something through the API: a TanStack mutation on the page's
 * cache. Its `isPending` is the screen's busy state, its `error` the inline failure (cleared when
 * the call is made again), its toasts the screen's fixed texts; `changes` keeps every read that
 * shows the data right. Screens never keep a busy flag of their own (eslint.config.mjs).
 */
export function useApiMutation<TData, TVariables = void>(
  options: ApiMutationOptions<TData, TVariables>,
): ApiMutation<TData, TVariables> {
  const client = usePageQueryClient();
  const { latest, mounted } = useLatestWhileMounted(options);

  const mutation = useMutation<TData, Error, TVariables>(
    {
      mutationKey: options.mutationKey,
      mutationFn: (variables) => latest.current.call(variables),
      // not awaited: the call is done when the API answered; the reads follow on their own
      onSuccess: (data, variables) => void latest.current.changes?.(client, data, variables),
    },
    client,
  );

  const { mutateAsync } = mutation;
  const run = useCallback(
    async (variables: TVariables): Promise<ApiOutcome<TData>> => {
      try {
        const data = await mutateAsync(variables);
        if (mounted.current) showCallToast('success', latest.current.success, data, variables);
        return { ok: true, data };
      } catch (failure) {
        const error = failure instanceof Error ? failure : new Error(String(failure));
        if (mounted.current) showCallToast('error', latest.current.failure, error, variables);
        return { ok: false, error };
      }
    },
    [mutateAsync, latest, mounted],
  );

  return { ...mutation, run };
}

/**
 * The variables of the calls under `mutationKey` still waiting for the API: the busy state of a
 * screen that makes several at once (one per toggle), each shown apart.
 */
export function usePendingVariables<TVariables>(mutationKey: MutationKey): TVariables[] {
  return useMutationState(
    {
      filters: { mutationKey, status: 'pending' },
      select: (mutation) => mutation.state.variables as TVariables,
    },
    usePageQueryClient(),
  );
}
