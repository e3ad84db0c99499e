/**
 * The import rules docs/ARCHITECTURE.md states, checked on every `npm run check` (tests included):
 *
 * - web: a feature (`features/<name>`) imports only itself, the shared code (`components`, `lib`,
 *   `features/step-kit`), `assets` and `locales`; packages are free. `app/` (and `main.tsx`, `boot/`)
 *   composes the features and may import anything; `lib` and `components` never import `features`
 *   or `app`. One feature's component in another's page is passed in by `app/` (a prop or a slot):
 *   docs/decisions/0022-features-composed-in-app.md.
 * - server: an infrastructure module (INFRASTRUCTURE_MODULES) never imports the modules of the
 *   application's own work (DOMAIN_MODULES); what they need of those is passed in where the app is
 *   composed (`app.ts`, `background-jobs.ts`).
 * - no cycle between web features or server modules, nor between server files (tests left out:
 *   nothing imports a test, and a test may reach into several modules).
 * - the server's main thread loads no package of LOADED_ON_USE at start: a file that `main.ts`
 *   reaches by static imports imports such a package only with `import()` or `import type` (a
 *   thread's own files, `*-worker.ts` and what only they import, may import it as they like).
 *
 * Each forbidden import is listed as an edge, file to file. Cycles that existed when the rule
 * arrived are listed in KNOWN_CYCLES with the reason they stay; any other cycle, or one of those
 * growing, fails. Run: `npx tsx tools/check-imports.ts [root]` (the repository by default).
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

/** What a web feature may import besides itself: the shared layers and the shared step kit. */
export const WEB_SHARED_LAYERS = ['components', 'lib', 'assets', 'locales'];
export const WEB_SHARED_FEATURES = ['step-kit'];

/** Server modules every other one may lean on: sign-in, mail, files, branding, audit, health. */
export const INFRASTRUCTURE_MODULES = [
  'admin-files',
  'audit',
  'auth',
  'config',
  'consent',
  'email',
  'files',
  'health',
  'idp',
  'send-email',
  'users',
];
/** The application's own work, which infrastructure must not import (it is handed what it needs). */
export const DOMAIN_MODULES = ['pdf', 'reports', 'review', 'submissions'];

/**
 * Packages the server's main thread loads only where they are used (`import()`; `import type` is
 * erased), by name or name prefix: the AWS SDK (the S3 client is about 5 MB of memory that an
 * install keeping its files in PostgreSQL never uses, docs/OPERATIONS.md); SurveyJS and SheetJS,
 * which the survey checks, the PDF and the framework workbook use on their threads (together
 * about 10 MB of the main thread's memory, measured with both loaded against neither). Tests may
 * import them as they like.
 */
export const LOADED_ON_USE = ['@aws-sdk/', 'survey-core', '@e965/xlsx'];
const loadedOnUse = (spec: string) => LOADED_ON_USE.some((p) => (p.endsWith('/') ? spec.startsWith(p) : spec === p));

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s(type\s)?[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

function sourceFiles(dir: string, withTests: boolean): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full, withTests));
    else if (
      /\.(ts|tsx)$/.test(entry.name) &&
      (withTests || !/\.test\.tsx?$/.test(entry.name)) &&
      !entry.name.endsWith('.d.ts')
    )
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

/**
 * Every file's imports. `runtimeOnly` leaves out `import type`, which is erased and cannot loop at
 * run time (between features and modules it still couples them: it counts there).
 */
