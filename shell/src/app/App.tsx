import { useEffect } from 'react';
import { setNavigator } from '@roconnect/shared-lib';
import { applyPageMeta } from '../features/meta/pageMeta';
import { preloadParcels } from '../features/remotes/routePreloads';
import { ToastProvider } from '../features/toasts/ToastProvider';
import { metaForPath, routeForPath } from './routeTable';
import { Route, Routes, useLocation, useNavigate } from '../router';
import { appRoutes } from './routes';

/** Keeps page title/meta in step with the route and lends the router to the remotes. */
function RouterBridge() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // set once: the bridge must never be briefly unset, or a remote's navigation in that gap would
  // reload the page (router.tsx's useNavigate gives the same function on every render)
  useEffect(() => {
    setNavigator((to, options) => navigate(to, { replace: options?.replace }));
    return () => setNavigator(null);
  }, [navigate]);
  useEffect(() => {
    applyPageMeta(pathname, metaForPath(pathname));
    preloadParcels(routeForPath(pathname).preloadNext ?? []);
  }, [pathname]);
  return null;
}

export function App() {
  return (
    <>
      <RouterBridge />
      <Routes>
        {appRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={route.element} />
        ))}
      </Routes>
      <ToastProvider />
    </>
  );
}
