import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadAppPages } from '../apps/server/src/plugins/app-page';
import type { BenchResult } from './support';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');

/** Code the applicant's first load must not carry: the admin panel and its heavy libraries. */
const NOT_IN_ENTRY = [
  /node_modules\/@tiptap\//,
  /node_modules\/@mantine\/tiptap\//,
  /node_modules\/prosemirror-/,
  /node_modules\/@mantine\/dates\//,
  /node_modules\/dayjs\//,
  /node_modules\/@mantine\/charts\//,
  /node_modules\/recharts\//,
  /node_modules\/survey-/,
  /src\/features\/(admin|admin-submissions|call-builder)\//,
];

/**
 * What `/` and `/calls` download before they can draw (the scripts of the page the server sends
 * and what it preloads): gzip and brotli sizes as the server sends them (the build's .gz/.br files), and a
 * check, through the source maps, that none of the admin, rich-text, date-picker, chart or survey
 * code came along.
 */
export async function benchBundle(): Promise<BenchResult> {
  // The page as the server sends it (with the early-requests script and the language's texts).
  const html = loadAppPages(dist)('it');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
  const size = (file: string, ext: '' | '.gz' | '.br') => {
    const f = path.join(dist, file + ext);
    if (fs.existsSync(f)) return fs.statSync(f).size;
    const raw = fs.readFileSync(path.join(dist, file));
    return ext === '.gz'
      ? zlib.gzipSync(raw, { level: 9 }).length
      : ext === '.br'
        ? zlib.brotliCompressSync(raw).length
        : raw.length;
  };
  const sum = (list: string[], ext: '' | '.gz' | '.br') => list.reduce((n, f) => n + size(f, ext), 0);
  const js = files.filter((f) => f.endsWith('.js'));
  const css = files.filter((f) => f.endsWith('.css'));
  const leaked = new Set<string>();
  for (const file of js) {
    const map = path.join(dist, `${file}.map`);
    if (!fs.existsSync(map)) continue;
    const sources = (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources;
    for (const source of sources) {
      const hit = NOT_IN_ENTRY.find((re) => re.test(source));
      if (hit) leaked.add(hit.source);
    }
  }
  const kb = (n: number) => Math.round(n / 1024);
  const figures = {
    entryFiles: js.length,
    jsKb: kb(sum(js, '')),
    jsGzipKb: kb(sum(js, '.gz')),
    jsBrotliKb: kb(sum(js, '.br')),
    cssGzipKb: kb(sum(css, '.gz')),
    forbiddenModulesInEntry: leaked.size,
  };
  if (leaked.size) console.log(`      in the entry but should not be: ${[...leaked].join(', ')}`);
  return {
    name: 'first load of / and /calls: entry JavaScript',
    budget:
      '≤ 250 KB gzip JS, no admin/rich-text/date-picker/chart/survey code (today: 1,151 KB JS uncompressed on the wire)',
    ok: figures.jsGzipKb <= 250 && leaked.size === 0,
    figures,
  };
}
