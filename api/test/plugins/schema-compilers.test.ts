/**
 * The routes' validators and serializers are compiled once per schema (src/plugins/schema-compilers.ts):
 * a second app, or a second route on the same schema, reuses them, and what they do is unchanged.
 */
import Fastify from 'fastify';
import { Type } from 'typebox';
import {
  cachedSerializerFactory,
  cachedValidatorCompiler,
} from '../../src/plugins/schema-compilers';

const Thing = Type.Object({ id: Type.String(), count: Type.Integer() });
const Query = Type.Object({ limit: Type.Integer({ minimum: 1 }) });

function appWith() {
  const app = Fastify({
    logger: false,
    schemaController: { compilersFactory: { buildSerializer: cachedSerializerFactory } },
  }).setValidatorCompiler(cachedValidatorCompiler);
  for (const url of ['/a', '/b'])
    app.get(url, { schema: { querystring: Query, response: { 200: Thing } } }, async () => ({
      id: 'x',
      count: 2,
      secret: 'never sent',
    }));
  return app;
}

it('serializes and validates as Fastify does', async () => {
  const app = appWith();
  const ok = await app.inject({ method: 'GET', url: '/a?limit=3' });
  expect(ok.statusCode).toBe(200);
  expect(ok.body).toBe('{"id":"x","count":2}');
  const bad = await app.inject({ method: 'GET', url: '/a?limit=0' });
  expect(bad.statusCode).toBe(400);
  await app.close();
});

it('a second app answers the same from the compiled functions it reuses', async () => {
  const [first, second] = [appWith(), appWith()];
  for (const app of [first, second]) {
    const ok = await app.inject({ method: 'GET', url: '/b?limit=1' });
    expect(ok.body).toBe('{"id":"x","count":2}');
    expect((await app.inject({ method: 'GET', url: '/b?limit=x' })).statusCode).toBe(400);
    await app.close();
  }
});

const at = (url: string) => ({ schema: Thing, method: 'GET', url, httpStatus: '200' });

it('compiles a schema once for every route and app with the same shared schemas and options', () => {
  const serializer = cachedSerializerFactory({}, {})(at('/a'));
  expect(cachedSerializerFactory({}, {})(at('/b'))).toBe(serializer);
  // other shared schemas or options: compiled again
  expect(
    cachedSerializerFactory({ Other: { $id: 'Other', type: 'string' } }, {})(at('/a')),
  ).not.toBe(serializer);
  expect(cachedSerializerFactory({}, { rounding: 'floor' })(at('/a'))).not.toBe(serializer);

  const query = (url: string, httpPart: string) => ({
    schema: Query,
    method: 'GET',
    url,
    httpPart,
  });
  const validator = cachedValidatorCompiler(query('/a', 'querystring'));
  expect(cachedValidatorCompiler(query('/b', 'querystring'))).toBe(validator);
  // a body is checked as sent, a query string converted first: one each
  expect(cachedValidatorCompiler(query('/a', 'body'))).not.toBe(validator);
});
