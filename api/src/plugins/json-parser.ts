import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies, parsed safely (no __proto__ poisoning). An empty body counts as no body, so
 * `POST` routes without input accept clients that still send `Content-Type: application/json`.
 */
export function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parse(request, text, done);
  });
}
