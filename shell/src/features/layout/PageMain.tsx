import type { ReactNode } from 'react';

/**
 * The page's one <main>, the shell's: around whatever the route shows (a remote's parcel, the
 * dashboard, a loading state), with the signed-in header (the banner) before it and never inside
 * another landmark. The parcels' pages are plain blocks (shared-lib's PageContainer) within it.
 * The shell's server repeats this frame around a prerendered view (shell/server/prerenderedFragment.ts).
 */
export function PageMain({ children }: { children: ReactNode }) {
  return <main>{children}</main>;
}
