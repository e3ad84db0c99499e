import { sql } from 'drizzle-orm';
import { type Database, rows } from '../src/db/client';
import type { JobQueue } from '../src/lib/job-queue';

/**
 * One tick of a scheduled job as pg-boss's clock makes it, on every instance at once: each sends
 * the job (the queue keeps one), then the tick is done when none of that job waits or runs.
 */
export async function tick(database: Database, queues: JobQueue[], name: string, withinMs = 20_000): Promise<void> {
  await Promise.all(queues.map((q) => q.send(name)));
  const deadline = Date.now() + withinMs;
  for (;;) {
    const [pending] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pgboss.job where name = ${name} and state in ('created', 'retry', 'active')`,
    );
    if (!pending?.n) return;
    if (Date.now() > deadline) throw new Error(`${name}: ${pending.n} job(s) still waiting or running`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
