import { randomUUID } from 'node:crypto';
import type { TWebhookEvent } from '@impact/domain';
import { sql } from 'drizzle-orm';
import type { TextQuery, Tx } from '../../db/client';

/** Retries of an event stop this long after it happened (or after a resend). */
export const WEBHOOK_GIVE_UP_MS = 24 * 60 * 60 * 1000;

/** What an event says: ids and a short summary, never an answer's text or a file's bytes. */
export type WebhookEventData = Record<string, string | number | boolean | null | string[]>;

/** The JSON body every endpoint receives for an event. */
export function webhookBody(eventId: string, type: TWebhookEvent, createdAt: Date, data: WebhookEventData): string {
  return JSON.stringify({ id: eventId, type, createdAt: createdAt.toISOString(), data });
}

const INSERT = `insert into webhook_deliveries (endpoint_id, event_id, event_type, payload, created_at, next_attempt_at, give_up_at)
select e.id, $1::uuid, $2, $3, $4::timestamptz, $4::timestamptz, $5::timestamptz
from webhook_endpoints e where $2 = any(e.events)`;

/**
 * Records an event for every endpoint that subscribed to it, inside the caller's transaction
 * (docs/decisions/0042-webhooks.md): the rows commit with the change they describe, or not at
 * all, and the background loop (deliver.ts) sends them afterwards. Takes a Drizzle transaction or
 * the raw query of a `textTransaction` (Submit's). No endpoint subscribed: nothing is written.
 */
export async function recordWebhookEvent(
  tx: Tx | TextQuery,
  type: TWebhookEvent,
  data: WebhookEventData,
  now = new Date(),
): Promise<void> {
  const eventId = randomUUID();
  const values = [
    eventId,
    type,
    webhookBody(eventId, type, now, data),
    now.toISOString(),
    new Date(now.getTime() + WEBHOOK_GIVE_UP_MS).toISOString(),
  ];
  if (typeof tx === 'function') {
    await tx('webhook-record', INSERT, values);
    return;
  }
  const [id, kind, body, at, giveUp] = values;
  await tx.execute(
    sql`insert into webhook_deliveries (endpoint_id, event_id, event_type, payload, created_at, next_attempt_at, give_up_at)
      select e.id, ${id}::uuid, ${kind}, ${body}, ${at}::timestamptz, ${at}::timestamptz, ${giveUp}::timestamptz
      from webhook_endpoints e where ${kind} = any(e.events)`,
  );
}
