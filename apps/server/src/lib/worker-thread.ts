import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread from a module beside the caller. Built (dist/main.js), the worker is the
 * bundle's sibling `builtName` (apps/server/build.ts makes one entry per worker). From source
 * (tests, `npm run dev:server`) it is TypeScript: a small bootstrap loads it through tsx's API,
 * since a worker does not inherit the parent's loader.
 *
 * @param callerUrl the caller's import.meta.url
 * @param sourceName the worker's TypeScript file, relative to the caller
 * @param builtName the worker's file in dist/
 */
export function startWorker(
  callerUrl: string,
  sourceName: string,
  builtName: string,
  options: Pick<WorkerOptions, 'resourceLimits'> = {},
): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${builtName}`, callerUrl), options);
  const require = createRequire(callerUrl);
  const api = pathToFileURL(path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs'));
  const worker = new URL(sourceName, callerUrl);
  const boot = `import(${JSON.stringify(api.href)}).then((m) => m.tsImport(${JSON.stringify(worker.href)}, ${JSON.stringify(callerUrl)}))`;
  return new Worker(boot, { ...options, eval: true });
}
