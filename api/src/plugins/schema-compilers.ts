import path from 'node:path';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

/**
 * The routes' validators and response serializers, compiled once per schema for the process
 * instead of once per route and app. The app uses the same few schemas in many places (the error
 * envelope in every route's 4xx): one app compiles ≈ 680 serializers from ≈ 80 schemas, and the
 * API's tests build an app for each test (test/support/harness.ts), where compiling them again took
 * over a third of a route test's time. A compiled function depends only on its schema (and, for a
 * serializer, the app's shared schemas and options, which are part of the key), and the schemas are
 * constants of their modules.
 */
type SerializerFactory = NonNullable<
  NonNullable<
    NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
  >['buildSerializer']
>;

/** Fastify's own serializer factory (fast-json-stringify), the one it uses when given none. */
function fastifysSerializerFactory(): SerializerFactory {
  const fromFastify = path.dirname(require.resolve('fastify'));
  const compiler = require.resolve('@fastify/fast-json-stringify-compiler', {
    paths: [fromFastify],
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- resolved from fastify's folder
  const loaded = require(compiler) as { SerializerSelector: () => SerializerFactory };
  return loaded.SerializerSelector();
}

let defaultSerializerFactory: SerializerFactory | undefined;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;
const serializers = new WeakMap<object, Map<string, Serializer>>();

export const cachedSerializerFactory: SerializerFactory = (externalSchemas, options) => {
  defaultSerializerFactory ??= fastifysSerializerFactory();
  const compile = defaultSerializerFactory(externalSchemas, options);
  const key = JSON.stringify([externalSchemas ?? null, options ?? null]);
  return (route) => {
    const { schema } = route;
    if (typeof schema !== 'object' || schema === null) return compile(route);
    let byKey = serializers.get(schema);
    if (!byKey) serializers.set(schema, (byKey = new Map()));
    let serializer = byKey.get(key);
    if (!serializer) byKey.set(key, (serializer = compile(route)));
    return serializer;
  };
};

type Validator = ReturnType<typeof TypeBoxValidatorCompiler>;
const validators = new WeakMap<object, Map<string | undefined, Validator>>();

export const cachedValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const { schema, httpPart } = route;
  const compile = TypeBoxValidatorCompiler as unknown as FastifySchemaCompiler<unknown>;
  if (typeof schema !== 'object' || schema === null) return compile(route);
  let byPart = validators.get(schema);
  if (!byPart) validators.set(schema, (byPart = new Map()));
  let validator = byPart.get(httpPart);
  if (!validator) byPart.set(httpPart, (validator = compile(route) as Validator));
  return validator;
};
