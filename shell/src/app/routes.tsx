import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { RemoteParcel } from '../features/remotes/RemoteParcel';
import type { RemoteName } from '../features/remotes/remoteRegistry';
import { AuthCallbackPage } from '../features/auth/AuthCallbackPage';
import { RedirectIfAuthenticated, RequireAuth } from '../features/auth/guards';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { SignedInPage } from '../features/dashboard/SignedInHeader';

export const ERROR_CODES = ['401', '403', '404', '500', '502'] as const;

/** A route whose page is a remote's parcel; it receives the route params and the query. */
function RemotePage({
  remote,
  expose,
  label,
  props,
}: {
  remote: RemoteName;
  expose: string;
  label: string;
  props?: object;
}) {
  const { search } = useLocation();
  const params = useParams();
  const query = Object.fromEntries(new URLSearchParams(search));
  return (
    <RemoteParcel
      key={`${remote}/${expose}`}
      remote={remote}
      expose={expose}
      label={label}
      parcelProps={{ ...params, query, ...props }}
    />
  );
}

export interface AppRoute {
  path: string;
  element: ReactNode;
}

/** Every route of spec §2, each mounted from the remote that owns it. */
export const appRoutes: AppRoute[] = [
  { path: '/', element: <RemotePage remote="mfe_public" expose="Landing" label="Home" /> },
  {
    path: '/login',
    element: (
      <RedirectIfAuthenticated>
        <RemotePage remote="mfe_public" expose="Login" label="Sign in" />
      </RedirectIfAuthenticated>
    ),
  },
  // The 401 page's Log In points at /auth (spec); it leads to the login.
  { path: '/auth', element: <Navigate to="/login" replace /> },
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  {
    path: '/dashboard',
    element: (
      <RequireAuth>
        <DashboardPage />
      </RequireAuth>
    ),
  },
  {
    path: '/roblox/callback',
    element: (
      <SignedInPage>
        <RemotePage remote="mfe_accounts" expose="RobloxCallback" label="Roblox linking" />
      </SignedInPage>
    ),
  },
  {
    path: '/verify',
    element: (
      <SignedInPage>
        <RemotePage remote="mfe_accounts" expose="Verify" label="Verify" />
      </SignedInPage>
    ),
  },
  {
    path: '/invite',
    element: (
      <SignedInPage>
        <RemotePage remote="mfe_servers" expose="Invite" label="Invite" />
      </SignedInPage>
    ),
  },
  {
    path: '/server/edit/:serverId',
    element: (
      <SignedInPage>
        <RemotePage remote="mfe_setup" expose="ServerConfig" label="Server configuration" />
      </SignedInPage>
    ),
  },
  {
    path: '/privacy',
    element: <RemotePage remote="mfe_public" expose="Privacy" label="Privacy policy" />,
  },
  {
    path: '/terms',
    element: <RemotePage remote="mfe_public" expose="Terms" label="Terms of service" />,
  },
  ...ERROR_CODES.map((code) => ({
    path: `/${code}`,
    element: <RemotePage remote="mfe_public" expose="ErrorPage" label="Error" props={{ code }} />,
  })),
  {
    path: '*',
    element: (
      <RemotePage remote="mfe_public" expose="ErrorPage" label="Error" props={{ code: '404' }} />
    ),
  },
];
