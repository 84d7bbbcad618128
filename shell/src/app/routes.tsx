import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from '../router';
import { RemoteParcel } from '../features/remotes/RemoteParcel';
import type { ParcelRef } from '../features/remotes/remoteRegistry';
import { AuthCallbackPage } from '../features/auth/AuthCallbackPage';
import { RedirectIfAuthenticated, RequireAuth } from '../features/auth/guards';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { SignedInPage } from '../features/dashboard/SignedInHeader';
import { PageMain } from '../features/layout/PageMain';
import {
  DASHBOARD_TAB_PARCELS,
  FROM_DASHBOARD,
  ROUTE_TABLE,
  type PageRoute,
  type RouteGuard,
  type RoutePage,
} from './routeTable';

/** A route whose page is a remote's parcel; it receives the route params and the query. */
function RemotePage({
  parcel: { remote, expose },
  label,
  props,
}: {
  parcel: ParcelRef;
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

function pageElement(page: RoutePage): ReactNode {
  if ('redirect' in page) return <Navigate to={page.redirect} replace />;
  if ('parcel' in page)
    return <RemotePage parcel={page.parcel} label={page.label} props={page.props} />;
  if (page.shell === 'authCallback') return <AuthCallbackPage />;
  return <DashboardPage tabParcels={DASHBOARD_TAB_PARCELS} openedNext={FROM_DASHBOARD} />;
}

/** The page behind its guard, in the page's one <main> (PageMain; SignedInPage's is after its header). */
function guarded(guard: RouteGuard, element: ReactNode): ReactNode {
  if (guard === 'signedOut')
    return (
      <PageMain>
        <RedirectIfAuthenticated>{element}</RedirectIfAuthenticated>
      </PageMain>
    );
  if (guard === 'signedIn')
    return (
      <SignedInPage>
        <RequireAuth>{element}</RequireAuth>
      </SignedInPage>
    );
  if (guard === 'header') return <SignedInPage>{element}</SignedInPage>;
  return <PageMain>{element}</PageMain>;
}

export interface AppRoute {
  path: string;
  element: ReactNode;
}

/** The router's routes, one per row of the route table (routeTable.ts). */
export const appRoutes: AppRoute[] = ROUTE_TABLE.map((route: PageRoute) => ({
  path: route.path,
  element: guarded(route.guard, pageElement(route.page)),
}));
