import { useCallback, useLayoutEffect, useRef } from 'react';
import { useNavigate as useRouterNavigate, type NavigateOptions } from 'react-router-dom';

// The shell's router: react-router-dom, the design card's router, in declarative mode (the pages
// load their data through the query layer, not route loaders), bundled by the shell and not shared
// (tools/webpack/sharedSingletons.js). The shell's pages take their routing from here.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Route,
  Routes,
  useLocation,
  useParams,
  useSearchParams,
} from 'react-router-dom';

export type { NavigateOptions };

/**
 * A function that opens `to` (a path with its query); the same function for the life of the page.
 * react-router's own changes with every address, and a callback made from it would hand the
 * parcels new props, so update them, at every navigation anywhere on the page.
 */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useRouterNavigate();
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  return useCallback((to: string, options?: NavigateOptions) => {
    void latest.current(to, options);
  }, []);
}
