import { matchRoutes } from 'react-router';

/**
 * The row of a route table whose `path` the router shows at `pathname`, picked by react-router's
 * own matcher (`matchRoutes`, what `<Routes>` renders by): any case, trailing slashes allowed, a
 * static segment before a `:param`, `*` last. The browser (routeTable.ts) and the shell's server
 * (route-table.json's rows) both pick with it, so a page's title, hints and early load are the
 * ones of the page the router opens. React Router only: the server imports this file alone.
 */
export function routeRowFor<Row extends { path: string }>(
  rows: readonly Row[],
  pathname: string,
): Row | undefined {
  return matchRoutes(rows as Row[], pathname)?.[0]?.route;
}
