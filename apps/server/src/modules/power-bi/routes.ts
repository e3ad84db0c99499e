import {
  ZPbiAvailableQuery,
  ZPbiRlsTokenQuery,
  ZPbiTokenQuery,
  ZPowerBiStatus,
  ZReportEmbed,
  ZReportEntry,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/authentication';
import { PowerBiClient } from './client';
import { mayEmbedForOrganization } from './rls-access';

const tags = ['power-bi'];

/** SPEC 7: Power BI embed tokens and report lists. Nothing calls out unless configured. */
export const powerBiRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { config, db }) => {
  const client = config.powerBi ? new PowerBiClient(config.powerBi) : null;
  const configured = () => {
    if (!client) throw new AppError('unavailable', { messageKey: 'errors.powerBi.notConfigured' });
    return client;
  };

  app.get(
    '/PowerBi/Status',
    { config: { access: 'user' }, schema: { tags, response: { 200: ZPowerBiStatus } } },
    async () => ({ configured: client !== null }),
  );

  app.get(
    '/PBITokens',
    {
      config: { access: 'admin' },
      schema: { tags, querystring: ZPbiTokenQuery, response: { 200: ZReportEmbed } },
    },
    (request) => configured().embed(request.query.workspaceId, request.query.reportId),
  );

  app.get(
    '/PBITokens/GetPBITokenRls',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "An embed token whose rows are the organization's only (404 for another's organization)",
        querystring: ZPbiRlsTokenQuery,
        response: { 200: ZReportEmbed },
      },
    },
    async (request) => {
      const { workspaceId, reportId, orgId } = request.query;
      const pbi = configured();
      await mayEmbedForOrganization(db, currentUser(request), { workspaceId, reportId, orgId });
      return pbi.embed(workspaceId, reportId, { username: orgId, roles: config.powerBi?.rlsRoles ?? [] });
    },
  );

  app.get(
    '/PowerBi/Available',
    {
      config: { access: 'admin' },
      schema: { tags, querystring: ZPbiAvailableQuery, response: { 200: z.array(ZReportEntry) } },
    },
    (request) => configured().reports(request.query.groupId),
  );
};
