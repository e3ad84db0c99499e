/**
 * The import rules docs/ARCHITECTURE.md states, checked on every `npm run check`:
 *
 * - web: `lib` and `components` never import `features` or `app`; features never import `app`;
 *   no cycle between features (feature A importing B while B imports A, directly or around).
 * - server: no cycle between modules (`modules/<domain>`), nor between files.
 *
 * Cycles that existed when the rule arrived are listed in KNOWN_CYCLES with the reason they stay;
 * any other cycle, or one of those growing, fails. Run: `npx tsx tools/check-imports.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Cycles tolerated, as sorted member lists joined by " <-> ". Keep it empty: the last one (eight
 * server modules around the step-type registry) was broken by moving the shared pieces down:
 * lib/sanitize and lib/detect-type, the per-type rules into step-types, and the submission
 * reads and writes every step type needs into submission-core.
 */
const KNOWN_CYCLES = new Set<string>([]);

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s(type\s)?[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      out.push(full);
  }
  return out;
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every file's imports; `runtimeOnly` leaves out `import type`, which is erased and cannot loop at run time. */
function importGraph(dir: string, runtimeOnly = false): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(dir)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const m of text.matchAll(IMPORT)) {
      // Between features and modules `import type` still couples them: it counts there.
      if (runtimeOnly && m[1]) continue;
      const target = resolveImport(file, m[2] ?? m[3] ?? '');
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Tarjan's strongly connected components: every group of nodes that reach each other. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, idx.get(w) ?? 0));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || graph.get(v)?.has(v)) out.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** The graph between groups (features, modules): an edge when any file of one imports a file of another. */
function grouped(graph: Map<string, Set<string>>, groupOf: (file: string) => string | null) {
  const out = new Map<string, Set<string>>();
  for (const [from, targets] of graph) {
    const a = groupOf(from);
    if (!a) continue;
    if (!out.has(a)) out.set(a, new Set());
    for (const to of targets) {
      const b = groupOf(to);
      if (b && b !== a) out.get(a)?.add(b);
    }
  }
  return out;
}

const rel = (file: string) => path.relative(ROOT, file);
const problems: string[] = [];

function reportCycles(label: string, found: string[][]) {
  for (const group of found) {
    const key = group.join(' <-> ');
    if (!KNOWN_CYCLES.has(key)) problems.push(`${label} cycle: ${key}`);
  }
}

// ---- web ----
const webSrc = path.join(ROOT, 'apps/web/src');
const web = importGraph(webSrc);
const webLayer = (file: string) => path.relative(webSrc, file).split(path.sep)[0] ?? '';
for (const [from, targets] of web) {
  const layer = webLayer(from);
  for (const to of targets) {
    const target = webLayer(to);
    if ((layer === 'lib' || layer === 'components') && (target === 'features' || target === 'app'))
      problems.push(`web: ${rel(from)} (${layer}) imports ${rel(to)} (${target})`);
    if (layer === 'features' && target === 'app')
      problems.push(`web: ${rel(from)} (a feature) imports ${rel(to)} (app)`);
  }
}
const featureOf = (file: string) => {
  const parts = path.relative(webSrc, file).split(path.sep);
  return parts[0] === 'features' && parts.length > 2 ? `web feature ${parts[1]}` : null;
};
reportCycles('web', cycles(grouped(web, featureOf)));

// ---- server ----
const serverSrc = path.join(ROOT, 'apps/server/src');
const server = importGraph(serverSrc);
const moduleOf = (file: string) => {
  const parts = path.relative(serverSrc, file).split(path.sep);
  return parts[0] === 'modules' && parts.length > 2 ? `server module ${parts[1]}` : null;
};
reportCycles('server', cycles(grouped(server, moduleOf)));
reportCycles(
  'server file',
  cycles(importGraph(serverSrc, true)).map((g) => g.map(rel)),
);

if (problems.length) {
  console.error(`Import rules (docs/ARCHITECTURE.md) broken:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`Import rules hold: ${web.size} web files, ${server.size} server files, no forbidden import, no cycle.`);
