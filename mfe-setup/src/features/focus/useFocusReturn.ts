import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * Keeps a keyboard user's place across a busy spell. A control disabled while the work runs (a
 * loading Button, a form's fields) loses focus: the browser moves it to <body>, and the next Tab
 * starts again at the top of the page. Call the returned `remember()` as the work starts; when
 * `busy` turns false, focus goes back to the element that had it, or to `fallback` when that
 * element was replaced meanwhile, unless the user has put focus somewhere else since.
 */
export function useFocusReturn(busy: boolean, fallback?: RefObject<HTMLElement | null>) {
  const saved = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (busy || !saved.current) return;
    const target = saved.current.isConnected ? saved.current : fallback?.current;
    saved.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return; // the user moved on
    target?.focus();
  }, [busy, fallback]);

  return useCallback(() => {
    const active = document.activeElement;
    saved.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);
}
