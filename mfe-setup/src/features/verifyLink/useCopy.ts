import { useRef, useState } from 'react';
import { toast } from '@roconnect/shared-lib';
import { copyText } from './copyText';

/**
 * A Copy button's action: copies `text` and toasts `copied`. Where the browser refuses, `refused`
 * turns true (the section says so) and `selectForKeyboard` selects the text to copy by hand.
 */
export function useCopy(text: string, copied: string, selectForKeyboard: () => void) {
  const [refused, setRefused] = useState(false);

  async function copy() {
    if (await copyText(text)) {
      setRefused(false);
      toast.success(copied);
      return;
    }
    setRefused(true);
    selectForKeyboard();
  }

  return { refused, copy: () => void copy() };
}

/** useCopy for a read-only field showing `text`: a refusal focuses and selects the field. */
export function useCopyField(text: string, copied: string) {
  const input = useRef<HTMLInputElement>(null);
  const { refused, copy } = useCopy(text, copied, () => {
    input.current?.focus();
    input.current?.select();
  });
  return { input, refused, copy };
}
