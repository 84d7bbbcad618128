import type { ReactNode } from 'react';
import { useSession } from '../auth/useSession';
import { DashboardHeader } from './DashboardHeader';
import { useLogout } from './useLogout';

/** The header of every signed-in page: logo, avatar, username and Logout. */
export function SignedInHeader() {
  const { user } = useSession();
  const { logout, loggingOut } = useLogout();
  return <DashboardHeader user={user} onLogout={() => void logout()} loggingOut={loggingOut} />;
}

/**
 * A page a remote renders (verify, server configuration, invite, Roblox callback) with the
 * signed-in header above it. These routes have no client-side guard (docs/product.md › Pages): a
 * signed-out visitor sees the page without the header while the API's 401 sends them to /login.
 */
export function SignedInPage({ children }: { children: ReactNode }) {
  const { status } = useSession();
  return (
    <>
      {status === 'authenticated' && <SignedInHeader />}
      {children}
    </>
  );
}