function importGraph(
  dir: string,
  options: {
    runtimeOnly?: boolean;
    withTests?: boolean;
    staticOnly?: boolean;
    /** Where a package's name leads, when it is one of ours (`@impact/…`); null for the others. */
    resolvePackage?: (spec: string) => string | null;
  } = {},
) {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(dir, options.withTests ?? false)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const m of text.matchAll(IMPORT)) {
      if (options.runtimeOnly && m[1]) continue;
      if (options.staticOnly && m[3]) continue;
      const spec = m[2] ?? m[3] ?? m[4] ?? '';
      const target = resolveImport(file, spec) ?? options.resolvePackage?.(spec) ?? null;
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * The files the server's main thread loads when it starts: `main.ts` and every file it reaches by
 * static imports that stay at run time. A thread's entry (`*-worker.ts`) is loaded by its path,
 * never imported, so it and what only it imports are left out; so is what `import()` loads.
 */
function loadedAtStart(root: string, serverSrc: string): Set<string> {
  // Our packages are bundled into the server (build.ts): what they import is loaded at start too.
  const packagesDir = path.join(root, 'packages');
  const packageSrc = (name: string) => path.join(packagesDir, name, 'src');
  const resolvePackage = (spec: string) => {
    const name = /^@impact\/([^/]+)$/.exec(spec)?.[1];
    const entry = name ? path.join(packageSrc(name), 'index.ts') : null;
    return entry && fs.existsSync(entry) ? entry : null;
  };
  const dirs = [
    serverSrc,
    ...(fs.existsSync(packagesDir) ? fs.readdirSync(packagesDir) : [])
      .map(packageSrc)
      .filter((dir) => fs.existsSync(dir)),
  ];
  const graph = new Map(
    dirs.flatMap((dir) => [...importGraph(dir, { runtimeOnly: true, staticOnly: true, resolvePackage })]),
  );
  const seen = new Set<string>();
  const next = [path.join(serverSrc, 'main.ts')].filter((entry) => graph.has(entry));
  for (let file = next.pop(); file !== undefined; file = next.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    next.push(...(graph.get(file) ?? []));
  }
  return seen;
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

const segments = (rel: string) => rel.split(/[\\/]/);

/**
 * Whether a web file may import another; both paths relative to `apps/web/src`. Null when it may,
 * otherwise why not.
 */
export function webImportProblem(from: string, to: string): string | null {
  const [layer = '', feature = ''] = segments(from);
  const [target = '', targetFeature = ''] = segments(to);
  if ((layer === 'lib' || layer === 'components') && (target === 'features' || target === 'app'))
    return `${layer} imports ${target}: shared code never depends on features or app/`;
  if (layer !== 'features') return null;
  if (target === 'app') return 'a feature imports app/, which composes the features';
  if (WEB_SHARED_LAYERS.includes(target)) return null;
  if (target === 'features' && (targetFeature === feature || WEB_SHARED_FEATURES.includes(targetFeature))) return null;
  const what = target === 'features' ? `feature ${targetFeature}` : target;
  return `feature ${feature} imports ${what}: a feature imports only itself, ${[...WEB_SHARED_FEATURES, ...WEB_SHARED_LAYERS].join(', ')}; app/ composes features`;
}

/**
 * Whether a server file may import another; both paths relative to `apps/server/src`. Null when
 * it may, otherwise why not. (Cycles are checked apart.)
 */
export function serverImportProblem(from: string, to: string): string | null {
  const [layer = '', module = ''] = segments(from);
  const [target = '', targetModule = ''] = segments(to);
  if (layer !== 'modules' || target !== 'modules' || module === targetModule) return null;
  if (INFRASTRUCTURE_MODULES.includes(module) && DOMAIN_MODULES.includes(targetModule))
    return `infrastructure module ${module} imports ${targetModule}: pass what it needs in from app.ts or background-jobs.ts`;
  return null;
}

/** Every broken rule in the tree at `root`: forbidden imports (one line per edge) and cycles. */
export function importRuleProblems(root: string): { problems: string[]; webFiles: number; serverFiles: number } {
  const rel = (file: string) => path.relative(root, file);
  const problems: string[] = [];
  const reportCycles = (label: string, found: string[][]) => {
    for (const group of found) {
      const key = group.join(' <-> ');
      if (!KNOWN_CYCLES.has(key)) problems.push(`${label} cycle: ${key}`);
    }
  };

  /** One source root: its forbidden edges (tests included) and the cycles between its groups (features, modules). */
  const checkRoot = (
    label: 'web' | 'server',
    src: string,
    rule: (from: string, to: string) => string | null,
    groupFolder: string,
  ) => {
    const graph = importGraph(src, { withTests: true });
    for (const [from, targets] of graph) {
      for (const to of targets) {
        const why = rule(path.relative(src, from), path.relative(src, to));
        if (why) problems.push(`${label}: ${rel(from)} -> ${rel(to)} (${why})`);
      }
    }
    const groupOf = (file: string) => {
      const parts = segments(path.relative(src, file));
      return parts[0] === groupFolder && parts.length > 2 ? `${label} ${groupFolder} ${parts[1]}` : null;
    };
    reportCycles(label, cycles(grouped(importGraph(src), groupOf)));
    return graph;
  };

  const web = checkRoot('web', path.join(root, 'apps/web/src'), webImportProblem, 'features');
  const serverSrc = path.join(root, 'apps/server/src');
  const server = checkRoot('server', serverSrc, serverImportProblem, 'modules');
  // The repository's server has an entry; a tree without one (a test's) has nothing to start.
  if (fs.existsSync(path.join(root, 'apps/server/package.json')) && !fs.existsSync(path.join(serverSrc, 'main.ts')))
    problems.push('server: apps/server/src/main.ts not found: what the main thread loads at start cannot be checked');
  for (const file of loadedAtStart(root, serverSrc)) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      // A static import that is not `import type` (m[2]), or a bare `import 'x'` (m[4]).
      const spec = (m[1] ? undefined : m[2]) ?? m[4];
      if (spec && loadedOnUse(spec))
        problems.push(
          `server: ${rel(file)} imports ${spec} at start (main.ts reaches it: load it with import() where it is used, or on a thread)`,
        );
    }
  }
  reportCycles(
    'server file',
    cycles(importGraph(serverSrc, { runtimeOnly: true })).map((g) => g.map(rel)),
  );
  return { problems, webFiles: web.size, serverFiles: server.size };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { problems, webFiles, serverFiles } = importRuleProblems(path.resolve(process.argv[2] ?? ROOT));
  if (problems.length) {
    console.error(`Import rules (docs/ARCHITECTURE.md) broken:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log(`Import rules hold: ${webFiles} web files, ${serverFiles} server files, no forbidden import, no cycle.`);
}
