import type { CodeSplittingGroup, OutputBundle } from 'rolldown';
import { build, type Plugin } from 'vite';

const PROBE = 'IMPACT_ENTRY_CHUNK_PROBE';

/**
 * The code a first visit runs before anything shows goes out as one file (the entry, `index-*.js`).
 * Left to itself the bundler cuts the modules that the entry shares with lazy pages into ~40 small
 * chunks, and on a slow connection a first visit then waits for ~40 requests over a handful of
 * connections (Lighthouse's simulated mobile: first paint 4.4 s -> 3.3 s). The same goes for the
 * wizard's page (~35 chunks) and the confirmation dialogs: one file each (`wizard`, `dialogs`).
 *
 * Which modules those are is only known after tree-shaking (a page that imports `Button` from
 * `@mantine/core` reaches every Mantine component through its index file, yet only Button ends up
 * in the bundle), so a first, unwritten build is made and the modules of the entry and of the
 * chunks it imports statically are read from its output, then those of the lazy groups. The real
 * build names them: the entry's all `app` (the bundler folds a group holding the entry's own
 * modules into the entry), each lazy group's by its name. Every module is named, because a group
 * takes the dependencies of its modules with it: an unnamed entry module the wizard uses would
 * move into the wizard's file, and the entry would import the wizard.
 */
export function entryChunk(): { plugin: Plugin; group: CodeSplittingGroup } {
  const modules = new Map<string, string>();
  const plugin: Plugin = {
    name: 'impact-entry-chunk',
    apply: (_config, env) => env.command === 'build' && !process.env[PROBE],
    async buildStart() {
      process.env[PROBE] = '1';
      try {
        const result = await build({ logLevel: 'silent', build: { write: false, sourcemap: false } });
        const outputs = (Array.isArray(result) ? result : [result]) as { output: OutputBundle[string][] }[];
        const chunks = chunksByFile(outputs.flatMap((r) => r.output));
        const entry = [...chunks.values()].find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
        // The entry's own modules join them, or the wizard's group would take those it uses too
        // (a group takes a module's dependencies with it) and the entry would import the wizard.
        for (const id of [...(entry?.moduleIds ?? []), ...modulesImportedBy(chunks, entry)]) modules.set(id, 'app');
        // Then the confirmation dialogs, fetched on every page once it is idle (app/providers.tsx),
        // and the wizard's page with what only it needs: one file each instead of ~40 small chunks.
        for (const [name, facade] of LAZY_GROUPS) {
          const chunk = [...chunks.values()].find((c) => c.facadeModuleId?.includes(facade));
          for (const id of [...(chunk?.moduleIds ?? []), ...modulesImportedBy(chunks, chunk)]) {
            if (!modules.has(id)) modules.set(id, name);
          }
        }
      } finally {
        delete process.env[PROBE];
      }
      if (modules.size === 0) this.error('entry chunk: the probe build found no entry');
    },
  };
  const group: CodeSplittingGroup = {
    // The name is a function, so the bundler asks for a label to show in its timing report.
    debugName: 'impact-entry-chunk',
    name: (id) => modules.get(id) ?? null,
  };
  return { plugin, group };
}

/** Lazy chunks gathered into one file each, by the module that starts them (first come first). */
const LAZY_GROUPS = [
  ['dialogs', 'node_modules/@mantine/modals/'],
  ['wizard', 'src/app/wizard-page.tsx'],
] as const;

type Chunk = Extract<OutputBundle[string], { type: 'chunk' }>;

function chunksByFile(output: OutputBundle[string][]): Map<string, Chunk> {
  return new Map(output.flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o] as const] : [])));
}

/** Modules of the chunks a chunk imports statically, directly or not (its own excepted). */
function modulesImportedBy(chunks: Map<string, Chunk>, from: Chunk | undefined): string[] {
  if (!from) return [];
  const seen = new Set<string>();
  const queue = [...from.imports];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...(chunks.get(next)?.imports ?? []));
  }
  return [...seen].flatMap((file) => chunks.get(file)?.moduleIds ?? []);
}
