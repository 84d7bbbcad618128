import { http, type DefaultBodyType, type HttpHandler, type HttpResponse } from 'msw';
import type { AnswerOf, ParamsOf, Redirect, TypedRoute } from '../../contract/routeTypes';
import type { ApiSuccess, User } from '../../contract/types';
import type { MockDb, MockServer } from '../db';
import { refusing, requireCaller, type Refusal } from '../respond';
import { requireManagedServer } from '../views';

/**
 * An origin-agnostic msw pattern for a route table path (contract/apiRoutes.ts: `:name` parameters,
 * as msw reads them): the API base URL is a runtime setting. A parameter written through an
 * API_PATHS builder (`API_PATHS.serverEdit(':id')` gives `%3Aid`) is read back as `:id`, so tests
 * may override a route with either.
 */
export function route(path: string): string {
  return `*${path.replace(/%3A/gi, ':')}`;
}

type Body<T> = T extends DefaultBodyType ? HttpResponse<T> : never;

/**
 * What a handler of `R` may answer: the row's answer (in the `{success, data}` envelope unless
 * the row is bare; a redirect for a browser navigation) or a refusal (respond.ts's `fail`).
 */
export type Reply<R extends TypedRoute> = R extends { readonly bare: true }
  ? AnswerOf<R> extends Redirect
    ? Response
    : Body<AnswerOf<R>> | Refusal
  : HttpResponse<ApiSuccess<AnswerOf<R>>> | Refusal;

export interface MockRequest<R extends TypedRoute> {
  request: Request;
  /** the row's `:name`s, read from the URL */
  params: ParamsOf<R>;
}

export type MockResolver<R extends TypedRoute> = (
  info: MockRequest<R>,
) => Reply<R> | Promise<Reply<R>>;

/**
 * The msw handler of one row of the route table: its method, at its pattern, typed by its types,
 * so a resolver whose answer is not the row's fails type-check. A MockHttpError thrown inside
 * answers its refusal.
 */
export function handle<R extends TypedRoute>(
  row: R,
  resolver: MockResolver<R>,
  options?: { once?: boolean },
): HttpHandler {
  const method = row.method.toLowerCase() as Lowercase<R['method']>;
  const answer = refusing(resolver);
  return http[method](
    route(row.path),
    ({ request, params }): Promise<Response> => answer({ request, params: params as ParamsOf<R> }),
    options,
  );
}

/**
 * The resolvers of one server's routes: the caller must be signed in (401) and manage the
 * server of `:id` (403, 404), as the API checks before anything else.
 */
export function onManagedServer(db: MockDb) {
  return <Out, P extends { id: string } = { id: string }>(
      answer: (server: MockServer, request: Request, user: User, params: P) => Out | Promise<Out>,
    ) =>
    ({ request, params }: { request: Request; params: P }): Out | Promise<Out> => {
      const { user } = requireCaller(db, request);
      return answer(requireManagedServer(db, params.id, user.id), request, user, params);
    };
}
