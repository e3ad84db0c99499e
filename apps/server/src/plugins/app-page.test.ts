import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { pageLanguage } from './app-page';

/** The page hints the branding and the reader's language texts, so neither waits for the scripts. */
describe('the page sent to the browser', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ic-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="it"><head><meta charset="UTF-8" /><script type="module" src="/assets/index-1.js"></script>' +
        '<link rel="modulepreload" href="/assets/shared-1.js"></head><body><div id="root"></div></body></html>',
    );
    fs.mkdirSync(path.join(dist, '.vite'));
    const bundle = (lang: string) => ({ file: `assets/${lang}-1.js`, imports: ['_merge.js', '_shared.js'] });
    fs.writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/lib/i18n/bundles/it.ts': bundle('it'),
        'src/lib/i18n/bundles/en.ts': bundle('en'),
        'src/lib/i18n/bundles/fr.ts': bundle('fr'),
        '_merge.js': { file: 'assets/merge-1.js' },
        'src/boot/early-requests.ts': { file: 'assets/early-requests-1.js', isEntry: true },
        '_wizard-1.js': { file: 'assets/wizard-1.js', name: 'wizard', imports: ['_dialogs-1.js', '_shared.js'] },
        '_dialogs-1.js': { file: 'assets/dialogs-1.js', name: 'dialogs' },
        '_shared.js': { file: 'assets/shared-1.js' },
      }),
    );
    t = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const preloads = (html: string) =>
    [...html.matchAll(/rel="(?:module)?preload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

  it('preloads the branding and the default language texts (with what they import, not what the page already loads)', async () => {
    const res = await t.app.inject({ url: '/calls', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toContain('cookie');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(preloads(res.body)).toEqual([
      '/assets/shared-1.js',
      '/api/Config/GetConfig',
      '/assets/it-1.js',
      '/assets/merge-1.js',
    ]);
    expect(res.body).toContain('as="fetch" crossorigin="anonymous"');
  });

  it("fetches the wizard's chunks with the entry on the wizard's pages only", async () => {
    const wizard = await t.app.inject({ url: '/call/3f1c2a4e-0000-4000-8000-000000000000/0/0' });
    expect(preloads(wizard.body)).toEqual(expect.arrayContaining(['/assets/wizard-1.js', '/assets/dialogs-1.js']));
    expect(preloads(wizard.body).filter((p) => p === '/assets/shared-1.js')).toHaveLength(1);
    const calls = await t.app.inject({ url: '/calls' });
    expect(preloads(calls.body)).not.toContain('/assets/wizard-1.js');
  });

  it("starts with the script that makes a signed-in visit's first requests (apps/web/src/boot/early-requests.ts)", async () => {
    const res = await t.app.inject({ url: '/calls', headers: { accept: 'text/html' } });
    const head = res.body.slice(res.body.indexOf('<head>'), res.body.indexOf('</head>'));
    expect(head.match(/<script[^>]*>/)?.[0]).toBe('<script type="module" async src="/assets/early-requests-1.js">');
  });

  it("preloads the reader's chosen language instead, and ignores a cookie that is no language", async () => {
    const fr = await t.app.inject({ url: '/', headers: { cookie: 'ic_language=fr' } });
    expect(preloads(fr.body)).toContain('/assets/fr-1.js');
    expect(preloads(fr.body)).not.toContain('/assets/it-1.js');
    // And says so: the page's first requests speak the reader's language before the app runs.
    expect(fr.body).toContain('<html lang="fr">');
    const odd = await t.app.inject({ url: '/', headers: { cookie: 'ic_language=<script>' } });
    expect(odd.body).toContain('<html lang="it">');
    expect(preloads(odd.body)).toContain('/assets/it-1.js');
    expect(odd.body).not.toContain('<script>"');
  });

  it("does not serve the build's manifest", async () => {
    const res = await t.app.inject({ url: '/.vite/manifest.json', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
  });

  it('takes the branding default when the reader chose nothing', () => {
    expect(pageLanguage(undefined, 'en')).toBe('en');
    expect(pageLanguage('fr', 'en')).toBe('fr');
    expect(pageLanguage('de', 'xx')).toBe('it');
  });
});
