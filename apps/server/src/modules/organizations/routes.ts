import {
  ZOrganization,
  ZOrganizationIdQuery,
  ZOrganizationInput,
  ZOrganizationList,
  ZOrganizationUpdate,
  ZProblem,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { requestLanguage } from '../../lib/request-language';
import { currentUser } from '../../plugins/authentication';
import {
  createOrganization,
  deleteOrganization,
  getOrganization,
  listOrganizations,
  updateOrganization,
} from './service';

const tags = ['organizations'];
const problems = { 400: ZProblem, 401: ZProblem, 404: ZProblem };

/** SPEC 7 "Organization": every call concerns an organization the caller is a member of. */
export const organizationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/Organization/CreateOrganization',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Register an organization owned by the caller',
        body: ZOrganizationInput,
        response: { 201: ZOrganization, ...problems },
      },
    },
    async (request, reply) => {
      const organization = await createOrganization(
        db,
        currentUser(request).id,
        request.body,
        requestLanguage(request),
      );
      return reply.status(201).send(organization);
    },
  );

  app.get(
    '/Organization/GetOrganizations',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's organizations, by name",
        response: { 200: ZOrganizationList, ...problems },
      },
    },
    async (request) => listOrganizations(db, currentUser(request).id),
  );

  app.get(
    '/Organization/GetOrganizationById',
    {
      config: { access: 'user', owns: 'orgId' },
      schema: {
        tags,
        summary: "One of the caller's organizations (404 for anyone else's)",
        querystring: ZOrganizationIdQuery,
        response: { 200: ZOrganization, ...problems },
      },
    },
    async (request) => getOrganization(db, currentUser(request).id, request.query.orgId),
  );

  app.put(
    '/Organization/UpdateOrganization',
    {
      config: { access: 'user', owns: 'id' },
      schema: {
        tags,
        summary: "Update one of the caller's organizations",
        body: ZOrganizationUpdate,
        response: { 200: ZOrganization, ...problems },
      },
    },
    async (request) => updateOrganization(db, currentUser(request).id, request.body, requestLanguage(request)),
  );

  app.post(
    '/Organization/DeleteOrganization',
    {
      config: { access: 'user', owns: 'orgId' },
      schema: {
        tags,
        summary: "Delete one of the caller's organizations, unless it has submissions (409)",
        querystring: ZOrganizationIdQuery,
        response: { 204: z.null(), 409: ZProblem, ...problems },
      },
    },
    async (request, reply) => {
      await deleteOrganization(db, currentUser(request).id, request.query.orgId);
      return reply.status(204).send(null);
    },
  );
};
