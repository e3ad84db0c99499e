import { NON_PROFIT_SCREENER } from '@impact/domain';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { callScreeners, calls, steps } from '../../db/schema';
import { RESPONSE_FORMAT } from '../../lib/response-format';
import { openCallsTag } from './routes';

/** Public call pages, the feed and the open-calls API (decision 0038): read without signing in. */
describe('calls open to the world', () => {
  let t: TestApp;
  let open: Awaited<ReturnType<typeof createOpenCall>>;
  let draft: Awaited<ReturnType<typeof createOpenCall>>;
  let filtered: Awaited<ReturnType<typeof createOpenCall>>;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await signInAs(t.database.db, { email: 'admin@public.test', roles: ['admin'] });
    open = await createOpenCall(t.app, admin.headers, { name: 'Comunità che cura 2026' });
    await t.database.db
      .update(calls)
      .set({
        description: `<p>Welfare di <strong>comunità</strong>, & "vicinato" ${'x'.repeat(70)}</p>`,
        translations: { en: { name: 'Caring communities 2026', description: '<p>Community welfare</p>' } },
      })
      .where(eq(calls.id, open.id));
    await t.database.db.update(steps).set({ description: '<p>Cosa fate</p>' }).where(eq(steps.id, open.textStepId));
    draft = await createOpenCall(t.app, admin.headers, { name: 'Bozza segreta' });
    await t.database.db.update(calls).set({ draft: true }).where(eq(calls.id, draft.id));
    filtered = await createOpenCall(t.app, admin.headers, { name: 'Solo invitati', filterEmails: 'a@b.example' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes a description on one line where it is not drawn (the list, meta tags): bold leaves no space before a comma', async () => {
    const list = await get('/p/calls');
    // A long run (a pasted address) stays whole: no zero-width spaces, which only the PDF needs.
    expect(list.body).toContain(`Welfare di comunità, &amp; &quot;vicinato&quot; ${'x'.repeat(70)}`);
    const page = await get(`/p/calls/${open.id}`);
    expect(page.body).toContain(
      `<meta name="description" content="Welfare di comunità, &amp; &quot;vicinato&quot; ${'x'.repeat(70)}">`,
    );
  });

  it("a call's page is HTML for anyone, with its name in <title> and og:title, by id and by readable slug", async () => {
    const byId = await get(`/p/calls/${open.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.headers['content-type']).toContain('text/html');
    expect(byId.body).toContain('<title>Comunità che cura 2026 · ');
    expect(byId.body).toContain('<meta property="og:title" content="Comunità che cura 2026 · ');
    expect(byId.body).toContain('<html lang="it">');
    expect(byId.body).toContain('<a href="/accessibility?lang=it">Dichiarazione di accessibilità</a>');
    // The steps an applicant meets and the documents to prepare, not the forms.
    expect(byId.body).toContain('<strong>Project</strong>');
    expect(byId.body).toMatch(/Documenti da preparare/);
    // Structured data for search engines, with the dates.
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(byId.body)?.[1] ?? '{}';
    expect(JSON.parse(ld)).toMatchObject({ '@type': 'Event', name: 'Comunità che cura 2026' });
    // The closing moment in the funder's zone, named (the app shows the reader's own): never bare UTC.
    const closes = /<dt>Chiusura<\/dt><dd><time datetime="([^"]+)">([^<]+)<\/time>/.exec(byId.body);
    expect(closes?.[2]).toMatch(/ alle ore \d{2}:\d{2} CES?T$/);
    const closing = new Date(closes?.[1] ?? '');
    const romeHour = new Intl.DateTimeFormat('it-IT', { hour: '2-digit', timeZone: 'Europe/Rome' }).format(closing);
    expect(closes?.[2]).toContain(` ${romeHour}:`);
    expect(byId.body).toContain('hreflang="en"');
    const bySlug = await get('/p/calls/comunita-che-cura-2026');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.body).toContain('<title>Comunità che cura 2026 · ');
    // In English when asked, from the call's translation.
    const english = await get('/p/calls/comunita-che-cura-2026?lang=en');
    expect(english.body).toContain('<title>Caring communities 2026 · ');
    expect(english.body).toContain('<html lang="en">');
    // Into the app in the language read here: it keeps it as the visitor's choice.
    // …and to this call: the list finds its card after sign-in.
    expect(english.body).toContain(`<a class="apply" href="/calls?lang=en&amp;call=${open.id}">`);
    expect(english.body).toContain('<a href="/accessibility?lang=en">');
    expect((await get('/p/calls/comunita-che-cura-2026', { 'accept-language': 'fr' })).body).toContain(
      '<html lang="fr">',
    );
    // The language chosen in the app comes before the browser's (its links into the app carry it).
    const chosen = await get('/p/calls/comunita-che-cura-2026', { 'accept-language': 'en', cookie: 'ic_language=fr' });
    expect(chosen.body).toContain('<html lang="fr">');
    expect(chosen.headers.vary).toContain('cookie');
  });

  it('marks every text shown in Italian to a reader of another language as Italian, and only those', async () => {
    // English: the call's name and description are translated, its steps are not.
    const english = (await get('/p/calls/comunita-che-cura-2026?lang=en')).body;
    expect(english).toContain('<h1>Caring communities 2026</h1>');
    expect(english).toContain('<div class="card"><p>Community welfare</p></div>');
    expect(english).toContain('<strong lang="it">Project</strong>');
    expect(english).toContain('<div lang="it"><p>Cosa fate</p></div>');
    // French: nothing written in French, so all of it is marked.
    const french = (await get('/p/calls/comunita-che-cura-2026?lang=fr')).body;
    expect(french).toContain('<h1 lang="it">Comunità che cura 2026</h1>');
    expect(french).toContain('<div class="card" lang="it">');
    const index = (await get('/p/calls?lang=fr')).body;
    // The list offers the other languages, as each call's page does.
    expect(index).toContain('<a href="/p/calls?lang=en" hreflang="en" lang="en">English</a>');
    expect(index).toContain('<a class="apply" href="/calls?lang=fr">');
    expect(index).toMatch(
      /<a href="\/p\/calls\/comunita-che-cura-2026\?lang=fr" lang="it">Comunità che cura 2026<\/a>/,
    );
    const feed = (await get('/p/calls.atom?lang=fr')).body;
    expect(feed).toContain('<title xml:lang="it">Comunità che cura 2026</title>');
    expect((await get('/p/calls.atom?lang=en')).body).toContain('<title>Caring communities 2026</title>');
    const embed = (await get('/embed/calls?lang=fr')).body;
    expect(embed).toMatch(/target="_top" lang="it">Comunità che cura 2026<\/a>/);
    // Italian: the page's own language, no marks.
    const italian = (await get('/p/calls/comunita-che-cura-2026?lang=it')).body;
    expect(italian).not.toMatch(/<(?!html)[a-z0-9]+[^>]* lang="it"/);
    expect(french).toMatch(/<(?!html)[a-z0-9]+[^>]* lang="it"/);
    // The JSON list says the same, for sites that show it.
    const items = (await get('/api/Public/OpenCalls?lang=fr')).json().items as Array<{
      id: string;
      textLanguages: Record<string, string>;
    }>;
    expect(items.find((c) => c.id === open.id)?.textLanguages).toEqual({ name: 'it', description: 'it' });
    const itemsEn = (await get('/api/Public/OpenCalls?lang=en')).json().items as typeof items;
    expect(itemsEn.find((c) => c.id === open.id)?.textLanguages).toEqual({});
  });

  it('a second stage is shown apart, as by invitation', async () => {
    const before = await get(`/p/calls/${open.id}`);
    expect(before.body).not.toContain('Seconda fase, su invito');
    await t.database.db.update(steps).set({ stage: 2 }).where(eq(steps.id, open.uploadStepId));
    try {
      const page = (await get(`/p/calls/${open.id}`)).body;
      const second = page.indexOf('Seconda fase, su invito');
      expect(second).toBeGreaterThan(-1);
      // The documents step comes after the heading of the second stage, the project before it.
      expect(page.indexOf('<strong>Documents</strong>')).toBeGreaterThan(second);
      expect(page.indexOf('<strong>Project</strong>')).toBeLessThan(second);
    } finally {
      await t.database.db.update(steps).set({ stage: 1 }).where(eq(steps.id, open.uploadStepId));
    }
  });

  it('says who can apply when the call has an eligibility check: its conditions, not its questions', async () => {
    expect((await get(`/p/calls/${open.id}?lang=en`)).body).not.toContain('Who can apply');
    await t.database.db.insert(callScreeners).values({
      callId: open.id,
      model: JSON.stringify(NON_PROFIT_SCREENER.model),
      rules: [
        NON_PROFIT_SCREENER.rule,
        { expression: "{org.country} != 'IT'", message: { it: 'Solo con sede in Italia.', en: '', fr: '' } },
        { expression: "{org.country} = 'SM'", message: { it: 'Solo con sede in Italia.', en: '', fr: '' } },
      ],
    });
    try {
      const page = (await get(`/p/calls/${open.id}?lang=en`)).body;
      expect(page).toContain('<h2>Who can apply</h2>');
      expect(page).toContain('<li>The call is open to non-profit organizations only.</li>');
      // No English written: the Italian, marked as such.
      expect(page).toContain('<li lang="it">Solo con sede in Italia.</li>');
      // Two rules with the same words are said once.
      expect(page.split('Solo con sede in Italia.')).toHaveLength(2);
      expect(page).not.toContain('org.country');
      expect(page).not.toContain(NON_PROFIT_SCREENER.rule.expression);
      expect((await get(`/p/calls/${open.id}?lang=it`)).body).toContain('<h2>Chi può candidarsi</h2>');
      // A language asked twice (a link pasted onto another) takes the first, not a 400.
      const twice = await get(`/p/calls/${open.id}?lang=it&lang=en`);
      expect(twice.statusCode).toBe(200);
      expect(twice.body).toContain('<h2>Chi può candidarsi</h2>');
    } finally {
      await t.database.db.delete(callScreeners).where(eq(callScreeners.callId, open.id));
    }
  });

  it('a draft, a call for listed addresses and an unknown call are 404, in a page that says so', async () => {
    for (const key of [draft.id, filtered.id, 'bozza-segreta', 'solo-invitati', 'nessun-bando']) {
      const res = await get(`/p/calls/${key}`);
      expect(res.statusCode, key).toBe(404);
      expect(res.body).toContain('Bando non trovato');
      expect(res.body).not.toContain('Bozza segreta');
    }
  });

  it("one address may ask for 300 calls' pages a minute; the next is 429 with Retry-After", async () => {
    const ask = () => t.app.inject({ url: '/p/calls/nessun-bando', remoteAddress: '10.3.3.3' });
    for (let i = 0; i < 300; i++) expect((await ask()).statusCode).toBe(404);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/p/calls/nessun-bando', remoteAddress: '10.3.3.4' })).statusCode).toBe(404);
  });

  it('the index and the Atom feed list the public calls only; the feed is well-formed RFC 4287', async () => {
    const index = await get('/p/calls');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('Comunità che cura 2026');
    expect(index.body).not.toContain('Bozza segreta');
    expect(index.body).not.toContain('Solo invitati');

    const feed = await get('/p/calls.atom');
    expect(feed.headers['content-type']).toContain('application/atom+xml');
    expect(XMLValidator.validate(feed.body)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(feed.body);
    expect(parsed.feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    for (const field of ['id', 'title', 'updated', 'link']) expect(parsed.feed[field], field).toBeDefined();
    const entries = [parsed.feed.entry].flat();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: `urn:uuid:${open.id}`, title: 'Comunità che cura 2026' });
    expect(Date.parse(entries[0].updated)).not.toBeNaN();
    // The description's markup travels as escaped text, and comes back as it was.
    expect(entries[0].summary['#text']).toContain('<strong>comunità</strong>');
  });

  it('GET Public/OpenCalls answers JSON without sign-in, with an ETag that a change of a call renews', async () => {
    const first = await get('/api/Public/OpenCalls');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 1, page: 1, items: [{ id: open.id, name: 'Comunità che cura 2026' }] });
    const etag = String(first.headers.etag);
    expect((await get('/api/Public/OpenCalls', { 'if-none-match': etag })).statusCode).toBe(304);
    await t.database.db
      .update(calls)
      .set({ name: 'Comunità che cura 2026 (rinnovato)', updatedAt: new Date() })
      .where(eq(calls.id, open.id));
    const changed = await get('/api/Public/OpenCalls', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().items[0].name).toBe('Comunità che cura 2026 (rinnovato)');
  });

  it('the open calls’ tag names the body’s format: a release that changes the body changes the tag', () => {
    const page = { version: '2026-11-28T10:00:00.000Z', total: 3, page: 1, language: 'fr' as const };
    expect(openCallsTag(page)).toBe(openCallsTag(page, RESPONSE_FORMAT));
    expect(openCallsTag(page, RESPONSE_FORMAT - 1)).not.toBe(openCallsTag(page));
  });
});
