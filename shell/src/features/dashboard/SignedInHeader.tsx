import type { ReactNode } from 'react';
import { useSession } from '../auth/useSession';
import { ServerErrorRedirect } from '../errors/ServerErrorRedirect';
import { PageMain } from '../layout/PageMain';
import { DashboardHeader } from './DashboardHeader';
import { useLogout } from './useLogout';

/** The header of every signed-in page: logo, avatar, username and Logout. */
export function SignedInHeader() {
  const { user } = useSession();
  const { logout, loggingOut } = useLogout();
  return <DashboardHeader user={user} onLogout={() => void logout()} loggingOut={loggingOut} />;
}

/**
 * A signed-in page (the dashboard, verify, server configuration, invite, Roblox callback): the
 * signed-in header, then the page in the page's <main>. The remotes' pages have no client-side
 * guard (docs/product.md › Pages): a signed-out visitor sees the page without the header while the
 * API's 401 sends them to /login. A session check that met a server error leads to the error page,
 * whose Try Again comes back.
 */
export function SignedInPage({ children }: { children: ReactNode }) {
  const { status, serverErrorStatus } = useSession();
  if (serverErrorStatus) return <ServerErrorRedirect status={serverErrorStatus} />;
  return (
    <>
      {status === 'authenticated' && <SignedInHeader />}
      <PageMain>{children}</PageMain>
    </>
  );
}
