import type { CodeSplittingGroup, OutputBundle } from 'rolldown';
import { build, type Plugin } from 'vite';

const PROBE = 'IMPACT_ENTRY_CHUNK_PROBE';

/**
 * The code a first visit runs before anything shows goes out as one file (`app-*.js`, besides the
 * entry's own). Left to itself the bundler cuts the modules that the entry shares with lazy pages
 * into ~40 small chunks, and on a slow connection a first visit then waits for ~40 requests over a
 * handful of connections (Lighthouse's simulated mobile: first paint 4.4 s -> 3.3 s).
 *
 * Which modules those are is only known after tree-shaking (a page that imports `Button` from
 * `@mantine/core` reaches every Mantine component through its index file, yet only Button ends up
 * in the bundle), so a first, unwritten build is made and the modules of the chunks the entry
 * imports statically are read from its output. The real build then names them all `app`; lazy
 * pages keep their own chunks and import from `app`, which is always loaded before them.
 */
export function entryChunk(): { plugin: Plugin; group: CodeSplittingGroup } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'impact-entry-chunk',
    apply: (_config, env) => env.command === 'build' && !process.env[PROBE],
    async buildStart() {
      process.env[PROBE] = '1';
      try {
        const result = await build({ logLevel: 'silent', build: { write: false, sourcemap: false } });
        const outputs = (Array.isArray(result) ? result : [result]) as { output: OutputBundle[string][] }[];
        for (const id of modulesLoadedWithEntry(outputs.flatMap((r) => r.output))) modules.add(id);
      } finally {
        delete process.env[PROBE];
      }
      if (modules.size === 0) this.error('entry chunk: the probe build found no entry');
    },
  };
  const group: CodeSplittingGroup = {
    name: (id) => (modules.has(id) ? 'app' : null),
  };
  return { plugin, group };
}

/** Modules of the chunks the entry imports statically (the entry's own excepted: it stays the entry). */
function modulesLoadedWithEntry(output: OutputBundle[string][]): string[] {
  const chunks = new Map(output.flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o] as const] : [])));
  const entry = [...chunks.values()].find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
  if (!entry) return [];
  const seen = new Set<string>();
  const queue = [...entry.imports];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...(chunks.get(next)?.imports ?? []));
  }
  return [...seen].flatMap((file) => chunks.get(file)?.moduleIds ?? []);
}
