import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { CookieJar } from '../../../test/cookie-jar';

const HOST = { host: 'localhost:3000' };

/** WCAG 2.2 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
};
const full = (hex: string) => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex);

/**
 * Every text colour of the provider's pages reaches 4.5:1 (WCAG 1.4.3) on the surface it is
 * written on: its rule's own background, or else the card (white) and the page (#f8f9fa). The
 * password hint of the registration form was #868e96, 3.3:1.
 */
describe('the identity provider pages: text contrast', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('the registration form, hint included, has no text colour under 4.5:1', async () => {
    const jar = new CookieJar();
    const start = jar.store(await t.app.inject({ url: '/api/Auth/Login?register=true&lang=en', headers: HOST }));
    const authorize = new URL(String(start.headers.location));
    const interaction = jar.store(
      await t.app.inject({ url: `${authorize.pathname}${authorize.search}`, headers: { ...HOST, ...jar.header() } }),
    );
    const page = await t.app.inject({
      url: String(interaction.headers.location),
      headers: { ...HOST, ...jar.header() },
    });
    expect(page.body).toContain('class="hint"');
    const style = /<style[^>]*>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? '';
    const rules = [...style.matchAll(/([^{}]+)\{([^}]*)\}/g)].map(([, selector, body]) => ({
      selector: (selector ?? '').trim(),
      color: /(?:^|;)color:(#[0-9a-f]{3,6})/i.exec(body ?? '')?.[1],
      background: /(?:^|;)background:(#[0-9a-f]{3,6})/i.exec(body ?? '')?.[1],
    }));
    const texts = rules.filter((r) => r.color);
    expect(texts.map((r) => r.selector)).toContain('.hint');
    const tooFaint = texts.flatMap((r) =>
      (r.background ? [r.background] : ['#ffffff', '#f8f9fa'])
        .map((surface) => ({ rule: r.selector, ratio: contrast(full(r.color ?? ''), full(surface)), surface }))
        .filter((x) => x.ratio < 4.5),
    );
    expect(tooFaint).toEqual([]);
  });
});
