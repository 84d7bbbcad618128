/**
 * An origin-agnostic msw pattern for a path: the API base URL is a runtime setting. A parameter
 * written through an API_PATHS builder (`API_PATHS.serverEdit(':id')` gives `%3Aid`) is read back
 * as the `:id` parameter.
 */
export function route(path: string): string {
  return `*${path.replace(/%3A/gi, ':')}`;
}

const PLACEHOLDER = 'MSW_ID_PLACEHOLDER';

/** The same for a path built from an id, with the id as the `:id` parameter. */
export function routeWithId(build: (id: string) => string): string {
  return route(build(PLACEHOLDER).replace(PLACEHOLDER, ':id'));
}
