import { useEffect, useId, useState, type FormEvent } from 'react';
import type { RequestHandler } from 'msw';
import type { ApiRoute } from '../contract/apiRoutes';
import { WEB_APP_ROUTES } from '../api/apiCalls';
import { failNext, networkErrorNext, type MockMethod } from '../mocks/overrides';

/** The calls the web app makes: the contract's routes, less those only bots and Discord call. */
export const BROWSER_ROUTES: readonly ApiRoute[] = Object.values(WEB_APP_ROUTES)
  .flatMap((table) => Object.values(table) as ApiRoute[])
  // one entry per call (two client functions may share a route)
  .filter(
    (route, index, all) =>
      all.findIndex((r) => r.method === route.method && r.path === route.path) === index,
  );

const FAILURES = [
  { id: '500', label: 'answers 500' },
  { id: '502', label: 'answers 502 (Discord error)' },
  { id: '400', label: 'answers 400' },
  { id: '403', label: 'answers 403' },
  { id: '404', label: 'answers 404' },
  { id: '409', label: 'answers 409' },
  { id: 'network', label: 'network error (no answer)' },
] as const;

type Failure = (typeof FAILURES)[number]['id'];

/** What MSW's browser worker and its Node server both have: handlers put first, request events. */
export interface MockApi {
  use: (...handlers: RequestHandler[]) => void;
  events: {
    on: (event: 'request:start', listener: (args: { request: Request }) => void) => void;
    removeListener: (
      event: 'request:start',
      listener: (args: { request: Request }) => void,
    ) => void;
  };
}

const callName = (route: ApiRoute) => `${route.method} ${route.path}`;

/** `/api/v1/server/:id/config` as a test of a request's path. */
const pathTest = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`);
const ROUTE_TESTS = BROWSER_ROUTES.map((route) => ({ route, test: pathTest(route.path) }));

/** The contract route a request is a call of, if any. */
export function routeOf(request: Request): ApiRoute | undefined {
  const pathname = new URL(request.url).pathname;
  return ROUTE_TESTS.find(
    ({ route, test }) => route.method === request.method && test.test(pathname),
  )?.route;
}

/**
 * The standalone page's control that makes the next call of a route fail (shared-lib's failNext /
 * networkErrorNext), so QA sees each page's error states. The calls the parcel made since it was
 * mounted (`mountKey`) are listed first.
 */
export function FailControl({ mocks, mountKey }: { mocks: MockApi; mountKey: string }) {
  const [made, setMade] = useState<ApiRoute[]>([]);
  const [call, setCall] = useState('');
  const [failure, setFailure] = useState<Failure>('500');
  const [armed, setArmed] = useState<string | null>(null);
  const ids = useId();

  useEffect(() => {
    setMade([]);
    setArmed(null);
    const listener = ({ request }: { request: Request }) => {
      const route = routeOf(request);
      if (route) setMade((list) => (list.includes(route) ? list : [...list, route]));
    };
    mocks.events.on('request:start', listener);
    return () => mocks.events.removeListener('request:start', listener);
  }, [mocks, mountKey]);

  const chosen = call || callName(made[0] ?? BROWSER_ROUTES[0]!);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const route = BROWSER_ROUTES.find((r) => callName(r) === chosen);
    if (!route) return;
    const method = route.method.toLowerCase() as MockMethod;
    mocks.use(
      failure === 'network'
        ? networkErrorNext(method, route.path)
        : failNext(method, route.path, Number(failure), `Harness: ${chosen} made to fail.`),
    );
    const label = FAILURES.find((f) => f.id === failure)!.label;
    setArmed(`The next ${chosen} ${label}.`);
  }

  return (
    <form
      aria-label="Make a call fail"
      onSubmit={onSubmit}
      style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center', marginTop: 8 }}
    >
      <label htmlFor={`${ids}-call`}>Call</label>
      <select id={`${ids}-call`} value={chosen} onChange={(e) => setCall(e.target.value)}>
        {made.length > 0 && (
          <optgroup label="Made by this page">
            {made.map((route) => (
              <option key={callName(route)} value={callName(route)}>
                {callName(route)}
              </option>
            ))}
          </optgroup>
        )}
        <optgroup label="Every call">
          {BROWSER_ROUTES.filter((route) => !made.includes(route)).map((route) => (
            <option key={callName(route)} value={callName(route)}>
              {callName(route)}
            </option>
          ))}
        </optgroup>
      </select>
      <label htmlFor={`${ids}-failure`}>Failure</label>
      <select
        id={`${ids}-failure`}
        value={failure}
        onChange={(e) => setFailure(e.target.value as Failure)}
      >
        {FAILURES.map((f) => (
          <option key={f.id} value={f.id}>
            {f.label}
          </option>
        ))}
      </select>
      <button type="submit">Fail the next call</button>
      {armed && <span role="status">{armed}</span>}
    </form>
  );
}
