import type { SwaggerOptions } from '@fastify/swagger';
import type { Settings } from '../config';

/** OpenAPI 3 from the routes' TypeBox schemas; shared schemas keep their $id as their name. */
export function openapiOptions(settings: Settings): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'RoConnect API',
        version: '1.0.0',
        description:
          'Discord–Roblox verification dashboard. Every body is an envelope {success, data} or {success:false, error, message}.',
      },
      servers: [{ url: settings.apiUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // the developer API has its own document (features/public-api/openapi.ts)
    transform: ({ schema, url }) => ({
      schema: url.startsWith('/api/public/') ? { ...schema, hide: true } : schema,
      url,
    }),
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  };
}
