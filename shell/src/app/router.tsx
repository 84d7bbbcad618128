import { useState, type ReactNode } from 'react';
import {
  Redirect,
  Router,
  useLocation as useRouterLocation,
  useParams as useRouteParams,
  useRouter,
} from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

// The shell's router: wouter, 2 KB of script where react-router was 12 (docs/performance.md ›
// Bytes on the wire). Only the shell routes; the pieces below are the ones its pages use, in the
// shape they read it: a path and a query string as the address bar has them.
export { Link, Route, Switch } from 'wouter';

export interface ShellLocation {
  /** the address's path, as the address bar has it */
  pathname: string;
  /** `?…`, or '' when the address has no query */
  search: string;
}

export interface NavigateOptions {
  replace?: boolean;
}

/** The current address. */
export function useLocation(): ShellLocation {
  const router = useRouter();
  const [pathname] = useRouterLocation();
  // the router's own search hook, undecoded: URLSearchParams decodes it once
  const raw: string = router.searchHook(router);
  return { pathname, search: raw && raw !== '?' ? (raw[0] === '?' ? raw : `?${raw}`) : '' };
}

/** A function that opens `to` (a path with its query); the same function on every render. */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return useRouterLocation()[1];
}

/** The matched route's named parameters (`:serverId`, and `*` for the rest of the path). */
export function useParams(): Record<string, string> {
  const params = useRouteParams() as Record<string, string | undefined>;
  // wouter also lists each capture by position; the pages take the names only
  return Object.fromEntries(
    Object.entries(params).filter(
      (entry): entry is [string, string] => !/^\d+$/.test(entry[0]) && entry[1] !== undefined,
    ),
  );
}

/** The current query, read. */
export function useSearchParams(): [URLSearchParams] {
  return [new URLSearchParams(useLocation().search)];
}

/** Replaces (or, without `replace`, pushes) the address once it renders. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  return <Redirect to={to} replace={replace} />;
}

/** A router over an address of its own (tests, and a page that is not the browser's). */
export function MemoryRouter({ path, children }: { path: string; children: ReactNode }) {
  const [location] = useState(() => memoryLocation({ path }));
  return (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
}
