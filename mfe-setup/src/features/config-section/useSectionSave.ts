import { useState } from 'react';
import { useApiMutation } from '@roconnect/shared-lib/query';
import { refusalMessage } from '../apiErrors/refusalMessage';

/**
 * One section's save, a mutation (useApiMutation) with the section's fixed toasts. The inline
 * error is the API's refusal text, or what the section found wrong before calling (`setError`).
 * `call` reads the section's current values when the save runs, or takes them from `run`;
 * `onSaved` follows each save the API took (the page reads the server again).
 */
export function useSectionSave<TVariables = void>(options: {
  call: (variables: TVariables) => Promise<unknown>;
  success: string;
  failure: string;
  onSaved?: () => void;
}) {
  const mutation = useApiMutation({
    call: options.call,
    success: options.success,
    failure: options.failure,
  });
  const [invalid, setInvalid] = useState<string | undefined>();
  const refusal = mutation.error ? refusalMessage(mutation.error) : undefined;

  /** A problem found before the call; `undefined` clears what the section shows. */
  function setError(message: string | undefined) {
    setInvalid(message);
    if (message === undefined) mutation.reset();
  }

  async function run(variables: TVariables): Promise<boolean> {
    setInvalid(undefined);
    const { ok } = await mutation.run(variables);
    if (ok) options.onSaved?.();
    return ok;
  }

  return { saving: mutation.isPending, error: invalid ?? refusal, setError, run };
}
