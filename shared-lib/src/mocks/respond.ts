import { HttpResponse } from 'msw';
import type { ApiFailure, ApiSuccess, User } from '../contract/types';
import type { MockDb, MockSession } from './db';

/** `{success: true, data}` */
export function ok<T>(data: T, status = 200): HttpResponse<ApiSuccess<T>> {
  return HttpResponse.json<ApiSuccess<T>>({ success: true, data }, { status });
}

/** An answer of the API's error envelope. */
export type Refusal = HttpResponse<ApiFailure>;

/** `{success: false, error, message}` */
export function fail(
  status: number,
  error: string,
  message: string,
  headers?: Record<string, string>,
): Refusal {
  return HttpResponse.json<ApiFailure>({ success: false, error, message }, { status, headers });
}

export const badRequest = (message: string) => fail(400, 'invalid_request', message);
export const notFound = (message: string) => fail(404, 'not_found', message);
/** A 403 with the API's own codes (not_server_manager, not_your_account, not_a_member). */
export const forbidden = (message: string, error = 'forbidden') => fail(403, error, message);

/** Thrown inside a resolver to answer with an error response at once. */
export class MockHttpError extends Error {
  constructor(readonly response: Refusal) {
    super('mock http error');
  }
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match ? match[1]!.trim() : null;
}

export interface Caller {
  user: User;
  session: MockSession;
}

/** The signed-in caller, or a 401 thrown as a MockHttpError (with x-token-expired when relevant). */
export function requireCaller(db: MockDb, request: Request): Caller {
  const token = bearerToken(request);
  if (!token) throw new MockHttpError(fail(401, 'unauthorized', 'Sign in to continue.'));
  const session = db.sessions.find((s) => s.access_token === token && !s.revoked);
  const user = session && db.users.find((u) => u.id === session.user_id);
  if (!session || !user)
    throw new MockHttpError(fail(401, 'unauthorized', 'Your session is not valid.'));
  if (session.discord_expired) {
    throw new MockHttpError(
      fail(401, 'token_expired', 'Your Discord session has expired.', {
        'x-token-expired': 'true',
      }),
    );
  }
  return { user, session };
}

/** The JSON object body, or a 400 thrown as a MockHttpError. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new MockHttpError(badRequest('The request body must be JSON.'));
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new MockHttpError(badRequest('The request body must be a JSON object.'));
  }
  return body as Record<string, unknown>;
}

/** The JSON body as the route's contract types it: taken as sent, the API's checks being its own. */
export const readContractBody = <T>(request: Request): Promise<T> =>
  readJsonObject(request) as Promise<unknown> as Promise<T>;

/**
 * Turns MockHttpErrors thrown by a resolver into their refusals, keeping the resolver's own
 * answer type (handlers/route.ts's `handle` checks it against the route's).
 */
export function refusing<I, Out>(
  resolver: (info: I) => Out | Promise<Out>,
): (info: I) => Promise<Out | Refusal> {
  return async (info) => {
    try {
      return await resolver(info);
    } catch (error) {
      if (error instanceof MockHttpError) return error.response;
      throw error;
    }
  };
}
