import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** OpenAPI generated from the route schemas, which come from packages/contracts; served at /docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Portico API',
        version: APP_VERSION,
        description:
          'Services of the Portico client portal. Tenant services live under `/t/{tenant}/{service}/`; ' +
          'their base addresses come from discovery. Every call needs `Authorization: Bearer <access token>`.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (RFC 9068)' } },
      },
    },
    // The provider's and the front ends' own routes are not API.
    hideUntagged: true,
    // Name shared schemas after their contract `$id` (ErrorBody, ServiceEntry…) rather than def-0, def-1…
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  });
  // Swagger UI runs under the app's own CSP (its initialiser is a file, not an inline script).
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
