import { z } from 'zod';

/**
 * Outgoing webhooks (docs/decisions/0042-webhooks.md): an administrator registers endpoints that
 * receive signed JSON events.
 */
export const WEBHOOK_EVENTS = [
  'submission.started',
  'submission.submitted',
  'submission.reopened',
  'decision.recorded',
  'grant.accepted',
  'grant.closed',
  'report.submitted',
] as const;
export const ZWebhookEvent = z.enum(WEBHOOK_EVENTS);
export type TWebhookEvent = z.infer<typeof ZWebhookEvent>;

/** The header that carries the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-ImpactCalls-Signature';

export const ZWebhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(ZWebhookEvent),
  createdAt: z.iso.datetime(),
  /** Deliveries waiting for their next attempt, and those given up on in the last 24 hours. */
  pending: z.number().int(),
  failed: z.number().int(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZCreateWebhookEndpointRequest = z.object({
  url: z.string().trim().min(1, 'errors.field.required').max(2000),
  description: z.string().trim().max(200).default(''),
  events: z.array(ZWebhookEvent).min(1, 'errors.webhooks.noEvents').max(WEBHOOK_EVENTS.length),
});
export type TCreateWebhookEndpointRequest = z.infer<typeof ZCreateWebhookEndpointRequest>;

/** The answer to CreateEndpoint: the only time the signing secret is shown. */
export const ZCreatedWebhookEndpoint = ZWebhookEndpoint.extend({ secret: z.string() });
export type TCreatedWebhookEndpoint = z.infer<typeof ZCreatedWebhookEndpoint>;

export const ZWebhookEndpointIdRequest = z.object({ endpointId: z.uuid() });
export const ZRedeliverRequest = z.object({ deliveryId: z.uuid() });

export const ZWebhookDeliveriesQuery = z.object({
  endpointId: z.uuid(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZWebhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed']);
export type TWebhookDeliveryStatus = z.infer<typeof ZWebhookDeliveryStatus>;

export const ZWebhookAttempt = z.object({
  at: z.iso.datetime(),
  statusCode: z.number().int().nullable(),
  responseMs: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

export const ZWebhookDelivery = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventType: ZWebhookEvent,
  status: ZWebhookDeliveryStatus,
  createdAt: z.iso.datetime(),
  nextAttemptAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  attempts: z.array(ZWebhookAttempt),
  /** The body as sent (ids and a summary, never file bytes). */
  payload: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryPage = z.object({
  items: z.array(ZWebhookDelivery),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TWebhookDeliveryPage = z.infer<typeof ZWebhookDeliveryPage>;

/**
 * An origin allowed to frame the embedded call list (`/embed/calls`): https, a host, an optional
 * port, nothing else (no path, no wildcard), as a CSP frame-ancestors source must be.
 */
export const EMBED_ORIGIN_PATTERN =
  /^https:\/\/[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;
export const MAX_EMBED_ORIGINS = 20;
export const ZEmbedOrigin = z
  .string()
  .trim()
  .toLowerCase()
  .max(300)
  .regex(EMBED_ORIGIN_PATTERN, 'errors.config.embedOrigin')
  .refine((o) => {
    const port = /:(\d+)$/.exec(o)?.[1];
    return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
  }, 'errors.config.embedOrigin');
