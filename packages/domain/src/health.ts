import { z } from 'zod';

export const ZHealth = z.object({
  status: z.enum(['ok', 'unavailable']),
  // 'degraded': serving, but a shared service is missing (Redis for limits, S3 for files).
  checks: z.record(z.string(), z.enum(['ok', 'failed', 'degraded'])).optional(),
});
export type THealth = z.infer<typeof ZHealth>;
