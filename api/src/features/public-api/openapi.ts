import type { SwaggerOptions } from '@fastify/swagger';
import type { Settings } from '../../config';

/** Where the public surface lives; the dashboard's OpenAPI document leaves it out. */
export const PUBLIC_API_PREFIX = '/api/public/v1/servers/';

declare module 'fastify' {
  interface FastifyInstance {
    /** the public developer API's own OpenAPI document (GET /api/public/v1/openapi.json) */
    publicSwagger: () => unknown;
  }
}

/**
 * A second OpenAPI document, for the developer API alone (@fastify/swagger registered twice,
 * each under its own decorator, each keeping only its routes): what other bots and games need,
 * none of the dashboard's routes.
 */
export function publicOpenapiOptions(settings: Settings): SwaggerOptions {
  return {
    decorator: 'publicSwagger',
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'RoConnect developer API',
        version: '1.0.0',
        description:
          'Ask RoConnect about the members of one Discord server with that server’s API key (created by its managers on the dashboard). ' +
          'Every body is an envelope {success, data} or {success:false, error, message}. Each key has its own rate limit per minute; every answer carries ' +
          'X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (seconds until the window resets), and a 429 Retry-After.',
      },
      servers: [{ url: settings.apiUrl }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'the server’s API key: Authorization: Bearer rck_…',
          },
        },
      },
    },
    transform: ({ schema, url }) => ({
      schema: url.startsWith(PUBLIC_API_PREFIX) ? schema : { ...schema, hide: true },
      url,
    }),
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  };
}
