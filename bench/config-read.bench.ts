import { type BenchResult, load, startBenchServer } from './support';

/**
 * Budget: the branding config is read by every page load, so at 50 concurrent clients on the
 * embedded database its p95 stays under 50 ms and nothing fails.
 */
export async function benchConfigRead(): Promise<BenchResult> {
  const server = await startBenchServer();
  try {
    await load(`${server.url}/api/Config/GetConfig`, 200, 10); // warm-up
    const figures = await load(`${server.url}/api/Config/GetConfig`, 3000, 50);
    return {
      name: 'GET /api/Config/GetConfig',
      budget: 'p95 < 50 ms, 0 failures',
      ok: figures.p95 < 50 && figures.failures === 0,
      figures,
    };
  } finally {
    await server.stop();
  }
}
