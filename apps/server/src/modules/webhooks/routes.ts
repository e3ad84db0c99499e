import {
  ZCreatedWebhookEndpoint,
  ZCreateWebhookEndpointRequest,
  ZProblem,
  ZRedeliverRequest,
  ZWebhookDeliveriesQuery,
  ZWebhookDeliveryPage,
  ZWebhookEndpoint,
  ZWebhookEndpointIdRequest,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { currentUser } from '../../plugins/authentication';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, redeliver } from './service';

const tags = ['webhooks'];
const problems = { 400: ZProblem, 401: ZProblem, 403: ZProblem, 404: ZProblem };

/** Outgoing webhooks (docs/decisions/0042-webhooks.md): administrators only. */
export const webhookRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    '/Webhook/GetEndpoints',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The registered webhook endpoints (never their secrets)',
        response: { 200: z.array(ZWebhookEndpoint), ...problems },
      },
    },
    () => listEndpoints(db),
  );

  app.post(
    '/Webhook/CreateEndpoint',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Registers an https endpoint for events; answers its signing secret, this once',
        body: ZCreateWebhookEndpointRequest,
        response: { 200: ZCreatedWebhookEndpoint, ...problems },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return createEndpoint(db, currentUser(request), request.body, { allowPrivate: config.webhookAllowPrivate });
    },
  );

  app.post(
    '/Webhook/DeleteEndpoint',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Deletes an endpoint and its delivery log',
        body: ZWebhookEndpointIdRequest,
        response: { 200: z.object({ deleted: z.boolean() }), ...problems },
      },
    },
    async (request) => {
      await deleteEndpoint(db, currentUser(request), request.body.endpointId);
      return { deleted: true };
    },
  );

  app.get(
    '/Webhook/GetDeliveries',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "An endpoint's deliveries, newest first, with their attempts (paged)",
        querystring: ZWebhookDeliveriesQuery,
        response: { 200: ZWebhookDeliveryPage, ...problems },
      },
    },
    (request) => listDeliveries(db, request.query),
  );

  app.post(
    '/Webhook/Redeliver',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Sends a delivered or failed event again, as a new delivery of the same payload',
        body: ZRedeliverRequest,
        response: { 200: z.object({ id: z.uuid() }), ...problems },
      },
    },
    (request) => redeliver(db, currentUser(request), request.body.deliveryId),
  );
};
