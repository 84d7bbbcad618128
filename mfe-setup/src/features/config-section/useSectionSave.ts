import { useEffect, useRef, useState } from 'react';
import { toast } from '@roconnect/shared-lib';
import { refusalMessage } from '../apiErrors/refusalMessage';

/** Runs one section's save with its fixed toasts; keeps the API's refusal text for the section. */
export function useSectionSave(messages: { success: string; failure: string }) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function run(save: () => Promise<unknown>): Promise<boolean> {
    setSaving(true);
    setError(undefined);
    try {
      await save();
      if (!mounted.current) return true;
      toast.success(messages.success);
      return true;
    } catch (failure) {
      if (!mounted.current) return false;
      toast.error(messages.failure);
      setError(refusalMessage(failure));
      return false;
    } finally {
      if (mounted.current) setSaving(false);
    }
  }

  return { saving, error, setError, run };
}
