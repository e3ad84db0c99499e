import type { TFieldError } from '@impact/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/**
 * Text the database cannot store or a parser cannot read is refused here, once for every route,
 * instead of by each route's schema: a NUL byte (PostgreSQL text cannot hold
 * one), a lone UTF-16 surrogate (not encodable as UTF-8), a percent-encoding that is not UTF-8,
 * and an ISO date in year 0000: PostgreSQL rejected each with an error that surfaced as a 500.
 */

/** A whole string that is an ISO date or date-time: only those are checked as dates, never free text. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const MAX_DEPTH = 64;
const MAX_ERRORS = 10;

type Finding = 'badText' | 'badDate';

/** ES2024's String.prototype.isWellFormed (Node 20 has it; our TypeScript lib is ES2023): no lone surrogate. */
const isWellFormed = (value: string) => (value as unknown as { isWellFormed(): boolean }).isWellFormed();

export function checkString(value: string): Finding | null {
  if (value.includes('\u0000') || !isWellFormed(value)) return 'badText';
  // Year 0000 passes every ISO pattern but no PostgreSQL date column takes it. A day that does not
  // exist (31 February) is left to the routes' own schemas, which name it in their own words, and
  // to the error handler if one slips through. Only a string starting with that year can be one.
  if (value.startsWith('0000') && ISO_DATE.test(value)) return 'badDate';
  return null;
}

/**
 * Every string (keys too) in a parsed body, with its path; stops after a few findings. It runs on
 * every body, so it allocates nothing per value: one path stack, joined only for a finding, and
 * array items that are numbers, booleans or null skipped without a look (a body of 100,000 numbers
 * took 57 ms of the event loop when each item got its own path and entry).
 */
export function findBadStrings(body: unknown): { path: string; finding: Finding }[] {
  const out: { path: string; finding: Finding }[] = [];
  visit(body, [], out);
  return out.slice(0, MAX_ERRORS);
}

function visit(value: unknown, path: (string | number)[], out: { path: string; finding: Finding }[]) {
  if (typeof value === 'string') {
    const finding = checkString(value);
    if (finding) out.push({ path: path.join('.'), finding });
    return;
  }
  if (value === null || typeof value !== 'object' || path.length >= MAX_DEPTH || Buffer.isBuffer(value)) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && out.length < MAX_ERRORS; i++) {
      const item: unknown = value[i];
      if (typeof item !== 'string' && (item === null || typeof item !== 'object')) continue;
      path.push(i);
      visit(item, path, out);
      path.pop();
    }
    return;
  }
  for (const key of Object.keys(value)) {
    if (out.length >= MAX_ERRORS) return;
    if (checkString(key) === 'badText') out.push({ path: [...path, '(key)'].join('.'), finding: 'badText' });
    path.push(key);
    visit((value as Record<string, unknown>)[key], path, out);
    path.pop();
  }
}

function refuse(findings: { path: string; finding: Finding }[]): AppError {
  const first = findings[0]?.finding ?? 'badText';
  const errors: TFieldError[] = findings.map((f) => ({ path: f.path, messageKey: `errors.field.${f.finding}` }));
  return new AppError('validation', { messageKey: `errors.${first}`, errors });
}

/** The URL's path and query, decoded as UTF-8 the strict way; a malformed escape is bad text too. */
export function findBadUrlParts(url: string) {
  // Without an escape a URL can hold neither a NUL nor a surrogate (its characters are single
  // bytes), and without "0000-" no year-0000 date: nothing to decode (this runs on every request).
  if (!url.includes('%') && !url.includes('0000-')) return [];
  const [pathPart = '', query = ''] = url.split(/\?(.*)/s, 2);
  const out: { path: string; finding: Finding }[] = [];
  const decode = (raw: string, where: string) => {
    try {
      const finding = checkString(decodeURIComponent(raw.replace(/\+/g, ' ')));
      if (finding) out.push({ path: where, finding });
    } catch {
      out.push({ path: where, finding: 'badText' });
    }
  };
  decode(pathPart, '(path)');
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    decode(key, '(query)');
    let name = key;
    try {
      name = decodeURIComponent(key);
    } catch {}
    if (eq >= 0) decode(pair.slice(eq + 1), name);
    if (out.length >= MAX_ERRORS) break;
  }
  return out;
}

export const edgeGuard = fp(
  async (app: FastifyInstance) => {
    // onRequest: before any route, including the identity provider mounted as its own hook.
    app.addHook('onRequest', (request, _reply, done) => {
      const findings = findBadUrlParts(request.raw.url ?? '/');
      done(findings.length ? refuse(findings) : undefined);
    });
    // preValidation: the body is parsed (JSON or form) but no schema or handler has seen it.
    app.addHook('preValidation', (request, _reply, done) => {
      const findings = request.body === undefined || request.body === null ? [] : findBadStrings(request.body);
      done(findings.length ? refuse(findings) : undefined);
    });
  },
  { name: 'edge-guard' },
);
