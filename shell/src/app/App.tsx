import { useEffect, useRef } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { setNavigator } from '@roconnect/shared-lib';
import { applyPageMeta } from '../features/meta/pageMeta';
import { preloadParcels } from '../features/remotes/routePreloads';
import { ToastProvider } from '../features/toasts/ToastProvider';
import { metaForPath, routeForPath } from './routeTable';
import { appRoutes } from './routes';

/** Keeps page title/meta in step with the route and lends the router to the remotes. */
function RouterBridge() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // useNavigate changes identity with the location; the bridge must never be briefly unset, or a
  // remote's navigation in that gap would reload the page.
  const latestNavigate = useRef(navigate);
  useEffect(() => {
    latestNavigate.current = navigate;
  }, [navigate]);
  useEffect(() => {
    setNavigator((to, options) => latestNavigate.current(to, { replace: options?.replace }));
    return () => setNavigator(null);
  }, []);
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
