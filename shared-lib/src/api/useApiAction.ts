import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../toasts/toastStore';

/** A toast's text, or what makes it from the answer or the failure; null shows none. */
export type ToastText<TArgs extends unknown[]> = string | ((...args: TArgs) => string | null);

export type ApiOutcome<TData> = { ok: true; data: TData } | { ok: false; error: Error };

export interface ApiActionOptions<TData, TVariables> {
  /** the API call (or the session's, which makes one) */
  call: (variables: TVariables) => Promise<TData>;
  /** toasts, shown only while the screen that asked is still there */
  success?: ToastText<[TData, TVariables]>;
  failure?: ToastText<[Error, TVariables]>;
}

type ActionState<TData> =
  | { status: 'idle' | 'pending'; data: undefined; error: null }
  | { status: 'success'; data: TData; error: null }
  | { status: 'error'; data: undefined; error: Error };

export interface ApiAction<TData, TVariables> {
  /** Makes the call, shows its toast; resolves with the outcome, never rejects. */
  run: (variables: TVariables) => Promise<ApiOutcome<TData>>;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  /** the last call's answer, and its failure (cleared when the call is made again) */
  data: TData | undefined;
  error: Error | null;
}

const IDLE = { status: 'idle', data: undefined, error: null } as const;
const PENDING = { status: 'pending', data: undefined, error: null } as const;

/**
 * The options the hook was last rendered with, for a call that answers later, and whether the
 * screen is still mounted, so that an answer after it left changes no state and shows no toast.
 */
export function useLatestWhileMounted<T>(options: T) {
  const latest = useRef(options);
  latest.current = options;
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return { latest, mounted };
}

/**
 * The query layer's useApiMutation (shared-lib/src/query) for the few screens that must not load
 * it: the login and the signed-in header are in the landing's script, which keeps React Query out
 * (docs/performance.md › Size budgets). The same options and the same result (`run`, `isPending`,
 * `isSuccess`, `error`), with no page cache to change: such a call changes none that is loaded.
 * Screens never keep a busy flag of their own (eslint.config.mjs).
 */
export function useApiAction<TData, TVariables = void>(
  options: ApiActionOptions<TData, TVariables>,
): ApiAction<TData, TVariables> {
  const [state, setState] = useState<ActionState<TData>>(IDLE);
  const { latest, mounted } = useLatestWhileMounted(options);

  const run = useCallback(
    async (variables: TVariables): Promise<ApiOutcome<TData>> => {
      setState(PENDING);
      const outcome = await settle(() => latest.current.call(variables));
      if (!mounted.current) return outcome;
      if (outcome.ok) {
        setState({ status: 'success', data: outcome.data, error: null });
        showCallToast('success', latest.current.success, outcome.data, variables);
      } else {
        setState({ status: 'error', data: undefined, error: outcome.error });
        showCallToast('error', latest.current.failure, outcome.error, variables);
      }
      return outcome;
    },
    [latest, mounted],
  );

  return {
    run,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    data: state.data,
    error: state.error,
  };
}

async function settle<TData>(call: () => Promise<TData>): Promise<ApiOutcome<TData>> {
  try {
    return { ok: true, data: await call() };
  } catch (failure) {
    return { ok: false, error: failure instanceof Error ? failure : new Error(String(failure)) };
  }
}

/** Shows a call's toast: its fixed text, or the text made from the answer or the failure. */
export function showCallToast<TArgs extends unknown[]>(
  type: 'success' | 'error',
  text: ToastText<TArgs> | undefined,
  ...args: TArgs
): void {
  const message = typeof text === 'function' ? text(...args) : text;
  if (message) toast[type](message);
}
