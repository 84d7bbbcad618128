import { Navigate, useLocation } from '../../router';
import { serverErrorPagePath } from './serverErrorPage';

/** To the error page for `status`, which leads back here (this page's path and query). */
export function ServerErrorRedirect({ status }: { status: number }) {
  const { pathname, search } = useLocation();
  return <Navigate to={serverErrorPagePath(status, pathname + search)} replace />;
}
