import type { MouseEvent } from 'react';
import { navigate } from '@roconnect/shared-lib';

/**
 * onClick for an `<a href>` inside the app: hands the path to the shell's router (no page reload)
 * while keeping the real href, so middle-click, Ctrl-click and "open in new tab" still work.
 */
export function onInternalClick(to: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
}
