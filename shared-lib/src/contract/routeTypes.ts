/**
 * What a row of the route table (./apiRoutes) is: its method, its path pattern, what the call
 * sends and gets, and the traits the web client reads. Types only, and fillPath: browser code
 * imports this, and the dashboard's inline early load bundles it.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What one call sends and gets: `answer` is the `data` of its `{success, data}` answer (for a
 * `bare` route, the whole body); `body` and `query` are left out when the call sends none.
 */
export interface CallTypes {
  answer: unknown;
  body?: unknown;
  query?: unknown;
}

declare const CALL_TYPES: unique symbol;

/**
 * A row's types, for the compiler only: written `types: {} as Types<{ body: …; answer: … }>`, an
 * empty object at run time, so the route tables stay plain data that bundlers can drop unused.
 */
export interface Types<T extends CallTypes> {
  readonly [CALL_TYPES]?: T;
}

export interface ApiRoute {
  readonly method: HttpMethod;
  /** `:name` parameters, as Fastify and MSW both read them */
  readonly path: string;
  readonly types?: Types<CallTypes>;
  /** waits on Roblox and Discord: the web client gives it its long timeout (120 s) */
  readonly slow?: boolean;
  /**
   * starts an OAuth flow, which sets an HttpOnly cookie binding the flow to this browser
   * (docs/security.md): the only calls the browser sends with credentials
   */
  readonly credentials?: boolean;
  /** answered as is, not in the `{success, data}` envelope: a file, a document or a redirect */
  readonly bare?: boolean;
}

/** A row with its types: every row of the route table. */
export interface TypedRoute extends ApiRoute {
  readonly types: Types<CallTypes>;
}

/** The answer of a browser navigation (an OAuth callback): a 302 back to the web app. */
export interface Redirect {
  readonly redirect: 'a 302 to the web app';
}

type CallTypesOf<R> = R extends { readonly types: Types<infer T> } ? T : never;

/** What a call of `R` gets: its answer's `data` (a bare route's whole body). */
export type AnswerOf<R extends ApiRoute> = CallTypesOf<R>['answer'];
/** What a call of `R` sends as its JSON body; undefined when it sends none. */
export type BodyOf<R extends ApiRoute> = CallTypesOf<R> extends { body: infer B } ? B : undefined;
/** The query string a call of `R` takes; undefined when it takes none. */
export type QueryOf<R extends ApiRoute> = CallTypesOf<R> extends { query: infer Q } ? Q : undefined;

/** The names of a pattern's `:name` parameters, as a union of string literals. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route's path parameters by name, each a string. */
export type ParamsOf<R extends ApiRoute> = Record<PathParams<R['path']>, string>;

/** `/api/v1/server/:id/config` with `{ id: '1/2' }` → `/api/v1/server/1%2F2/config`. */
export function fillPath<P extends string>(
  pattern: P,
  params: Record<PathParams<P>, string>,
): string {
  const values = params as Record<string, string>;
  return pattern.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`fillPath: ${pattern} needs :${name}`);
    return encodeURIComponent(value);
  });
}
