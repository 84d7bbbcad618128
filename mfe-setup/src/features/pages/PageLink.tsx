import type { MouseEvent } from 'react';
import { LinkButton, navigate, type LinkButtonProps } from '@roconnect/shared-lib';

export interface PageLinkProps extends Omit<LinkButtonProps, 'href' | 'onClick'> {
  to: string;
}

/**
 * A link to another page of the app that looks like a button: the shell's router takes a plain
 * click (no page reload), and the real href keeps middle-click and "open in new tab" working.
 */
export function PageLink({ to, ...rest }: PageLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <LinkButton {...rest} href={to} onClick={onClick} />;
}
