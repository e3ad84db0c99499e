import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel the triggers of migration 0024 notify on. */
export const CHANGE_CHANNEL = 'ic_changes';
/** How the listening session shows in pg_stat_activity. */
export const CHANGE_FEED_APPLICATION = 'impact-calls change feed';
/** How often the listening connection proves it is alive (a dead socket can stay silent for minutes). */
const HEARTBEAT_MS = 5_000;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * What changed, as the triggers say it: `calls:<version>`, `org:<organization id>`, or `all`
 * (a truncate, or the feed itself lost and regained its connection: anything may have changed);
 * `calls` alone is said by this instance's own writes, before the notification with the version;
 * `session:<family id>` when a session is revoked; `names` when organization or user names change.
 */
export type Change = string;

/**
 * Notifications of committed changes, from PostgreSQL's LISTEN/NOTIFY, for in-memory copies that
 * must not outlive the rows they copy (the applicant call list:
 * docs/decisions/0011-call-list-from-memory-on-the-change-feed.md). A copy may be trusted
 * only while `live` and only if it was made in the current `epoch`: while the listening connection
 * is down nothing is heard, so every (re)connection or loss starts a new epoch and says `all`.
 */
export interface ChangeFeed {
  readonly live: boolean;
  readonly epoch: number;
  /** Calls `listener` for every change; returns how to stop. */
  subscribe(listener: (change: Change) => void): () => void;
  /** Tells this instance's listeners at once (a write here need not wait for the notification). */
  announce(change: Change): void;
  close(): Promise<void>;
}

/** What both feeds share: the state caches read, and the listeners they tell. */
abstract class ListenedFeed implements ChangeFeed {
  live = false;
  epoch = 0;
  private readonly listeners = new Set<(change: Change) => void>();

  subscribe(listener: (change: Change) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  announce(change: Change) {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch {
        // One broken cache must not stop the others from hearing the change.
      }
    }
  }

  abstract close(): Promise<void>;
}

/** A dedicated connection (not a pool client: LISTEN belongs to one session), reconnected with backoff. */
export class PostgresChangeFeed extends ListenedFeed {
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = RECONNECT_MIN_MS;
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly connectionString: string) {
    super();
    void this.connect();
  }

  private async connect() {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.connectionString,
      keepAlive: true,
      application_name: CHANGE_FEED_APPLICATION,
    });
    this.client = client;
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
      if (message.payload.startsWith('ping:')) this.pongs.get(message.payload)?.();
      else this.announce(message.payload);
    });
    try {
      await client.connect();
      // The server notices a vanished client within a minute, instead of the system's two hours
      // (a dead listener holds back the notification queue for every session).
      await client.query(
        'SET tcp_keepalives_idle = 30; SET tcp_keepalives_interval = 10; SET tcp_keepalives_count = 3',
      );
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      // Proof that notifications reach this session (a transaction-mode pooler would swallow them).
      await this.ping(client);
    } catch {
      this.lost(client);
      return;
    }
    if (this.client !== client || this.closed) return;
    this.retryMs = RECONNECT_MIN_MS;
    // From here on every committed change is heard; what was copied before may be stale.
    this.epoch++;
    this.live = true;
    this.announce('all');
    this.heartbeat = setInterval(() => {
      this.ping(client).catch(() => this.lost(client));
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private readonly pongs = new Map<string, () => void>();
  private pings = 0;
  /** Tells this instance's pings from others' (every listener hears every ping). */
  private readonly instance = randomBytes(6).toString('hex');

  /** Notifies itself and waits to hear it: the feed is only live if what is said is heard. */
  private ping(client: pg.Client): Promise<void> {
    const payload = `ping:${this.instance}:${++this.pings}`;
    return new Promise<void>((resolve, reject) => {
      const timeout = setTimeout(() => {
        this.pongs.delete(payload);
        reject(new Error('change feed: own notification not heard'));
      }, HEARTBEAT_MS / 2);
      this.pongs.set(payload, () => {
        clearTimeout(timeout);
        this.pongs.delete(payload);
        resolve();
      });
      client.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, payload]).catch((err: unknown) => {
        clearTimeout(timeout);
        this.pongs.delete(payload);
        reject(err);
      });
    });
  }

  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.live = false;
    this.epoch++;
    this.announce('all');
    client.removeAllListeners('end');
    client.on('error', () => {});
    void client.end().catch(() => {});
    if (this.closed) return;
    this.timer = setTimeout(() => void this.connect(), this.retryMs);
    this.timer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
  }

  async close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    if (client) this.lost(client);
  }
}

/** The embedded database is one session in this process: its notifications arrive with the query that caused them. */
export class PgliteChangeFeed extends ListenedFeed {
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly client: PGlite) {
    super();
  }

  async start() {
    this.unlisten = await this.client.listen(CHANGE_CHANNEL, (payload) => {
      if (payload) this.announce(payload);
    });
    this.epoch++;
    this.live = true;
  }

  async close() {
    this.live = false;
    this.epoch++;
    if (this.unlisten && !this.client.closed) await this.unlisten().catch(() => {});
    this.unlisten = null;
  }
}
