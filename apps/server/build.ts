import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Compiles the server into one ES module, apps/server/dist/main.js, so production runs plain
 * JavaScript (no TypeScript compiler loaded at run time: less memory, faster start). Our own
 * workspace packages (TypeScript sources) are bundled in; npm dependencies stay in node_modules.
 * The migrations are copied next to it: migrate.ts finds them beside itself in both layouts
 * (src/db/migrations when run from source, dist/migrations when built).
 */
const root = import.meta.dirname;
const outdir = path.join(root, 'dist');

fs.rmSync(outdir, { recursive: true, force: true });
// Worker threads are entries of their own, started beside main.js (lib/worker-thread.ts).
const entries = [
  { entry: 'src/main.ts', out: 'main.js' },
  { entry: 'src/modules/pdf/render-worker.ts', out: 'pdf-render-worker.js' },
  { entry: 'src/modules/impact/workbook-worker.ts', out: 'workbook-worker.js' },
  { entry: 'src/modules/step-types/survey-check-worker.ts', out: 'survey-check-worker.js' },
];
for (const { entry, out } of entries) await bundle(entry, out);

async function bundle(entry: string, out: string) {
  await build({
    entryPoints: [path.join(root, entry)],
    outfile: path.join(outdir, out),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [
      {
        name: 'dependencies-stay-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@impact/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}
fs.cpSync(path.join(root, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
console.log(`server built: ${path.relative(process.cwd(), path.join(outdir, 'main.js'))}`);
