import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_SIGNATURE_HEADER } from '@impact/domain';
import { sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { type Db, rows } from '../../db/client';
import { assertLiteralHostAllowed, guardedLookup, type Resolve, systemResolve } from './address-guard';

/** A delivery that has not answered within this is a failed attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The pause before the n-th retry: 1, 2, 4, 8… minutes, at most an hour, each ±20 % (jitter). */
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;
/** A claimed delivery is left alone by other instances this long (longer than any attempt). */
const LEASE_MS = 2 * 60_000;
/** Deliveries claimed per run (the queue's job takes batches while they come full). */
export const WEBHOOK_BATCH = 20;
const IN_PARALLEL = 5;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`, as Stripe signs. */
export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** The pause after the `attempts`-th failed attempt. */
export function retryDelayMs(attempts: number, random = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export type DeliverOptions = {
  /** WEBHOOK_ALLOW_PRIVATE: private addresses and http accepted (development and tests only). */
  allowPrivate: boolean;
  /** The resolver the connection uses; the system's unless a test gives its own. */
  resolve?: Resolve;
  timeoutMs?: number;
  random?: () => number;
  log?: { warn(obj: object, msg: string): void };
};

type Outcome = { statusCode: number | null; responseMs: number; error: string | null };

/**
 * One POST, to the address the guarded lookup checked, redirects not followed (a 3xx is a failed
 * attempt), the answer's body discarded.
 */
function post(url: URL, body: string, headers: Record<string, string>, options: DeliverOptions): Promise<Outcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    try {
      if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:')) {
        throw new Error('refused: not https');
      }
      assertLiteralHostAllowed(url, options.allowPrivate);
    } catch (err) {
      resolve({ statusCode: null, responseMs: 0, error: (err as Error).message });
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      // No pooled socket: each delivery connects to an address checked for it.
      agent: false,
      lookup: guardedLookup(options.allowPrivate, options.resolve ?? systemResolve) as never,
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`timed out after ${(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000} s`)),
      options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    );
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => {
        clearTimeout(timer);
        const code = response.statusCode ?? 0;
        resolve({
          statusCode: code,
          responseMs: elapsed(),
          error: code >= 200 && code < 300 ? null : `HTTP ${code}`,
        });
      });
      response.on('error', (err) => {
        clearTimeout(timer);
        resolve({ statusCode: response.statusCode ?? null, responseMs: elapsed(), error: err.message.slice(0, 300) });
      });
    });
    request.on('error', (err) => {
      clearTimeout(timer);
      resolve({ statusCode: null, responseMs: elapsed(), error: err.message.slice(0, 300) });
    });
    request.end(body);
  });
}

type Due = {
  id: string;
  event_type: string;
  payload: string;
  give_up_at: Date | string;
  attempts: number | string;
  url: string;
  secret: string;
};

/**
 * Sends the webhook deliveries due at `now` (docs/decisions/0042-webhooks.md): each claimed for a
 * while (several instances never send the same one at once), signed, POSTed with a 10 s timeout;
 * a 2xx is delivered, anything else is tried again after a growing pause until 24 hours after the
 * event, then marked failed. Every attempt is logged. A plain function: the background loop calls
 * it now, a job queue may later. Returns how many were attempted.
 */
export async function deliverDueWebhooks(db: Db, now: Date, options: DeliverOptions): Promise<number> {
  const due = await rows<Due>(
    db,
    sql`with due as (
      select id from webhook_deliveries
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
      order by next_attempt_at limit ${WEBHOOK_BATCH} for update skip locked
    )
    update webhook_deliveries d
      set next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
    from due, webhook_endpoints e
    where d.id = due.id and e.id = d.endpoint_id
    returning d.id, d.event_type, d.payload, d.give_up_at, e.url, e.secret,
      (select count(*) from webhook_attempts a where a.delivery_id = d.id) as attempts`,
  );
  const limit = pLimit(IN_PARALLEL);
  await Promise.all(
    due.map((delivery) =>
      limit(async () => {
        const outcome = await post(
          new URL(delivery.url),
          delivery.payload,
          {
            'content-type': 'application/json',
            'user-agent': 'ImpactCalls-Webhooks/1',
            [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(delivery.secret, delivery.payload, now),
            'X-ImpactCalls-Event': delivery.event_type,
            'X-ImpactCalls-Delivery': delivery.id,
          },
          options,
        );
        await settle(db, delivery, outcome, now, options);
      }),
    ),
  );
  return due.length;
}

async function settle(db: Db, delivery: Due, outcome: Outcome, now: Date, options: DeliverOptions) {
  const attempts = Number(delivery.attempts) + 1;
  const next = new Date(now.getTime() + retryDelayMs(attempts, options.random));
  const giveUpAt = new Date(delivery.give_up_at);
  const status = outcome.error === null ? 'delivered' : next > giveUpAt ? 'failed' : 'pending';
  if (status !== 'delivered') {
    options.log?.warn({ deliveryId: delivery.id, attempts, error: outcome.error }, 'webhook delivery failed');
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into webhook_attempts (delivery_id, at, status_code, response_ms, error)
      values (${delivery.id}::uuid, ${now.toISOString()}::timestamptz, ${outcome.statusCode}, ${outcome.responseMs}, ${outcome.error})`);
    await tx.execute(sql`update webhook_deliveries set status = ${status},
      delivered_at = ${status === 'delivered' ? now.toISOString() : null}::timestamptz,
      next_attempt_at = ${(status === 'pending' ? next : now).toISOString()}::timestamptz
      where id = ${delivery.id}::uuid`);
  });
}
