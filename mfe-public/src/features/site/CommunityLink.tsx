import type { ReactNode } from 'react';
import { footerLinks } from './externalLinks';

/** The community server's invite (config.json's footerLinks.community) around `children`; plain text without one. */
export function CommunityLink({ children }: { children: ReactNode }) {
  const { community } = footerLinks();
  if (!community) return <>{children}</>;
  return (
    <a href={community.url} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
