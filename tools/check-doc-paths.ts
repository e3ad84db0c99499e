/**
 * Every repository path the docs cite must exist; run on every `npm run check`
 * (`npx tsx tools/check-doc-paths.ts`, exit 1 with the list of missing ones).
 *
 * Where it looks: README.md, docs/*.md, docs/decisions/*.md; and, in the sources (apps, packages,
 * e2e, bench, tools), every `docs/….md` a comment cites (a decision record that moved or never
 * existed).
 *
 * What counts as a cited path, in a doc (fenced code blocks are skipped):
 * - inline code (`like/this.ts`) and markdown link targets ([x](like/this.md)) holding one token
 *   without spaces, that either end in a known extension (EXTENSIONS) or contain a `/` and start
 *   with a folder that exists (at the root, in the doc's folder or in one of SOURCE_ROOTS);
 * - in plain text, a token starting with a top-level folder (`apps/`, `docs/`, …) and ending in a
 *   known extension (docs/decisions/0003-slow-work-on-threads.md in a sentence).
 * Not paths: URLs and API paths (`/api/…`, anything with `://`), placeholders (`<domain>`,
 * `{it,en,fr}`, `*`, `…`, `NNNN`), build outputs (`dist/`, `.vite/`, `node_modules/`) and the
 * embedded database's folder (`./data`).
 * A trailing `:line` or `#anchor` is dropped.
 *
 * A superseded decision record (its first line after the title starts with "Superseded by") is
 * history: the files it describes may be gone, so only the decision records it cites are checked.
 *
 * How a path is resolved: relative to the repository root, to the doc's folder, or to one of
 * SOURCE_ROOTS (so `modules/pdf/text.ts`, `review/redact.ts`, `lib/api-client.ts` and
 * `step-kit/use-autosave.ts` are fine); it exists if any of these does. A bare file name (no `/`:
 * `render-pool.ts`) with a source ending (SOURCE_EXTENSION) names a file of the repository when
 * some tracked file has that name.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Where short module paths are read from, besides the root and the doc's own folder. */
