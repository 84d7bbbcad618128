/**
 * An origin-agnostic msw pattern for a route table path (contract/apiRoutes.ts: `:name` parameters,
 * as msw reads them): the API base URL is a runtime setting. A parameter written through an
 * API_PATHS builder (`API_PATHS.serverEdit(':id')` gives `%3Aid`) is read back as `:id`, so tests
 * may override a route with either.
 */
export function route(path: string): string {
  return `*${path.replace(/%3A/gi, ':')}`;
}
