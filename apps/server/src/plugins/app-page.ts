import fs from 'node:fs';
import path from 'node:path';
import { isLanguage, LANGUAGES, type TLanguage } from '@impact/domain';

/** The cookie the page sets when the reader picks a language (apps/web i18n.ts), read only to pick a preload. */
export const LANGUAGE_COOKIE = 'ic_language';

/** The web build's script that starts a signed-in visit's first requests. */
const EARLY_REQUESTS_SOURCE = 'src/boot/early-requests.ts';

/** Where the web build's manifest says each language's texts are (apps/web/src/lib/i18n/bundles). */
const bundleSource = (language: TLanguage) => `src/lib/i18n/bundles/${language}.ts`;

type Manifest = Record<string, { file: string; name?: string; imports?: string[] }>;

/**
 * index.html, once per language, with the script that starts a signed-in visit's requests first, and
 * two hints the browser acts on while it still downloads the scripts: the active branding (`GetConfig`, which the page reads before its first render) and the
 * texts of the language the page will be read in. Without them both are asked only after the
 * scripts have run, one more round trip before anything shows (on a slow mobile line ~0.6 s).
 * The rest of the page is the built file as it is.
 */
export function loadAppPages(distDir: string): (language: TLanguage, pathname?: string) => string {
  const index = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const manifest: Manifest = fs.existsSync(manifestPath) ? JSON.parse(fs.readFileSync(manifestPath, 'utf8')) : {};
  const pages = new Map<string, string>();
  // The page's first script starts a signed-in visit's requests while the app's scripts download
  // (apps/web/src/boot/early-requests.ts); first in the head, so it is asked for first.
  const early = manifest[EARLY_REQUESTS_SOURCE]?.file;
  const withEarly = early
    ? index.replace(
        '<meta charset="UTF-8" />',
        `<meta charset="UTF-8" />\n    <script type="module" async src="/${early}"></script>`,
      )
    : index;
  // The wizard's page (a lazy route) in one file with what it alone needs (apps/web/entry-chunk.ts):
  // on /call/… it is fetched with the entry instead of after it has run.
  const wizardKey = Object.keys(manifest).find((key) => manifest[key]?.name === WIZARD_CHUNK_NAME);
  const wizard = wizardKey ? chunkFiles(manifest, wizardKey) : [];
  for (const language of LANGUAGES) {
    for (const onWizard of [false, true]) {
      const hints = [
        '<link rel="preload" href="/api/Config/GetConfig" as="fetch" crossorigin="anonymous">',
        ...[...chunkFiles(manifest, bundleSource(language)), ...(onWizard ? wizard : [])]
          .filter((file, i, all) => !index.includes(`/${file}"`) && all.indexOf(file) === i)
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ];
      // The page says its language before the app runs (screen readers, the early requests' Accept-Language).
      const page = withEarly
        .replace(/<html lang="[a-z]+"/, `<html lang="${language}"`)
        .replace('</head>', `  ${hints.join('\n    ')}\n  </head>`);
      pages.set(`${language}${onWizard}`, page);
    }
  }
  return (language, pathname = '/') => pages.get(`${language}${pathname.startsWith('/call/')}`) ?? index;
}

/** The name apps/web/entry-chunk.ts gives the wizard's chunk. */
const WIZARD_CHUNK_NAME = 'wizard';

/** A chunk's file and those of the chunks it imports, as the manifest lists them. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [entry.file, ...(entry.imports ?? []).flatMap((k) => chunkFiles(manifest, k, seen))];
}

/** The reader's own choice (the cookie), else the branding's default. */
export function pageLanguage(cookie: string | undefined, configDefault: string): TLanguage {
  if (isLanguage(cookie)) return cookie;
  return isLanguage(configDefault) ? configDefault : 'it';
}
