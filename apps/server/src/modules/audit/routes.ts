import { ZAuditPage, ZAuditQuery } from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

import { listAudit } from './service';

/** The audit trail, read by administrators (/admin/audit). Entries are written by the services. */
export const auditRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/Audit/GetAuditLog',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['audit'],
        summary: 'Administrator writes, newest first, filtered and paged',
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage },
      },
    },
    (request) => listAudit(db, request.query),
  );
};
