import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingState } from '@roconnect/shared-lib';
import { useSession } from './useSession';

/** /dashboard: signed-out visitors go to /login (docs/product.md › Pages). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, signedOutTo } = useSession();
  if (status === 'unknown') return <LoadingState label="Loading..." />;
  return status === 'authenticated' ? (
    <>{children}</>
  ) : (
    <Navigate to={signedOutTo ?? '/login'} replace />
  );
}

/** /login: signed-in visitors go to /dashboard (docs/product.md › Pages). */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'unknown') return <LoadingState label="Loading..." />;
  return status === 'authenticated' ? <Navigate to="/dashboard" replace /> : <>{children}</>;
}
