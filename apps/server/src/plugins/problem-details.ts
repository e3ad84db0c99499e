import { issueToFieldError, PROBLEM_KINDS, type TProblem, type TProblemKind } from '@impact/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { classifyDatabaseError, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../lib/database-errors';

const TITLES: Record<TProblemKind, string> = {
  validation: 'The request is not valid',
  unauthenticated: 'Sign-in required',
  forbidden: 'Not allowed',
  notFound: 'Not found',
  conflict: 'Conflict',
  staleVersion: 'A newer version exists',
  closed: 'Closed',
  tooLarge: 'Too large',
  unprocessable: 'Too heavy to process',
  unsupportedMediaType: 'Unsupported media type',
  rateLimited: 'Too many requests',
  internal: 'Internal error',
  unavailable: 'Service unavailable',
};

export function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  kind: TProblemKind,
  extra: Partial<Pick<TProblem, 'detail' | 'messageKey' | 'errors' | 'newer' | 'reasons'>> & { status?: number } = {},
) {
  const status = extra.status ?? PROBLEM_KINDS[kind];
  const body: TProblem = {
    type: `/problems/${kind}`,
    title: TITLES[kind],
    status,
    messageKey: extra.messageKey ?? `errors.${kind}`,
    instance: request.url.split('?')[0],
    requestId: request.id,
    ...(extra.detail ? { detail: extra.detail } : {}),
    ...(extra.errors?.length ? { errors: extra.errors } : {}),
    ...(extra.newer ? { newer: extra.newer } : {}),
    ...(extra.reasons ? { reasons: extra.reasons } : {}),
  };
  return reply.status(status).type('application/problem+json').send(body);
}

function kindForStatus(status: number): TProblemKind {
  const found = (Object.entries(PROBLEM_KINDS) as [TProblemKind, number][]).find(([, s]) => s === status);
  return found ? found[0] : status >= 500 ? 'internal' : 'validation';
}

const MULTIPART_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT', 'FST_FILES_LIMIT']);

/**
 * Errors from the database driver and the multipart parser that are the client's doing or a
 * passing outage, not a bug: each gets its own problem instead of a 500.
 */
function knownFailure(error: unknown): { kind: TProblemKind; messageKey: string } | null {
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e.code === 'string' && MULTIPART_LIMIT_CODES.has(e.code))
    return { kind: 'validation', messageKey: 'errors.multipart.tooManyParts' };
  // busboy's own errors ("Multipart: Boundary not found", "Malformed part header", "Unexpected end of form").
  if (
    typeof e.message === 'string' &&
    /^(Multipart: |Malformed part header|Unexpected end of (form|multipart data))/.test(e.message)
  )
    return { kind: 'validation', messageKey: 'errors.multipart.malformed' };
  switch (classifyDatabaseError(error)) {
    case 'unavailable':
      return { kind: 'unavailable', messageKey: 'errors.unavailable' };
    case 'conflict':
      return { kind: 'conflict', messageKey: 'errors.conflict' };
    case 'badText':
      return { kind: 'validation', messageKey: 'errors.badText' };
    case 'badDate':
      return { kind: 'validation', messageKey: 'errors.badDate' };
    default:
      return null;
  }
}

/** RFC 9457 answers for every error and for unknown API routes. 5xx details never leave the log. */
export const problemDetails = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      // A server-side failure is logged with its cause (the request id ties the two); its detail
      // (a worker's "heap out of memory", a driver's message) stays in the log.
      const serverSide = error.status >= 500;
      if (serverSide) request.log.error({ err: error, cause: error.cause }, `${error.kind}: ${error.messageKey}`);
      return sendProblem(reply, request, error.kind, {
        messageKey: error.messageKey,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
        ...error.extensions,
        ...(!serverSide && error.message !== error.kind ? { detail: error.message } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) =>
        issueToFieldError({
          code: v.keyword,
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? '',
          ...(v.params as object),
        }),
      );
      return sendProblem(reply, request, 'validation', { errors });
    }
    // The multipart parser hit one of its limits (or a broken body) while a file was being read
    // to storage: the file stream ends early and the parser's own reason is not the one thrown.
    if (
      (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' &&
      String(request.headers['content-type'] ?? '').startsWith('multipart/')
    ) {
      return sendProblem(reply, request, 'validation', { messageKey: 'errors.multipart.malformed' });
    }
    const known = knownFailure(error);
    if (known) {
      if (known.kind === 'unavailable') {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      }
      return sendProblem(reply, request, known.kind, { messageKey: known.messageKey });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return sendProblem(reply, request, status === 503 ? 'unavailable' : 'internal', { status });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported content type, rate limit).
    const kind = status === 429 ? 'rateLimited' : kindForStatus(status);
    return sendProblem(reply, request, kind, { status, detail: error.message });
  });
});
