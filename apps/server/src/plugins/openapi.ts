import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the zod contracts; the browsable docs live at /api/docs when `served`
 * (outside production, or with API_DOCS=true): in production the map of the API is opt-in.
 */
export async function registerOpenApi(app: FastifyInstance, { served }: { served: boolean }) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Impact Calls API', version: '0.1.0', description: 'Paths as in SPEC.md section 7.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  if (!served) return;
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI ships an inline script: relax the CSP for its pages only.
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });
}
