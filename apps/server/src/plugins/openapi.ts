import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AccessTable } from './route-access';

type OpenApiDocument = { paths?: Record<string, Record<string, Record<string, unknown>>> };

/** The document with each operation's declaration: `x-access` (and `x-owns`, the owned id's field). */
function withAccess(doc: OpenApiDocument, table: AccessTable) {
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const declared = table.get(`${method.toUpperCase()} ${path}`);
      if (!declared) continue;
      operation['x-access'] = declared.access;
      if (declared.owns) operation['x-owns'] = declared.owns;
    }
  }
  return doc;
}

/**
 * OpenAPI generated from the zod contracts; the browsable docs live at /api/docs when `served`
 * (outside production, or with API_DOCS=true): in production the map of the API is opt-in.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  { served, accessTable }: { served: boolean; accessTable: AccessTable },
) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Impact Calls API', version: '0.1.0', description: 'Paths as in SPEC.md section 7.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Every operation says who may call it (plugins/route-access.ts), as `x-access`.
    transformObject: (documents) =>
      withAccess((documents as { openapiObject: OpenApiDocument }).openapiObject, accessTable) as never,
  });
  if (!served) return;
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI ships an inline script: relax the CSP for its pages only.
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });
}
