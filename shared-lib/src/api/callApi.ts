import type { AxiosRequestConfig } from 'axios';
import {
  fillPath,
  type AnswerOf,
  type ApiRoute,
  type BodyOf,
  type PathParams,
  type QueryOf,
  type TypedRoute,
} from '../contract/routeTypes';
import type { ApiSuccess } from '../contract/types';
import { takeEarlyData } from '../earlyLoad/takeEarly';
import { readBlobRefusal } from './errors';
import { httpClient } from './httpClientLoader';

type None = Record<never, never>;
/** `params` for a pattern with `:name`s, each required; none for a pattern without. */
type ParamsArg<P extends string> = [PathParams<P>] extends [never]
  ? { params?: None }
  : { params: Record<PathParams<P>, string> };
/** the route's body or query when it takes one (optional when every field of it is) */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [_ in K]?: undefined }
  : None extends T
    ? { [_ in K]?: T }
    : { [_ in K]: T };

/** What one call of `R` sends: its path parameters, query and body, as its row says. */
export type CallArgs<R extends ApiRoute> = ParamsArg<R['path']> &
  Part<'query', QueryOf<R>> &
  Part<'body', BodyOf<R>> & {
    /** sent with this call only (the login check of /auth/discord-url) */
    headers?: Record<string, string>;
  };

/** The arguments of a call of `R`: none when it needs nothing. */
export type CallArgsTuple<R extends ApiRoute> =
  None extends CallArgs<R> ? [args?: CallArgs<R>] : [args: CallArgs<R>];

/** A row answered in the `{success, data}` envelope: what callApi calls. */
export type EnvelopeRoute = TypedRoute & { readonly bare?: false };
/** A row answered as a file (no envelope): what downloadFile fetches. */
export type FileRoute = TypedRoute & { readonly bare: true; readonly method: 'GET' };

type LooseArgs = {
  params?: Record<string, string>;
  query?: object;
  body?: unknown;
  headers?: Record<string, string>;
};

function requestOf(route: ApiRoute, args: LooseArgs = {}): AxiosRequestConfig {
  const sendsBody = route.method === 'POST' || route.method === 'PUT';
  return {
    method: route.method,
    url: fillPath(route.path, args.params ?? {}),
    params: args.query,
    // a POST or PUT always sends JSON (`{}` when the row has no body), as the API expects
    data: sendsBody ? (args.body ?? {}) : undefined,
    ...(args.headers ? { headers: args.headers } : {}),
    ...(route.credentials ? { withCredentials: true } : {}),
  };
}

/**
 * One call of the contract, derived from its row of the route table (contract/apiRoutes.ts): the
 * row's method at the row's path, its `:name`s filled in and encoded, the query and body its types
 * name, and the answer's `data` unwrapped. A plain GET first takes the page's early answer for its
 * path when there is one (earlyLoad/).
 */
export async function callApi<R extends EnvelopeRoute>(
  route: R,
  ...[args]: CallArgsTuple<R>
): Promise<AnswerOf<R>> {
  const request = requestOf(route, args as LooseArgs | undefined);
  if (route.method === 'GET' && request.params === undefined && !route.credentials) {
    const early = await takeEarlyData(request.url!);
    if (early !== undefined) return early as AnswerOf<R>;
  }
  const http = await httpClient(route.slow ? 'long' : 'standard');
  const response = await http.request<ApiSuccess<AnswerOf<R>>>(request);
  return response.data.data;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * A file the API sends (a bare GET), fetched with the session's auth header (never a token in a
 * URL), named by its content-disposition or else `fallbackName`. A refusal comes as JSON in a
 * Blob: it is read back into the error, so the API's message can be shown.
 */
export async function downloadFile<R extends FileRoute>(
  route: R,
  fallbackName: string,
  ...[args]: CallArgsTuple<R>
): Promise<DownloadedFile> {
  const http = await httpClient();
  const response = await http
    .request<Blob>({ ...requestOf(route, args as LooseArgs | undefined), responseType: 'blob' })
    .catch(async (error: unknown) => {
      await readBlobRefusal(error);
      throw error;
    });
  return {
    blob: response.data,
    filename: filenameFrom(response.headers['content-disposition']) ?? fallbackName,
  };
}

/** The file name of a `content-disposition: attachment; filename="…"` header. */
export function filenameFrom(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = /filename="?([^";]+)"?/i.exec(header);
  return match ? match[1]!.trim() : null;
}

/** One typed function per enveloped row of a table; bare rows (files, redirects) have none. */
export type Callers<T extends Record<string, ApiRoute>> = {
  [K in keyof T as T[K] extends EnvelopeRoute ? K : never]: T[K] extends EnvelopeRoute
    ? (...args: CallArgsTuple<T[K]>) => Promise<AnswerOf<T[K]>>
    : never;
};

/** A table's calls, derived from its rows: `callersOf(SERVER_ROUTES).config({ params: { id } })`. */
export function callersOf<T extends Record<string, ApiRoute>>(table: T): Callers<T> {
  const callers: Record<string, (args?: LooseArgs) => Promise<unknown>> = {};
  for (const [name, route] of Object.entries(table)) {
    if (!route.bare)
      callers[name] = (args) =>
        callApi(route as EnvelopeRoute, ...([args] as CallArgsTuple<EnvelopeRoute>));
  }
  return callers as unknown as Callers<T>;
}
