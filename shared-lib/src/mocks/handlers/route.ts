/** An origin-agnostic msw pattern for a path: the API base URL is a runtime setting. */
export function route(path: string): string {
  return `*${path}`;
}

const PLACEHOLDER = 'MSW_ID_PLACEHOLDER';

/** The same for a path built from an id, with the id as the `:id` parameter. */
export function routeWithId(build: (id: string) => string): string {
  return route(build(PLACEHOLDER).replace(PLACEHOLDER, ':id'));
}
