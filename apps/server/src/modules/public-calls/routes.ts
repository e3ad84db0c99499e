import { createHash } from 'node:crypto';
import { isLanguage, type TLanguage, ZTextLanguages } from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { requestLanguage } from '../../lib/request-language';
import { RESPONSE_FORMAT } from '../../lib/response-format';
import { LANGUAGE_COOKIE } from '../../plugins/app-page';
import { embedPolicy } from '../../plugins/security-headers';
import { atomFeed } from './atom';
import { embedPageHtml } from './embed-html';
import { callPageHtml, indexPageHtml, notFoundPageHtml } from './page-html';
import { openPublicCalls, PUBLIC_PAGE_SIZE, publicCall } from './public-calls';

const tags = ['public'];
/** `?lang=`: a language asked twice (`?lang=fr&lang=en`, a link pasted onto another) takes the first. */
const ZLangQuery = z.object({
  lang: z
    .union([z.string().max(10), z.array(z.string().max(10)).max(10)])
    .transform((lang) => (Array.isArray(lang) ? lang[0] : lang))
    .optional(),
});
/** Crawlers and link previews read these pages often; a minute of caching spares the database. */
const CACHE = 'public, max-age=60';

const ZOpenCall = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  openingAt: z.iso.datetime(),
  closingAt: z.iso.datetime(),
  url: z.string(),
  /** Name and description in the default language for a reader of another (none written in theirs). */
  textLanguages: ZTextLanguages,
});

/** The open calls' ETag: what the page depends on, and the body's format (a new release's body is a 200). */
export function openCallsTag(
  p: { version: string | number; total: number; page: number; language: TLanguage },
  format = RESPONSE_FORMAT,
): string {
  const hash = createHash('sha256').update(`${format}|${p.version}|${p.total}|${p.page}|${p.language}`);
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

/** What picks an answer's language (languageOf below), for caches between us and the reader. */
const VARY_LANGUAGE = 'accept-language, cookie';

/**
 * The calls anyone may read without signing in (docs/decisions/0038-public-call-pages.md):
 * server-rendered pages at /p/calls and /p/calls/:idOrSlug (HTML for people, crawlers and link
 * previews, no JavaScript), an Atom feed at /p/calls.atom and `GET /api/Public/OpenCalls`.
 * `lang` in the query, else the language chosen in the app (its cookie), else Accept-Language.
 */
export const publicCallRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, configCache }) => {
  // The language the visitor chose in the app (its cookie) comes before the browser's: the pages
  // link into the app with theirs, which must not override that choice.
  const languageOf = (request: {
    query: { lang?: string };
    headers: Record<string, unknown>;
    cookies: Record<string, string | undefined>;
  }): TLanguage => {
    if (request.query.lang && isLanguage(request.query.lang)) return request.query.lang;
    const chosen = request.cookies[LANGUAGE_COOKIE];
    return chosen && isLanguage(chosen) ? chosen : requestLanguage(request as never);
  };
  const site = async () => ({ name: (await configCache.get()).name || 'Impact Calls', publicUrl: config.publicUrl });

  app.get(
    '/p/calls',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The public list of open calls (HTML)', querystring: ZLangQuery },
    },
    async (request, reply) => {
      const language = languageOf(request);
      const { calls } = await openPublicCalls(db, language, 1);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', CACHE)
        .header('vary', VARY_LANGUAGE)
        .send(indexPageHtml(await site(), language, calls));
    },
  );

  // Crawlers may read the public pages; the API, the sign-in, the embed (the pages themselves are
  // the canonical copy) and the signed-in app are not theirs. Without it, /robots.txt was the app's
  // index.html, which search engines read as a broken robots file.
  app.get(
    '/robots.txt',
    { config: { access: 'public' }, schema: { tags, summary: 'What crawlers may read' } },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(
          [
            'User-agent: *',
            'Allow: /p/',
            'Disallow: /api/',
            'Disallow: /idp/',
            'Disallow: /dev/',
            'Disallow: /embed/',
            'Disallow: /admin',
            '',
          ].join('\n'),
        ),
  );

  // The one page other sites may frame: only those the active branding lists (frame-ancestors).
  const policyFor = embedPolicy({
    isProduction: config.isProduction,
    frameOrigins: config.powerBi ? [config.powerBi.embedOrigin] : [],
  });
  app.get(
    '/embed/calls',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Open and upcoming calls for an <iframe> on the sites the configuration lists (HTML)',
        querystring: ZLangQuery,
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
      const branding = await configCache.get();
      const { calls } = await openPublicCalls(db, language, 1);
      reply.removeHeader('x-frame-options');
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', policyFor(branding.embedOrigins ?? []))
        .header('cache-control', 'public, max-age=60')
        .header('vary', VARY_LANGUAGE)
        .send(
          embedPageHtml(
            {
              name: branding.name || 'Impact Calls',
              publicUrl: config.publicUrl,
              hasLogo: Boolean(branding.logoBase64),
            },
            language,
            calls,
          ),
        );
    },
  );

  app.get(
    '/p/calls.atom',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Open and upcoming public calls as an Atom feed', querystring: ZLangQuery },
    },
    async (request, reply) => {
      const language = languageOf(request);
      const { calls } = await openPublicCalls(db, language, 1);
      return reply
        .type('application/atom+xml; charset=utf-8')
        .header('cache-control', CACHE)
        .send(atomFeed(await site(), language, calls));
    },
  );

  app.get(
    '/p/calls/:key',
    {
      // Anyone may ask, signed in or not: a rate per address, as for the other anonymous pages that read the database.
      config: { access: 'public', rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "A public call's page (HTML), by id or readable slug; a draft or filtered call is 404",
        params: z.object({ key: z.string().max(200) }),
        querystring: ZLangQuery,
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
      const found = await publicCall(db, request.params.key, language);
      reply.type('text/html; charset=utf-8').header('vary', VARY_LANGUAGE);
      if (!found)
        return reply
          .status(404)
          .header('cache-control', 'no-store')
          .send(notFoundPageHtml(await site(), language));
      return reply
        .header('cache-control', CACHE)
        .send(callPageHtml(await site(), language, found.call, found.steps, found.eligibility));
    },
  );

  app.get(
    '/api/Public/OpenCalls',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Open and upcoming public calls, soonest to close first, a page of 50 (no sign-in; ETag)',
        querystring: ZLangQuery.extend({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
        response: {
          200: z.object({
            items: z.array(ZOpenCall),
            total: z.number().int(),
            page: z.number().int(),
            pageSize: z.number().int(),
          }),
          304: z.null(),
        },
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
      const { page } = request.query;
      const { calls, total, version } = await openPublicCalls(db, language, page);
      // What the page depends on: the calls' latest change and count, the page and the language.
      const etag = openCallsTag({ version, total, page, language });
      reply.header('etag', etag).header('cache-control', 'public, max-age=60').header('vary', VARY_LANGUAGE);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return {
        items: calls.map((c) => ({
          id: c.id,
          name: c.name,
          description: c.description,
          openingAt: c.openingAt.toISOString(),
          closingAt: c.closingAt.toISOString(),
          url: `${config.publicUrl}/p/calls/${c.slug}`,
          textLanguages: c.textLanguages,
        })),
        total,
        page,
        pageSize: PUBLIC_PAGE_SIZE,
      };
    },
  );
};
