import { randomBytes, randomUUID } from 'node:crypto';
import type {
  TCreatedWebhookEndpoint,
  TCreateWebhookEndpointRequest,
  TWebhookDeliveryPage,
  TWebhookEndpoint,
  TWebhookEvent,
} from '@impact/domain';
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { type AuditActor, audit } from '../audit/record';
import { assertDeliverableUrl, type Resolve } from './address-guard';
import { WEBHOOK_GIVE_UP_MS } from './record';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** Counts of waiting deliveries and of those given up on in the last day, per endpoint. */
async function countsOf(db: Db, ids: string[], now: Date) {
  if (!ids.length) return new Map<string, { pending: number; failed: number }>();
  const since = new Date(now.getTime() - WEBHOOK_GIVE_UP_MS);
  const found = await db
    .select({
      endpointId: webhookDeliveries.endpointId,
      pending: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'pending')`.mapWith(Number),
      failed:
        sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'failed' and ${webhookDeliveries.createdAt} >= ${since.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
    })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpointId, ids))
    .groupBy(webhookDeliveries.endpointId);
  return new Map(found.map((r) => [r.endpointId, { pending: r.pending, failed: r.failed }]));
}

function toEndpoint(row: EndpointRow, counts?: { pending: number; failed: number }): TWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as TWebhookEvent[],
    createdAt: row.createdAt.toISOString(),
    pending: counts?.pending ?? 0,
    failed: counts?.failed ?? 0,
  };
}

/** GET Webhook/GetEndpoints: oldest first; the secrets never leave again. */
export async function listEndpoints(db: Db, now = new Date()): Promise<TWebhookEndpoint[]> {
  const list = await db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.createdAt));
  const counts = await countsOf(
    db,
    list.map((e) => e.id),
    now,
  );
  return list.map((row) => toEndpoint(row, counts.get(row.id)));
}

/**
 * POST Webhook/CreateEndpoint: the URL must be https and reach only public addresses (unless
 * WEBHOOK_ALLOW_PRIVATE); the signing secret is made here and answered this once.
 */
export async function createEndpoint(
  db: Db,
  actor: AuditActor,
  input: TCreateWebhookEndpointRequest,
  options: { allowPrivate: boolean; resolve?: Resolve },
): Promise<TCreatedWebhookEndpoint> {
  const url = await assertDeliverableUrl(input.url, options.allowPrivate, options.resolve);
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        url: url.toString(),
        description: input.description,
        events: [...new Set(input.events)],
        secret,
        createdByUserId: actor.id,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, actor, 'webhook.create', row.id, { url: url.origin, events: row.events.length });
    return { ...toEndpoint(row), secret };
  });
}

/** POST Webhook/DeleteEndpoint: the endpoint and its log go; nothing more is sent to it. */
export async function deleteEndpoint(db: Db, actor: AuditActor, endpointId: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).returning();
    if (!row) throw notFound('errors.webhooks.notFound');
    await audit(tx, actor, 'webhook.delete', row.id, { url: new URL(row.url).origin });
  });
}

/** GET Webhook/GetDeliveries: an endpoint's deliveries, newest first, each with its attempts. */
export async function listDeliveries(
  db: Db,
  query: { endpointId: string; page: number; pageSize: number },
): Promise<TWebhookDeliveryPage> {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, query.endpointId));
  if (!endpoint) throw notFound('errors.webhooks.notFound');
  const [total] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, query.endpointId));
  const list = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, query.endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const attempts = list.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            list.map((d) => d.id),
          ),
        )
        .orderBy(asc(webhookAttempts.at))
    : [];
  return {
    items: list.map((d) => ({
      id: d.id,
      eventId: d.eventId,
      eventType: d.eventType as TWebhookEvent,
      status: d.status,
      createdAt: d.createdAt.toISOString(),
      nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
      deliveredAt: d.deliveredAt?.toISOString() ?? null,
      payload: d.payload,
      attempts: attempts
        .filter((a) => a.deliveryId === d.id)
        .map((a) => ({ at: a.at.toISOString(), statusCode: a.statusCode, responseMs: a.responseMs, error: a.error })),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * POST Webhook/Redeliver: a new delivery of the same event (same id and body: a receiver that
 * keeps event ids sees a duplicate), due now, retried for 24 hours like any other.
 */
export async function redeliver(db: Db, actor: AuditActor, deliveryId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [original] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    if (!original) throw notFound('errors.webhooks.deliveryNotFound');
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        id: randomUUID(),
        endpointId: original.endpointId,
        eventId: original.eventId,
        eventType: original.eventType,
        payload: original.payload,
        createdAt: now,
        nextAttemptAt: now,
        giveUpAt: new Date(now.getTime() + WEBHOOK_GIVE_UP_MS),
      })
      .returning({ id: webhookDeliveries.id });
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, actor, 'webhook.redeliver', original.endpointId, { event: original.eventType });
    return { id: row.id };
  });
}
