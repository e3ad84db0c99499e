import { z } from 'zod';

/**
 * Errors travel as RFC 9457 problem documents. `messageKey` is a translation key the web app
 * resolves (errors.*), so the server never has to know the reader's language.
 */
export const ZFieldError = z.object({
  path: z.string(),
  messageKey: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type TFieldError = z.infer<typeof ZFieldError>;

/** A stale write's 409 (`staleVersion`): the stored version that won and who saved it, not its content. */
export const ZNewerVersion = z.object({
  version: z.number().int(),
  updatedAt: z.string(),
  // As a step's author (ZStepAuthor): the id says whether it was the reader, from elsewhere.
  updatedBy: z.object({ firstName: z.string(), lastName: z.string(), id: z.uuid().optional() }).nullable(),
});
export type TNewerVersion = z.infer<typeof ZNewerVersion>;

export const ZProblem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  messageKey: z.string(),
  errors: z.array(ZFieldError).optional(),
  requestId: z.string().optional(),
  newer: ZNewerVersion.optional(),
  /** A refused start for want of eligibility: the screener's reasons, in the request's language. */
  reasons: z.array(z.string()).optional(),
});
export type TProblem = z.infer<typeof ZProblem>;

/** Stable problem kinds: `type` is `/problems/<kind>`, `messageKey` is `errors.<kind>` unless refined. */
export const PROBLEM_KINDS = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  staleVersion: 409,
  closed: 409,
  tooLarge: 413,
  /** Well-formed, but the work it asks for exceeds a limit (a check or a document too heavy). */
  unprocessable: 422,
  unsupportedMediaType: 415,
  rateLimited: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type TProblemKind = keyof typeof PROBLEM_KINDS;
