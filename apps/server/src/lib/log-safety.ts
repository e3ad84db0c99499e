import type { FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
type LogStream = { write(line: string): void };

/**
 * Logs carry no personal data and no secrets (docs/SECURITY.md, item 3). A failed query is logged
 * by its name (verb and table) and the database's error code, never with its parameters (names,
 * answers, up to 1 MB a line) nor the database's `detail` (which quotes the offending values).
 * Tokens, codes and passwords in URLs and messages, bearer tokens, JWTs and e-mail addresses are
 * masked wherever they appear in a logged text.
 */

const SECRET_PARAMS =
  /\b(token|code|state|password|refresh_token|access_token|id_token|id_token_hint|client_secret|ticket|email|sig)=([^&\s"']+)/gi;
const BEARER = /\bBearer\s+[^\s"']+/gi;
const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;

/** A text safe to log: secrets and addresses masked. */
export function scrub(text: string): string {
  return text
    .replace(JWT, '[jwt]')
    .replace(BEARER, 'Bearer [redacted]')
    .replace(SECRET_PARAMS, '$1=[redacted]')
    .replace(EMAIL, '[email]');
}

/** "insert step_results", "select idp_accounts": what a query did, without its values. */
export function queryName(query: string): string {
  const sql = query.replace(/\s+/g, ' ').trim();
  const verb = /^(with|select|insert|update|delete)\b/i.exec(sql)?.[1]?.toLowerCase() ?? 'query';
  const table =
    /^insert into "?([\w.]+)"?/i.exec(sql)?.[1] ??
    /^update "?([\w.]+)"?/i.exec(sql)?.[1] ??
    /^delete from "?([\w.]+)"?/i.exec(sql)?.[1] ??
    /\bfrom "?([\w.]+)"?/i.exec(sql)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/** Database error fields that name things, not values (`detail`, `where` and `hint` quote data). */
const SAFE_DB_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const;

type Serialized = { type: string; message: string; stack: string; [key: string]: unknown };

/** The `err` serializer: type, scrubbed message, stack frames (not the message again), safe fields, cause. */
export function serializeError(err: unknown, depth = 0): Serialized {
  if (!(err instanceof Error)) return { type: typeof err, message: scrub(String(err)).slice(0, 500), stack: '' };
  const e = err as Error & Record<string, unknown>;
  const isQueryError = typeof e.query === 'string' && 'params' in e;
  const out: Serialized = {
    type: e.constructor?.name ?? 'Error',
    message: isQueryError ? `Failed query: ${queryName(e.query as string)}` : scrub(e.message).slice(0, 2000),
    // The first stack line repeats the message (a query's parameters included): the frames only.
    stack: (e.stack ?? '')
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
  for (const key of SAFE_DB_FIELDS) if (typeof e[key] === 'string' || typeof e[key] === 'number') out[key] = e[key];
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** The `req` serializer: Fastify's fields, with the URL's secrets (reset tokens, codes) masked. */
export function serializeRequest(req: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: scrub(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export function loggerOptions(level: string, stream?: LogStream): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'body',
        '*.body',
        'password',
        '*.password',
        'token',
        '*.token',
        'refreshToken',
        '*.refreshToken',
        'params',
        '*.params',
      ],
      censor: '[redacted]',
    },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
