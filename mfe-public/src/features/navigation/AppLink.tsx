import type { AnchorHTMLAttributes } from 'react';
import { onInternalClick } from './internalLink';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

/** A plain text link to another page of the app, routed by the shell. */
export function AppLink({ to, ...rest }: AppLinkProps) {
  return <a {...rest} href={to} onClick={onInternalClick(to)} />;
}
