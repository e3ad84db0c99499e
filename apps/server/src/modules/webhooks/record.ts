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

/** Where an insert of deliveries takes an event's values: placeholders or columns of the caller's statement. */
type EventValuesIn = { eventId: string; type: string; payload: string; at: string; giveUp: string };

/**
 * The rule of recording, as SQL: a delivery for every endpoint subscribed to the event, due at
 * once, given up after WEBHOOK_GIVE_UP_MS. `alsoFrom` joins a relation of the caller's (Submit
 * records its event only if its statement closed the submission: close-statements.ts). Both are
 * SQL text pasted as it is: placeholders and columns of the caller's statement, never values.
 */
export function deliveriesInsert(v: EventValuesIn, alsoFrom = ''): string {
  return `insert into webhook_deliveries (endpoint_id, event_id, event_type, payload, created_at, next_attempt_at, give_up_at)
select e.id, ${v.eventId}::uuid, ${v.type}::text, ${v.payload}::text, ${v.at}::timestamptz, ${v.at}::timestamptz, ${v.giveUp}::timestamptz
from webhook_endpoints e${alsoFrom} where ${v.type}::text = any(e.events)`;
}

/** An event's values, as `deliveriesInsert` takes them. */
export function webhookEvent(
  type: TWebhookEvent,
  data: WebhookEventData,
  now: Date,
): Record<keyof EventValuesIn, string> {
  const eventId = randomUUID();
  return {
    eventId,
    type,
    payload: webhookBody(eventId, type, now, data),
    at: now.toISOString(),
    giveUp: new Date(now.getTime() + WEBHOOK_GIVE_UP_MS).toISOString(),
  };
}

const INSERT = deliveriesInsert({ eventId: '$1', type: '$2', payload: '$3', at: '$4', giveUp: '$5' });
const INSERT_GIVEN = sql.raw(
  deliveriesInsert(
    {
      eventId: 'given.event_id',
      type: 'given.type',
      payload: 'given.payload',
      at: 'given.at',
      giveUp: 'given.give_up',
    },
    ', given',
  ),
);

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
  const e = webhookEvent(type, data, now);
  if (typeof tx === 'function') {
    await tx('webhook-record', INSERT, [e.eventId, e.type, e.payload, e.at, e.giveUp]);
    return;
  }
  await tx.execute(
    sql`with given(event_id, type, payload, at, give_up) as (select ${e.eventId}, ${e.type}, ${e.payload}, ${e.at}, ${e.giveUp}) ${INSERT_GIVEN}`,
  );
}
