import { useState } from 'react';

/**
 * A field's value and what is wrong with it (found on sending, or the API's refusal). The
 * manager's edit clears the problem until the value is checked again.
 */
export function useCheckedField<T>(initial: T) {
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);

  function edit(next: T) {
    setValue(next);
    setProblem(null);
  }

  return { value, setValue, problem, setProblem, edit };
}
