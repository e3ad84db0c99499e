import { z } from 'zod';

export const ZHealth = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])).optional(),
});
export type THealth = z.infer<typeof ZHealth>;
