import { http, HttpResponse } from 'msw';
import { route } from './handlers/route';

export type MockMethod = 'get' | 'post' | 'put' | 'delete';

export interface FailOptions {
  /** the envelope's `error` code; defaults from the status */
  error?: string;
  headers?: Record<string, string>;
  /** answer every matching call, not just the next one */
  persist?: boolean;
}

const CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  502: 'discord_error',
};

/**
 * A handler that makes the next `method path` call fail with an error envelope. Prepend it with
 * `server.use(failNext(...))` or `worker.use(failNext(...))`; `path` may use `:id` parameters.
 */
export function failNext(
  method: MockMethod,
  path: string,
  status: number,
  message = 'Something went wrong.',
  options: FailOptions = {},
) {
  const body = { success: false, error: options.error ?? CODES[status] ?? 'server_error', message };
  return http[method](
    route(path),
    () => HttpResponse.json(body, { status, headers: options.headers }),
    {
      once: !options.persist,
    },
  );
}

/** A handler that makes the next `method path` call fail at the network level (no response). */
export function networkErrorNext(method: MockMethod, path: string) {
  return http[method](route(path), () => HttpResponse.error(), { once: true });
}
