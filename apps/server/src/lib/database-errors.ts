/**
 * What a database error means for the caller, read from the error or its causes (Drizzle wraps
 * the driver's error as `cause`). Used by the error handler so no route has to know.
 *
 * - `unavailable`: the database cannot be reached or gave up on us (down, restarting, too many
 *   connections, a statement or connection timeout): 503 with Retry-After, the request may be
 *   retried as is.
 * - `conflict`: a foreign key no longer holds because another request deleted the row meanwhile
 *   (for example an organization deleted while a submission for it is being started): 409.
 * - `badText` / `badDate`: a value the database cannot store; the edge guard refuses these
 *   first, this is the second line: 400.
 */
export type DatabaseFailure = 'unavailable' | 'conflict' | 'badText' | 'badDate';

/** SQLSTATE classes and codes (PostgreSQL appendix A). */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57014', // query_canceled (statement_timeout)
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
  '53000', // insufficient_resources
  '40P01', // deadlock_detected: retrying is the answer
  '40001', // serialization_failure: idem
]);
const NODE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'PGlite is closed',
  'Client was closed and is not queryable',
];
const TEXT_CODES = new Set(['22021', '22P05', '54000', '22001']);
const DATE_CODES = new Set(['22008', '22007']);

export function classifyDatabaseError(error: unknown): DatabaseFailure | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || NODE_NETWORK_CODES.has(code)) return 'unavailable';
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return 'unavailable';
    if (code === '23503') return 'conflict';
    if (TEXT_CODES.has(code)) return 'badText';
    if (DATE_CODES.has(code)) return 'badDate';
    // AggregateError (a connect that tried IPv4 and IPv6) carries the network errors inside.
    if (Array.isArray(e.errors) && e.errors.some((inner) => classifyDatabaseError(inner) === 'unavailable'))
      return 'unavailable';
    current = e.cause;
  }
  return null;
}

/** Seconds a client should wait before retrying while the database is unavailable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