export const SOURCE_ROOTS = [
  'apps/server/src',
  'apps/server/src/modules',
  'apps/web/src',
  'apps/web/src/features',
  'packages/domain/src',
];
/** File endings that make a token a path even without a `/`. */
export const EXTENSIONS = ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json', 'md', 'sql', 'css', 'html', 'yml', 'yaml'];
/** Endings a bare file name (no `/`) must have to be checked: `data.json` may be a file the product writes. */
const SOURCE_EXTENSION = /\.(ts|tsx|js|mjs|cjs|md|sql)$/;
/** Top-level folders a plain-text path may start with. */
const TOP_LEVEL = ['apps', 'packages', 'docs', 'e2e', 'bench', 'tools'];
const GENERATED = /(^|\/)(dist|\.vite|node_modules)(\/|$)|^(\.\/)?data(\/|$)/;
const PLACEHOLDER = /[<>{}*…?=|,;()[\]'"$]|NNNN|\.\.\.|^\/|:\/\//;
const EXTENSION = new RegExp(`\\.(${EXTENSIONS.join('|')})$`);

export type Citation = { doc: string; line: number; path: string };

/** The paths a markdown text cites, as written (before resolving). */
export function citedPaths(markdown: string): Array<{ line: number; path: string }> {
  const out: Array<{ line: number; path: string }> = [];
  let fenced = false;
  markdown.split('\n').forEach((text, i) => {
    if (/^\s*(```|~~~)/.test(text)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const candidates: Array<{ token: string; plain: boolean }> = [];
    for (const m of text.matchAll(/`([^`\s]+)`/g)) candidates.push({ token: m[1] ?? '', plain: false });
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) candidates.push({ token: m[1] ?? '', plain: false });
    // Plain text: what is left once inline code is removed.
    const prose = text.replace(/`[^`]*`/g, ' ');
    const plain = new RegExp(
      `(?:^|[\\s(])((?:${TOP_LEVEL.join('|')})/[\\w./@-]*\\.(?:${EXTENSIONS.join('|')}))\\b`,
      'g',
    );
    for (const m of prose.matchAll(plain)) candidates.push({ token: m[1] ?? '', plain: true });
    for (const { token } of candidates) {
      const cleaned = token.replace(/#.*$/, '').replace(/:\d+(-\d+)?$/, '');
      if (!cleaned || PLACEHOLDER.test(cleaned) || GENERATED.test(cleaned)) continue;
      if (/^[a-z]+:/i.test(cleaned)) continue; // mailto:, data:, …
      if (!EXTENSION.test(cleaned) && !cleaned.includes('/')) continue;
      out.push({ line: i + 1, path: cleaned });
    }
  });
  return out;
}

/** Whether a record says, on its first line after the title, that a later one replaced it. */
export function isSuperseded(markdown: string): boolean {
  const [, next = ''] = markdown.split('\n').filter((line) => line.trim() !== '');
  return /^>?\s*\**Superseded by\b/i.test(next.trim());
}

/** The folders a path may be read from, for a doc in `docDir` (relative to the root). */
function bases(docDir: string): string[] {
  return ['.', docDir, ...SOURCE_ROOTS];
}

/**
 * Whether a cited path names something in the repository. `files`: the repository's file names
 * (relative to the root), for bare file names.
 */
export function exists(cited: string, docDir: string, root: string, fileNames: ReadonlySet<string>): boolean {
  const bare = cited.replace(/\/$/, '');
  if (!bare.includes('/')) {
    if (!SOURCE_EXTENSION.test(bare)) return true;
    return fileNames.has(bare) || fs.existsSync(path.join(root, docDir, bare));
  }
  const candidates = bases(docDir).map((base) => path.join(root, base, bare));
  if (!EXTENSION.test(bare)) {
    // A folder path: only checked when its first folder exists somewhere (else it is not a path).
    const first = bare.split('/')[0] ?? '';
    const anchored = bases(docDir).some((base) => fs.existsSync(path.join(root, base, first)));
    if (!anchored) return true;
  }
  return candidates.some((c) => fs.existsSync(c));
}

function repositoryFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed.split('\n').filter(Boolean);
}

/** Every missing path cited by the docs, and every missing `docs/….md` cited by a source comment. */
export function missingPaths(root: string): Citation[] {
  const files = repositoryFiles(root).filter((f) => fs.existsSync(path.join(root, f)));
  const fileNames = new Set(files.map((f) => path.basename(f)));
  const docs = files.filter((f) => f === 'README.md' || /^docs\/(decisions\/)?[^/]+\.md$/.test(f));
  const missing: Citation[] = [];
  for (const doc of docs) {
    const text = fs.readFileSync(path.join(root, doc), 'utf8');
    const history = isSuperseded(text);
    for (const { line, path: cited } of citedPaths(text)) {
      if (history && !/(^|\/)decisions\/[^/]+\.md$|^\d{4}-[\w-]+\.md$/.test(cited)) continue;
      if (!exists(cited, path.dirname(doc), root, fileNames)) missing.push({ doc, line, path: cited });
    }
  }
  const sources = files.filter((f) => /^(apps|packages|e2e|bench|tools)\/.*\.(ts|tsx)$/.test(f));
  for (const source of sources) {
    const lines = fs.readFileSync(path.join(root, source), 'utf8').split('\n');
    lines.forEach((text, i) => {
      for (const m of text.matchAll(/\bdocs\/[\w./-]*?\.md\b/g)) {
        if (!fs.existsSync(path.join(root, m[0]))) missing.push({ doc: source, line: i + 1, path: m[0] });
      }
    });
  }
  return missing;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const missing = missingPaths(ROOT);
  if (missing.length) {
    console.error(`${missing.length} cited path(s) do not exist:`);
    for (const m of missing) console.error(`  ${m.doc}:${m.line}  ${m.path}`);
    process.exit(1);
  }
  console.log('doc paths: every cited path exists');
}
