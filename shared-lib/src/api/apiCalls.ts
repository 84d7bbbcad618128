import { WEB_APP_ROUTES } from '../contract/paths';
import { callersOf, type Callers } from './callApi';

export { WEB_APP_ROUTES };

/**
 * One typed function per call of the contract, derived from the route table: its path
 * parameters, query and body as the row's types say, its answer's `data` as the promise's value
 * (`apiCalls.server.config({ params: { id } })`). The files a route sends (bare rows) are fetched
 * with downloadFile instead. The clients of ./endpoints.ts and beside it are thin names over these.
 */
export const apiCalls = Object.fromEntries(
  Object.entries(WEB_APP_ROUTES).map(([name, table]) => [name, callersOf(table)]),
) as ApiCalls;
export type ApiCalls = { [K in keyof WebAppRoutes]: Callers<WebAppRoutes[K]> };
type WebAppRoutes = typeof WEB_APP_ROUTES;
