import type { MouseEvent } from 'react';
import { LinkButton, navigate, type LinkButtonProps } from '@roconnect/shared-lib';

/**
 * A click on a link to another page of the app: the shell's router takes a plain click (no page
 * reload), and the real href keeps middle-click and "open in new tab" working.
 */
export function openInApp(to: string, then?: () => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
    then?.();
  };
}

export interface PageLinkProps extends Omit<LinkButtonProps, 'href' | 'onClick'> {
  to: string;
}

/** A link to another page of the app that looks like a button. */
export function PageLink({ to, ...rest }: PageLinkProps) {
  return <LinkButton {...rest} href={to} onClick={openInApp(to)} />;
}
