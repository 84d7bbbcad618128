import { http } from 'msw';
import type { SetupServer } from 'msw/node';

/**
 * Records the JSON bodies sent to `method path` and lets the shared handlers answer them
 * (a resolver that returns nothing falls through to the next handler).
 */
export function recordRequests(
  server: SetupServer,
  method: 'post' | 'put',
  path: string,
): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http[method](`*${path}`, async ({ request }) => {
      bodies.push(await request.clone().json());
      return undefined;
    }),
  );
  return bodies;
}

/**
 * Holds every `method path` request until the test calls `release`, to see the busy state; then
 * the shared handlers answer it.
 */
export function holdRequests(
  server: SetupServer,
  method: 'get' | 'post' | 'put',
  path: string,
): { release: () => void } {
  let release!: () => void;
  const until = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http[method](`*${path}`, async () => {
      await until;
      return undefined;
    }),
  );
  return { release };
}
