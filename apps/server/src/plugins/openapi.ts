import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** OpenAPI generated from the routes' zod schemas at /api/openapi.json, browsable at /api/docs. */
export const openapiPlugin = fp<{ publicUrl: string }>(
  async (app: FastifyInstance, { publicUrl }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'netfleet API',
          version: '0.1.0',
          description:
            'REST API of netfleet, compatible with RMS API v3. Browsers use cookie sessions; API clients send `Authorization: Bearer nf_pat_...`.',
        },
        servers: [{ url: publicUrl }],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer' },
            cookieAuth: { type: 'apiKey', in: 'cookie', name: 'nf_access' },
          },
        },
        security: [{ bearerAuth: [] }, { cookieAuth: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
    app.get(OPENAPI_PATH, { config: { permission: 'public' }, schema: { hide: true } }, () =>
      app.swagger(),
    );
  },
);
