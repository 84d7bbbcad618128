import type { ReactNode } from 'react';
import { Navigate } from '../../router';
import { LoadingState } from '@roconnect/shared-lib';
import { ServerErrorRedirect } from '../errors/ServerErrorRedirect';
import { useSession } from './useSession';

/**
 * /dashboard: signed-out visitors go to /login (docs/product.md › Pages). A session check that met
 * a server error leads to the error page, whose Try Again comes back here: the visitor may well be
 * signed in, and the login would not help them.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, signedOutTo, serverErrorStatus } = useSession();
  if (status === 'unknown') return <LoadingState label="Loading..." />;
  if (status === 'authenticated') return <>{children}</>;
  if (serverErrorStatus) return <ServerErrorRedirect status={serverErrorStatus} />;
  return <Navigate to={signedOutTo ?? '/login'} replace />;
}

/** /login: signed-in visitors go to /dashboard (docs/product.md › Pages). */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'unknown') return <LoadingState label="Loading..." />;
  return status === 'authenticated' ? <Navigate to="/dashboard" replace /> : <>{children}</>;
}
