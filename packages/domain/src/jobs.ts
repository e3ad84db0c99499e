import { z } from 'zod';

/**
 * The admin jobs page (decision 0040): background jobs of the queue as administrators see them.
 * `queued` is a job waiting for its time or for a retry after a failure.
 */
export const JOB_STATES = ['queued', 'active', 'completed', 'failed'] as const;
export const ZJobState = z.enum(JOB_STATES);
export type TJobState = z.infer<typeof ZJobState>;

export const JOBS_PAGE_SIZE = 25;

export const ZJobsQuery = z.object({
  state: ZJobState.optional(),
  name: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(JOBS_PAGE_SIZE),
});
export type TJobsQuery = z.input<typeof ZJobsQuery>;

export const ZJob = z.object({
  id: z.uuid(),
  name: z.string(),
  state: ZJobState,
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Tries so far (the first included). */
  attempts: z.number().int(),
  /** The most tries its policy allows. */
  maxAttempts: z.number().int(),
  /** The last failure's message (a failed job, or one queued for a retry). */
  error: z.string().nullable(),
});
export type TJob = z.infer<typeof ZJob>;

export const ZJobsPage = z.object({
  items: z.array(ZJob),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every job name the queue knows, for the filter. */
  names: z.array(z.string()),
});
export type TJobsPage = z.infer<typeof ZJobsPage>;

export const ZRetryJobRequest = z.object({ id: z.uuid() });
export type TRetryJobRequest = z.infer<typeof ZRetryJobRequest>;
