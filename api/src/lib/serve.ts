import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { HttpMethod } from '@roconnect/shared-lib/contract';

/** The app as a feature's plugin gets it (FastifyPluginAsyncTypebox). */
type TypeboxApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** A contract endpoint: a row of the route tables with its schema (contract/schemas/endpoints). */
interface Endpoint<S extends FastifySchema> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly schema: S;
}

type Options<S extends FastifySchema, C> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    C,
    S,
    TypeBoxTypeProvider
  >,
  'schema'
>;

type Handler<S extends FastifySchema, C> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  C,
  S,
  TypeBoxTypeProvider
>;

/**
 * Registers a contract endpoint at its method and path with its schema, and `options` (hooks,
 * limits) as `app.get` and the others take them: the request and the answer are typed from the
 * schema as they are there.
 */
export function serve<const S extends FastifySchema, C = ContextConfigDefault>(
  app: TypeboxApp,
  endpoint: Endpoint<S>,
  options: Options<S, C>,
  handler: Handler<S, C>,
): void {
  app.route<RouteGenericInterface, C, S>({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    schema: endpoint.schema,
    handler,
  });
}
